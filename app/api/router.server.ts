// The JSON API of the spec's call tables: /api/{kind}/model/{key}, /api/{kind}/query/{name},
// /api/{kind}/method/{name}. Success is `{data}`, failure `{error:{type,message}}` with a fitting
// status. Handlers are thin: authenticate, then call the same services the pages call.
import express, { type Request, type Response, type Router } from 'express'
import { parse as parseCookie } from 'cookie'
import { AppError, isAppError, noSession } from '#app/lib/errors'
import { API_VERSION } from '#app/policy/permissions'
import type { Actor } from '#app/services/accounts.server'
import {
  actorFromIdToken,
  actorFromSessionCookie,
  signInWithPassword,
  syncFromIdToken,
} from '#app/services/auth.server'
import { createBrand, getBrand, listBrandsForActor, updateBrand } from '#app/services/brands.server'
import type { ServiceDeps } from '#app/services/context.server'
import { listGrantsOf } from '#app/services/permissions.server'
import { listNotifications, markNotificationsRead } from '#app/services/notifications.server'
import { parseOrThrow } from '#app/services/validation.server'
import { LoginSchema } from '#app/schemas/login'
import { AUTH_COOKIE } from '#app/lib/session.server'

type Verb = 'GET' | 'POST' | 'PUT' | 'DELETE'

interface ApiCall {
  actor: Actor | null
  body: unknown
  query: Record<string, string>
  key?: string
  req: Request
}

interface Endpoint {
  verb: Verb
  /** kind/type/name, with `:key` for model routes; trailing slashes do not matter. */
  path: string
  /** false: callable without a session (the handler decides what it needs). */
  auth: boolean
  handle(deps: ServiceDeps, call: ApiCall): Promise<unknown>
}

function requireActor(call: ApiCall): Actor {
  if (!call.actor) throw noSession()
  return call.actor
}

const endpoints: Endpoint[] = [
  {
    verb: 'GET',
    path: 'app/method/check_version',
    auth: false,
    handle: async () => ({ version: API_VERSION }),
  },
  {
    verb: 'POST',
    path: 'account/method/login',
    auth: false,
    async handle(deps, call) {
      const bearer = bearerToken(call.req)
      if (bearer) {
        const { account } = await syncFromIdToken(deps, bearer)
        return { account }
      }
      // Without a token, the call signs in with e-mail and password, as the login form does.
      const input = parseOrThrow(LoginSchema, call.body)
      const outcome = await signInWithPassword(deps, {
        email: input.email,
        password: input.password,
        remember: input.remember,
        ip: call.req.ip ?? 'unknown',
      })
      if (!outcome.ok) {
        const type =
          outcome.status === 429 ? 'RateLimited' : outcome.status === 403 ? 'PermissionError' : 'ValidationError'
        throw new AppError(type, outcome.message)
      }
      return { account: outcome.account, idToken: outcome.idToken, landing: outcome.landing }
    },
  },
  {
    verb: 'GET',
    path: 'permission/query/grantee',
    auth: true,
    handle: async (_deps, call) => listGrantsOf(requireActor(call)),
  },
  {
    verb: 'GET',
    path: 'brand/query/user',
    auth: true,
    handle: (deps, call) => listBrandsForActor(deps, requireActor(call)),
  },
  {
    verb: 'POST',
    path: 'brand/model',
    auth: true,
    handle: (deps, call) => createBrand(deps, requireActor(call), call.body),
  },
  {
    verb: 'GET',
    path: 'brand/model/:key',
    auth: true,
    handle: (deps, call) => getBrand(deps, requireActor(call), call.key!),
  },
  {
    verb: 'PUT',
    path: 'brand/model/:key',
    auth: true,
    async handle(deps, call) {
      // The client sends `brandKey` beside the fields (access.md §7); it must match the URL.
      const { brandKey, ...fields } = (call.body ?? {}) as Record<string, unknown>
      if (brandKey !== undefined && brandKey !== call.key) {
        throw new AppError('ValidationError', 'brandKey: does not match the brand in the URL.')
      }
      return updateBrand(deps, requireActor(call), call.key!, fields)
    },
  },
  {
    verb: 'GET',
    path: 'notification/method/notifications_flat',
    auth: true,
    handle: (deps, call) => listNotifications(deps, requireActor(call)),
  },
  {
    verb: 'POST',
    path: 'notification/method/mark_read',
    auth: true,
    async handle(deps, call) {
      const body = (call.body ?? {}) as { key?: unknown; targetId?: unknown }
      const key = typeof body.key === 'string' ? body.key : undefined
      const targetId = typeof body.targetId === 'string' ? body.targetId : undefined
      return { updated: await markNotificationsRead(deps, requireActor(call), { key, targetId }) }
    },
  },
  {
    verb: 'POST',
    path: 'notification/method/mark_read_all',
    auth: true,
    handle: async (deps, call) => ({ updated: await markNotificationsRead(deps, requireActor(call), 'all') }),
  },
]

function bearerToken(req: Request): string | undefined {
  const header = req.headers.authorization
  if (!header?.startsWith('Bearer ')) return undefined
  return header.slice('Bearer '.length).trim() || undefined
}

async function authenticate(deps: ServiceDeps, req: Request): Promise<Actor> {
  const token = bearerToken(req)
  if (token) return actorFromIdToken(deps, token)
  const cookie = req.headers.cookie ? parseCookie(req.headers.cookie)[AUTH_COOKIE] : undefined
  if (!cookie) throw noSession()
  // A cookie-authenticated write must come from our own pages (docs/decisions/006).
  if (req.method !== 'GET' && !isSameOrigin(req)) {
    throw new AppError('PermissionError', 'Cross-site request refused.')
  }
  return actorFromSessionCookie(deps, cookie)
}

function isSameOrigin(req: Request): boolean {
  const site = req.headers['sec-fetch-site']
  if (site) return site === 'same-origin' || site === 'none'
  const origin = req.headers.origin
  if (!origin) return true // not a browser: no ambient cookie risk from another site
  try {
    return new URL(origin).host === req.headers.host
  } catch {
    return false
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

function sendError(res: Response, error: unknown) {
  if (isAppError(error)) {
    res.status(error.status).json({ error: { type: error.type, message: error.message } })
    return
  }
  console.error(JSON.stringify({ level: 'error', msg: 'api failure', error: String((error as Error)?.stack ?? error) }))
  res.status(500).json({ error: { type: 'UnexpectedError', message: 'There is a system error, try again later.' } })
}

export function createApiRouter(deps: ServiceDeps): Router {
  const router = express.Router()
  router.use(express.json({ limit: '1mb', strict: false }))
  router.use((req, res) => {
    void (async () => {
      res.setHeader('Cache-Control', 'no-store')
      const segments = req.path.split('/').filter(Boolean).map(decodeSegment)
      const { endpoint, key, allowed } = matchEndpoint(req.method, segments)
      if (!endpoint) {
        if (allowed.length > 0) {
          res.setHeader('Allow', allowed.join(', '))
          res.status(405).json({ error: { type: 'NotFound', message: `${req.method} is not supported here.` } })
        } else {
          res.status(404).json({ error: { type: 'NotFound', message: `No API route ${req.method} ${req.path}.` } })
        }
        return
      }
      const actor = endpoint.auth ? await authenticate(deps, req) : null
      const data = await endpoint.handle(deps, {
        actor,
        body: req.body,
        query: Object.fromEntries(Object.entries(req.query).map(([k, v]) => [k, String(v)])),
        key,
        req,
      })
      res.json({ data })
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
