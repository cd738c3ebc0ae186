// The portal's HTTP side in Express: security headers on every answer, compression, the address
// check, /healthz and /readyz, resumable uploads, the JSON API, signed file addresses, the PDF viewer, the
// Remix pages (behind the check of their forms' bodies), and the last handler that turns an escaped
// error into a plain 500.
import { createApiRouter } from '#app/api/router.server'
import type { Env } from '#app/env.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { PDF_VIEWER_PATH } from '#app/platform/pdf-viewer'
import type { ServerBuild } from '@remix-run/node'
import compression from 'compression'
import express from 'express'
import { refuseControlCharactersInAddress } from '#app/infra/address-text.server'
import { accessLog } from '#app/infra/access-log.server'
import type { Metrics } from '#app/infra/metrics.server'
import { serveBlobs } from '#app/infra/blob-route.server'
import { logEvent, reportError } from '#app/infra/error-reporting.server'
import { servePages } from '#app/infra/page-requests.server'
import { servePdfViewer } from '#app/infra/pdf-viewer-route.server'
import { readiness, type ReadinessCheck } from '#app/infra/readiness.server'
import { buildRouteTablesOnce } from '#app/infra/route-tables.server'
import {
  PERMISSIONS_POLICY,
  STRICT_TRANSPORT_SECURITY,
  contentSecurityPolicy,
  newNonce,
} from '#app/infra/security-headers.server'
import { TUS_PATH, serveTus } from './tus-route.server'

export interface HttpAppOptions {
  deps: ServiceDeps
  env: Env
  secret: string
  remixBuild?: ServerBuild
  /** Stops what the app started (the tus server), run when the portal closes. */
  started: (() => Promise<void>)[]
  /** /metrics (docs/decisions/186). */
  metrics: Metrics
  /** What /readyz asks, and whether the process is stopping (then it is not ready). */
  readiness: { checks: readonly ReadinessCheck[]; stopping: () => boolean }
}

export function createHttpApp({
  deps,
  env,
  secret,
  remixBuild: build,
  started,
  metrics,
  readiness: ready,
}: HttpAppOptions) {
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', env.TRUST_PROXY)
  const servedOverTls = env.APP_URL?.startsWith('https://') ?? false
  const recaptcha = Boolean(env.RECAPTCHA_SITE_KEY && env.RECAPTCHA_SECRET_KEY)
  // First: every later line of the request carries its id.
  app.use(accessLog({ enabled: env.ACCESS_LOG ?? env.NODE_ENV !== 'test', observe: metrics.observeRequest }))
  app.use((req, res, next) => {
    // A fresh nonce per response: Remix's inline scripts carry it (app/entry.server.tsx).
    const nonce = newNonce()
    res.locals.cspNonce = nonce
    res.setHeader('Content-Security-Policy', contentSecurityPolicy({ nonce, recaptcha }))
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY)
    if (servedOverTls || req.secure) res.setHeader('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY)
    res.setHeader('X-Content-Type-Options', 'nosniff')
    res.setHeader('Referrer-Policy', 'same-origin')
    res.setHeader('X-Frame-Options', 'SAMEORIGIN')
    next()
  })
  // Socket.io and Yjs upgrades bypass Express; pages, assets and JSON are compressed.
  app.use(compression())
  app.use(refuseControlCharactersInAddress)
  app.get('/metrics', metrics.serve)
  app.get('/healthz', (_req, res) => {
    res.json({ ok: true })
  })
  app.get('/readyz', (_req, res, next) => {
    readiness(ready.checks, { stopping: ready.stopping() })
      .then((answer) => {
        for (const { name, message } of answer.failures) logEvent('warn', 'not ready', { check: name, message })
        res.status(answer.status).set('Cache-Control', 'no-store').json(answer.body)
      })
      .catch(next)
  })
  const tus = serveTus(deps)
  started.push(() => Promise.resolve(tus.close()))
  app.use(TUS_PATH, tus.router)
  app.use('/api', createApiRouter(deps))
  app.use('/blobs', serveBlobs(deps))
  app.use(PDF_VIEWER_PATH, servePdfViewer())
  if (build) {
    buildRouteTablesOnce()
    // public/ holds only the browser build; a static handler for all of it would look on disk for
    // every page's address first.
    app.use('/build', express.static('public/build', { immutable: true, maxAge: '1y' }))
    app.all(
      '*',
      servePages({
        build,
        getLoadContext: (req, res) => ({
          deps,
          sessionSecret: secret,
          secureCookies: servedOverTls || req.secure,
          clientIp: req.ip,
          // Remix strips `_data` from the URL loaders see; client-side data requests carry it.
          isDataRequest: typeof req.query._data === 'string',
          cspNonce: res.locals.cspNonce as string,
          memo: new Map(),
        }),
      }),
    )
  }

  // Anything that escaped a handler: logged and reported, and a plain 500 for the client.
  app.use((error: unknown, req: express.Request, res: express.Response, next: express.NextFunction) => {
    // Express and its parsers mark the client's own mistakes (an undecodable path, a bad body)
    // with a 4xx status: that is a refusal, not a failure of ours.
    const status = (error as { status?: unknown } | null)?.status
    if (typeof status === 'number' && status >= 400 && status < 500 && !res.headersSent) {
      res.status(status).json({ error: { type: 'ValidationError', message: 'The request is malformed.' } })
      return
    }
    reportError(error, { msg: 'request failure', path: req.originalUrl, method: req.method })
    if (res.headersSent) return next(error)
    res.status(500).json({ error: { type: 'UnexpectedError', message: 'There is a system error, try again later.' } })
  })

  return { app, closeTus: () => tus.close() }
}
