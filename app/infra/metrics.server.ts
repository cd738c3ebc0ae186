// /metrics in Prometheus's text format (prom-client), behind a token (METRICS_TOKEN: the scraper
// sends `Authorization: Bearer <token>`; unset, /metrics does not exist): request durations by
// route, the process's own figures (event-loop delay, memory, CPU, handles), open sockets and Yjs
// documents, and the database pool. docs/decisions/186.
import { timingSafeEqual } from 'node:crypto'
import type { NextFunction, Request, Response } from 'express'
import client from 'prom-client'

export interface MetricsSources {
  /** socket.io clients connected to this process. */
  sockets(): number
  /** Yjs documents open on this process and the connections to them. */
  yjs(): { documents: number; connections: number }
  /** The database pool: connections open, idle, and requests waiting for one. */
  pool(): { total: number; idle: number; waiting: number }
}

export interface Metrics {
  /** One answered request: its route (as the access line writes it), status and time. */
  observeRequest(method: string, route: string, status: number, seconds: number): void
  /** The /metrics handler. */
  serve(req: Request, res: Response, next: NextFunction): void
}

/** Routes of requests answered 404 are one label: an address an attacker makes up is not a series. */
const UNMATCHED = 'unmatched'

export function createMetrics(token: string | undefined, sources: () => MetricsSources | null): Metrics {
  const registry = new client.Registry()
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 })
  const requests = new client.Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  })
  const gauge = (name: string, help: string, read: (from: MetricsSources) => number) =>
    new client.Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const from = sources()
        if (from) this.set(read(from))
      },
    })
  gauge('portal_socketio_clients', 'socket.io clients connected to this process.', (from) => from.sockets())
  gauge('portal_yjs_documents', 'Yjs documents open on this process.', (from) => from.yjs().documents)
  gauge('portal_yjs_connections', 'Yjs connections to this process.', (from) => from.yjs().connections)
  gauge('portal_db_pool_connections', 'Database connections the pool holds.', (from) => from.pool().total)
  gauge('portal_db_pool_idle', 'Database connections idle in the pool.', (from) => from.pool().idle)
  gauge('portal_db_pool_waiting', 'Queries waiting for a database connection.', (from) => from.pool().waiting)

  const expected = token ? Buffer.from(`Bearer ${token}`) : null
  const allowed = (header: string | undefined) => {
    if (!expected || !header) return false
    const given = Buffer.from(header)
    return given.length === expected.length && timingSafeEqual(given, expected)
  }
  return {
    observeRequest(method, route, status, seconds) {
      requests.observe({ method, route: status === 404 ? UNMATCHED : route, status: String(status) }, seconds)
    },
    serve(req, res, next) {
      // Without a token the address is a page like any other (none: it answers 404).
      if (!expected) return next()
      res.setHeader('Cache-Control', 'no-store')
      if (!allowed(req.get('authorization'))) {
        res
          .status(401)
          .json({ error: { type: 'AuthInvalidSession', message: 'Send the metrics token: Authorization: Bearer …' } })
        return
      }
      registry
        .metrics()
        .then((text) => res.setHeader('Content-Type', registry.contentType).send(text))
        .catch(next)
    },
  }
}
