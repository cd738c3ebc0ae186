// Graceful shutdown of the HTTP side: a stopping process takes no new connections, lets the
// requests it is answering finish (up to a grace period), and closes each kept-alive connection as
// soon as it is idle, so a load balancer moves its clients to the other processes without a cut
// request. Long-lived realtime connections (socket.io's long polls, upgraded WebSockets) are not
// waited for: the realtime layer closes them with codes that tell clients to reconnect elsewhere.
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http'

/** socket.io's long polls are held open on purpose; they end when socket.io closes. */
const LONG_LIVED = /^\/socket\.io\//

export interface RequestDrain {
  /** Requests being answered now (long polls excepted). */
  inFlight(): number
  /**
   * Stops accepting connections and resolves once every request in flight has been answered, or
   * when `graceMs` has passed (then the rest are cut). Idle kept-alive connections close at once,
   * busy ones right after their answer.
   */
  drain(graceMs: number): Promise<{ cut: number }>
}

export function trackRequests(server: HttpServer): RequestDrain {
  const inFlight = new Set<ServerResponse>()
  let draining = false
  // A client told nothing keeps its connection for the next request: tell it to go elsewhere.
  const closeAfter = (response: ServerResponse) => {
    if (!response.headersSent) response.setHeader('Connection', 'close')
  }
  // First among the listeners, so the header below is set before any handler answers.
  server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    if (LONG_LIVED.test(request.url ?? '')) return
    inFlight.add(response)
    if (draining) closeAfter(response)
    response.once('close', () => {
      inFlight.delete(response)
      if (draining) server.closeIdleConnections()
    })
  })
  return {
    inFlight: () => inFlight.size,
    async drain(graceMs) {
      draining = true
      inFlight.forEach(closeAfter)
      server.close()
      server.closeIdleConnections()
      const deadline = Date.now() + graceMs
      while (inFlight.size > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50))
        server.closeIdleConnections()
      }
      return { cut: inFlight.size }
    },
  }
}
