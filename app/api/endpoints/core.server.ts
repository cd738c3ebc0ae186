// Endpoints of the foundation: version, account sync and sign-in, grants, brands, notifications.
import { AppError } from '#app/platform/errors'
import { API_VERSION } from '#app/platform/access/permissions'
import { syncFromIdToken } from '#app/features/identity/auth.server'
import { LoginSchema } from '#app/features/identity'
import {
  archiveBrand,
  createBrand,
  getBrand,
  listArchivedBrands,
  listBrandsForActor,
  removeOwnBrandPermissions,
  restoreBrand,
  updateBrand,
} from '#app/features/brands/brands.server'
import { listGrantsOf } from '#app/platform/access/permissions.server'
import {
  clearNotifications,
  listNotifications,
  markNotificationsRead,
  parseSelector,
} from '#app/features/notifications/notifications.server'
import { idTokenFromRefreshToken, signInForApi } from '#app/features/identity/sign-in.server'
import { bearerToken, requireActor, stringField, type Endpoint } from '#app/platform/api/endpoint.server'

/** The brand a menu call names, as `key` in its body. */
function requiredKey(body: unknown): string {
  const key = stringField(body, 'key')
  if (!key) throw new AppError('ValidationError', 'key: is required.')
  return key
}

export const coreEndpoints: Endpoint[] = [
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
    summary: 'Signs in with e-mail and password (a second factor when enrolled), or syncs a Bearer ID token.',
    body: LoginSchema,
    async handle(deps, call) {
      const bearer = bearerToken(call.req)
      if (bearer) {
        const { account } = await syncFromIdToken(deps, bearer)
        return { account }
      }
      // Without a token, the call signs in with e-mail and password as the login form does,
      // second factor included (docs/decisions/029).
      return signInForApi(deps, call.body, call.req.ip ?? 'unknown')
    },
  },
  {
    verb: 'POST',
    path: 'account/method/idTokenFromRefreshToken',
    auth: false,
    handle: (deps, call) => idTokenFromRefreshToken(deps, call.body),
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
  // The admin's brand menu (catalogue.md §2) as calls: the spec shows its two entries and their
  // confirmations but no call, so these follow the pages (docs/decisions/066).
  {
    verb: 'DELETE',
    path: 'brand/model/:key',
    auth: true,
    // Archives: the brand's name must be sent as `name`, as the page asks it to be typed.
    handle: (deps, call) => archiveBrand(deps, requireActor(call), call.key!, call.body),
  },
  {
    verb: 'GET',
    path: 'brand/query/archived',
    auth: true,
    handle: (deps, call) => listArchivedBrands(deps, requireActor(call)),
  },
  {
    verb: 'POST',
    path: 'brand/method/restore',
    auth: true,
    handle: (deps, call) => restoreBrand(deps, requireActor(call), requiredKey(call.body)),
  },
  {
    verb: 'POST',
    path: 'brand/method/remove_permissions',
    auth: true,
    async handle(deps, call) {
      const brand = await removeOwnBrandPermissions(deps, requireActor(call), requiredKey(call.body))
      return { key: brand.key, removed: true }
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
      // One notification by `key`, or those of a target by `targetId` (access.md §7).
      const which = parseSelector(call.body, ['key', 'targetId'])
      return { updated: await markNotificationsRead(deps, requireActor(call), which) }
    },
  },
  {
    verb: 'POST',
    path: 'notification/method/mark_read_all',
    auth: true,
    handle: async (deps, call) => ({ updated: await markNotificationsRead(deps, requireActor(call), 'all') }),
  },
  // Clearing one uses targetId (access.md §7); both paths follow the spec's method style
  // (docs/decisions/055).
  {
    verb: 'POST',
    path: 'notification/method/clear',
    auth: true,
    async handle(deps, call) {
      const which = parseSelector(call.body, ['targetId']) as { targetId: string }
      return { cleared: await clearNotifications(deps, requireActor(call), which) }
    },
  },
  {
    verb: 'POST',
    path: 'notification/method/clear_all',
    auth: true,
    handle: async (deps, call) => ({ cleared: await clearNotifications(deps, requireActor(call), { all: true }) }),
  },
]
