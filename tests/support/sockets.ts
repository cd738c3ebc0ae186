// socket.io clients of the integration tests, opened as a browser tab opens them: to a portal on
// loopback, with the session cookie in the handshake, over WebSocket only and never reconnecting.
// Every socket opened here is closed for the test: one opened in a test (or its beforeEach) after
// that test, one opened outside a test (a beforeAll) after the file. The hooks that close them are
// registered for each file by tests/support/close-sockets.ts, a setup file: files share this
// module per worker, so hooks written here would run in the first file only.
import { io as connectSocket, type Socket } from 'socket.io-client'
import { EVENTS } from '#app/platform/protocol'
import { within } from '#tests/support/portal'

let inTest = false
const ofTest: Socket[] = []
const ofFile: Socket[] = []
const closeAll = (sockets: Socket[]) => sockets.splice(0).forEach((socket) => socket.disconnect())

/** From now on, sockets opened belong to the running test. */
export function testStarted() {
  inTest = true
}

/** Closes the sockets the test opened. */
export function testEnded() {
  inTest = false
  closeAll(ofTest)
}

/** Closes the sockets opened outside a test, in the file's beforeAll. */
export function fileEnded() {
  closeAll(ofFile)
}

/**
 * A socket to the portal on this port, with this session cookie (none: no session) and any other
 * headers of the handshake (an Origin); connecting, not waited for.
 */
export function socketTo(port: number, cookie?: string, headers: Record<string, string> = {}): Socket {
  const socket = connectSocket(`http://127.0.0.1:${port}`, {
    transports: ['websocket'],
    extraHeaders: { ...(cookie ? { cookie } : {}), ...headers },
    reconnection: false,
  })
  ;(inTest ? ofTest : ofFile).push(socket)
  socket.on(EVENTS.ready, () => ready.add(socket))
  return socket
}

/** Sockets the server has told that their own rooms are joined (EVENTS.ready). */
const ready = new WeakSet<Socket>()

/**
 * The socket once connected and its rooms joined (the server's EVENTS.ready: before it, a message
 * to one of its chats could pass it by); rejected with the server's refusal (its connect error,
 * whose message names the error type) when the handshake is refused. With a time limit, rejected
 * once it passes.
 */
export function connected(socket: Socket, timeoutMs?: number): Promise<Socket> {
  const settled = new Promise<Socket>((resolve, reject) => {
    if (socket.connected && ready.has(socket)) return resolve(socket)
    socket.once(EVENTS.ready, () => resolve(socket))
    socket.once('connect_error', reject)
  })
  return timeoutMs === undefined ? settled : within(settled, timeoutMs, 'the socket to connect')
}

/** A socket to the portal on this port with this session cookie, connected (or the refusal). */
export function openSocket(port: number, cookie: string): Promise<Socket> {
  return connected(socketTo(port, cookie))
}

/** The first argument of the socket's next such event, within the time limit. */
export function nextEvent<T>(socket: Socket, event: string, timeoutMs: number, what: string): Promise<T> {
  return within(new Promise<T>((resolve) => socket.once(event, resolve)), timeoutMs, what)
}

/** Every payload of this event the socket hears from now on, in order. */
export function collect<T>(socket: Socket, event: string): T[] {
  const seen: T[] = []
  socket.on(event, (payload: T) => seen.push(payload))
  return seen
}
