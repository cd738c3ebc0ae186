// The JSON API of the spec's call tables: /api/{kind}/model/{key}, /api/{kind}/query/{name},
// /api/{kind}/method/{name}. Success is `{data}`, failure `{error:{type,message}}` with a fitting
// status. Handlers are thin: authenticate, then call the same services the pages call.
import { pipeline } from 'node:stream/promises'
import express, { type Request, type Response, type Router } from 'express'
import { AppError, isAppError } from '#app/platform/errors'
import { reportError } from '#app/infra/error-reporting.server'
import { actorFromCredential, readCredential } from '#app/features/identity/session-reader.server'
import { FileReply, PagedReply, type Endpoint, type Verb } from '#app/platform/api/endpoint.server'
import { forbiddenKeyPath } from '#app/platform/api/body'
import { forbiddenTextPath, TEXT_REFUSED } from '#app/platform/text-rule'
import { endpoints } from './endpoints/index.server'
import { OPENAPI_PATH, REFERENCE_PATH, openApiDocument, referencePage } from './openapi.server'
import { portalVersion } from '#app/infra/portal-version.server'
import type { ServiceDeps } from '#app/platform/context.server'
import type { Actor } from '#app/platform/access/actor'

async function authenticate(deps: ServiceDeps, req: Request, endpoint: Endpoint): Promise<Actor> {
  const credential = readCredential(req.headers, { bearer: true })
  // A cookie-authenticated write must come from our own pages (docs/decisions/006).
  if (credential?.kind === 'cookie' && (req.method !== 'GET' || endpoint.changesState) && !isSameOrigin(req, deps)) {
    throw new AppError('PermissionError', 'Cross-site request refused.')
  }
  return actorFromCredential(deps, credential)
}

/**
 * Whether a cookie-carrying request comes from our own pages. Browsers send Sec-Fetch-Site; an
 * older one sends only Origin, which must then be the portal's own (APP_URL, or the Host it
 * was asked at). A request with neither is not from a browser, so no cookie rode along unasked.
 */
export function isSameOrigin(req: Request, deps: ServiceDeps): boolean {
  const site = req.headers['sec-fetch-site']
  if (site) return site === 'same-origin' || site === 'none'
  const origin = req.headers.origin
  if (!origin) return true
  try {
    const from = new URL(origin)
    return from.origin === new URL(deps.appUrl).origin || from.host === req.headers.host
  } catch {
    return false // "null" (a sandboxed frame, a redirect chain) or garbage
  }
}

function matchEndpoint(verb: string, segments: string[]): { endpoint?: Endpoint; key?: string; allowed: Verb[] } {
  const allowed: Verb[] = []
  for (const endpoint of endpoints) {
    const pattern = endpoint.path.split('/')
    if (pattern.length !== segments.length) continue
    let key: string | undefined
    const matches = pattern.every((part, i) => {
      if (part === ':key') {
        key = segments[i]
        return Boolean(key)
      }
      return part === segments[i]
    })
    if (!matches) continue
    allowed.push(endpoint.verb)
    if (endpoint.verb === verb) return { endpoint, key, allowed }
  }
  return { allowed }
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    throw new AppError('ValidationError', `path: malformed segment "${segment}".`)
  }
}

/**
 * Query parameters as plain strings. Express parses `?a=1&a=2` into an array and `?a[b]=1` into an
 * object; no endpoint takes either, so they are refused rather than turned into "1,2" or
 * "[object Object]".
 */
function singleValuedQuery(query: Request['query']): Record<string, string> {
  const result: Record<string, string> = Object.create(null) as Record<string, string>
  for (const [name, value] of Object.entries(query)) {
    if (typeof value !== 'string') throw new AppError('ValidationError', `${name}: give one value.`)
    result[name] = value
  }
  return result
}

/** `attachment` with the name as ASCII and, for other letters, in RFC 5987 form. */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`
}

function sendError(res: Response, error: unknown) {
  // A download that failed after its first bytes cannot change its answer any more.
  if (res.headersSent) {
    res.destroy()
    return
  }
  if (isAppError(error)) {
    res.status(error.status).json({ error: { type: error.type, message: error.message } })
    return
  }
  reportError(error, { msg: 'api failure', path: res.req.originalUrl, method: res.req.method })
  res.status(500).json({ error: { type: 'UnexpectedError', message: 'There is a system error, try again later.' } })
}

export function createApiRouter(deps: ServiceDeps): Router {
  const router = express.Router()
  router.use(express.json({ limit: '1mb', strict: false }))
  // Made once, from the same table the router matches with.
  let described: Record<string, unknown> | null = null
  const document = () => (described ??= openApiDocument(endpoints, portalVersion()))
  router.get(OPENAPI_PATH.slice('/api'.length), (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache')
    res.json(document())
  })
  router.get(REFERENCE_PATH.slice('/api'.length), (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache')
    res.type('html').send(referencePage(document(), String(res.locals.cspNonce ?? '')))
  })
  router.use((req, res) => {
    void (async () => {
      res.setHeader('Cache-Control', 'no-store')
      const segments = req.path.split('/').filter(Boolean).map(decodeSegment)
      const { endpoint, key, allowed } = matchEndpoint(req.method, segments)
      if (!endpoint) {
        if (allowed.length > 0) {
          res.setHeader('Allow', allowed.join(', '))
          res.status(405).json({ error: { type: 'MethodNotAllowed', message: `${req.method} is not supported here.` } })
        } else {
          res.status(404).json({ error: { type: 'NotFound', message: `No API route ${req.method} ${req.path}.` } })
        }
        return
      }
      const badKey = forbiddenKeyPath(req.body)
      if (badKey) throw new AppError('ValidationError', `${badKey}: this key is not allowed.`)
      const badText = forbiddenTextPath(req.body)
      if (badText) throw new AppError('ValidationError', `${badText}: ${TEXT_REFUSED}`)
      const query = singleValuedQuery(req.query)
      const actor = endpoint.auth ? await authenticate(deps, req, endpoint) : null
      if (endpoint.multipart && !req.is('multipart/form-data')) {
        throw new AppError('UnsupportedMediaType', 'body: send the file as multipart/form-data.')
      }
      const data = await endpoint.handle(deps, { actor, body: req.body, query, key, req })
      if (data instanceof FileReply) {
        res.setHeader('Content-Type', `${data.contentType}; charset=utf-8`)
        res.setHeader('Content-Disposition', contentDisposition(data.filename))
        await pipeline(data.body, res)
      } else if (data instanceof PagedReply) {
        res.json({
          data: data.data,
          cursor: data.cursor,
          more: data.more,
          total: data.total,
          // Said only when the total is a lower bound, so exact answers keep the spec's shape.
          ...(data.totalExact === false ? { total_exact: false } : {}),
        })
      } else {
        res.json({ data })
      }
    })().catch((error: unknown) => sendError(res, error))
  })
  // express.json() reports malformed bodies through the error path.
  router.use((error: unknown, _req: Request, res: Response, next: (err?: unknown) => void) => {
    if ((error as { type?: string })?.type === 'entity.parse.failed') {
      res.status(400).json({ error: { type: 'ValidationError', message: 'body: malformed JSON.' } })
      return
    }
    if ((error as { type?: string })?.type === 'entity.too.large') {
      res.status(413).json({ error: { type: 'ValidationError', message: 'body: too large.' } })
      return
    }
    next(error)
  })
  return router
}
