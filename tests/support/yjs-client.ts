// A y-websocket client for Node with the portal's session cookie, as a browser would send it.
import WebSocket from 'ws'
import * as Y from 'yjs'
import { WebsocketProvider } from 'y-websocket'

export function cookieWebSocket(cookie?: string) {
  return class CookieWebSocket extends WebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols, { headers: cookie ? { cookie } : {} })
    }
  }
}

export function connectYjs(port: number, docName: string, cookie?: string) {
  const doc = new Y.Doc()
  const provider = new WebsocketProvider(`ws://127.0.0.1:${port}/yjs`, docName, doc, {
    WebSocketPolyfill: cookieWebSocket(cookie) as unknown as typeof globalThis.WebSocket,
    disableBc: true,
    maxBackoffTime: 200,
  })
  const destroy = () => {
    provider.destroy()
    // The document's presence (awareness) keeps a timer that would keep the process alive.
    doc.destroy()
  }
  return { doc, provider, destroy }
}

/** Opens a raw WebSocket and tells whether the server accepted the upgrade. */
export function tryUpgrade(
  port: number,
  docName: string,
  cookie?: string,
): Promise<{ opened: boolean; status?: number }> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/yjs/${docName}`, { headers: cookie ? { cookie } : {} })
    socket.on('open', () => {
      socket.close()
      resolve({ opened: true })
    })
    socket.on('unexpected-response', (_request, response) => {
      resolve({ opened: false, status: response.statusCode })
      socket.terminate()
    })
    socket.on('error', () => resolve({ opened: false }))
  })
}

/** An empty sync step 2: "I lack nothing of yours", as a client with no changes answers. */
const EMPTY_SYNC_STEP_2 = new Uint8Array([0, 1, 2, 0, 0])

/**
 * Makes a raw test connection answer the server's sync step 1 as every y-websocket client does:
 * the server closes a connection that stays silent when asked (realtime/yjs/shared-doc.ts).
 */
export function answerSyncSteps(ws: WebSocket): WebSocket {
  ws.on('message', (data: Buffer) => {
    if (data[0] === 0 && data[1] === 0) ws.send(EMPTY_SYNC_STEP_2)
  })
  return ws
}
