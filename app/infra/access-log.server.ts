// One line per request, and an id that ties a request's lines together (issue 45): the id comes
// from the proxy's X-Request-Id when it sends a plausible one, else is made here; it is answered
// in X-Request-Id and carried by every line logEvent writes while the request runs. The access
// line says the method, the route (the path with its ids and tokens as :id, no query string: a
// signed address's signature stays out of the log), the status and the time taken. The browser
// build's files are not logged (immutable, many per page).
import { randomBytes } from 'node:crypto'
import type { NextFunction, Request, Response } from 'express'
import { logEvent, requestContext } from './error-reporting.server'

const GIVEN_ID = /^[A-Za-z0-9._:-]{8,64}$/

/** A path segment that names a record or carries a token, rather than a place of the portal. */
const VARIABLE_SEGMENT = /^(?=.*\d)[A-Za-z0-9_.-]{8,}$|^[A-Za-z0-9_.-]{24,}$/

/** The path as a route: ids and tokens as :id, the query left out. */
export function routeOf(path: string): string {
  return (
    path
      .split('?')[0]!
      .split('/')
      .map((segment) => (VARIABLE_SEGMENT.test(segment) ? ':id' : segment))
      .join('/')
      .slice(0, 200) || '/'
  )
}

export function requestIdOf(given: string | undefined): string {
  return given && GIVEN_ID.test(given) ? given : randomBytes(8).toString('hex')
}

export function accessLog(options: {
  enabled: boolean
  /** Told of each answered request, logged or not (/metrics). */
  observe?: (method: string, route: string, status: number, seconds: number) => void
}) {
  return (req: Request, res: Response, next: NextFunction) => {
    const requestId = requestIdOf(req.get('x-request-id'))
    res.setHeader('X-Request-Id', requestId)
    if ((options.enabled || options.observe) && !req.path.startsWith('/build/')) {
      const began = performance.now()
      let logged = false
      const line = () => {
        if (logged) return
        logged = true
        const route = routeOf(req.originalUrl)
        options.observe?.(req.method, route, res.statusCode, (performance.now() - began) / 1000)
        if (!options.enabled) return
        requestContext.run({ requestId }, () =>
          logEvent('info', 'request', {
            method: req.method,
            route,
            status: res.statusCode,
            ms: Math.round((performance.now() - began) * 10) / 10,
            // Closed before the answer was complete: the client went away, or the answer was cut.
            ...(!res.writableFinished && { aborted: true }),
          }),
        )
      }
      res.once('finish', line)
      res.once('close', line)
    }
    requestContext.run({ requestId }, next)
  }
}
