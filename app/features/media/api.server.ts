// Product media calls of catalogue.md §7: the brand's photos, the batch preflight, attach, detach,
// positions and delete. The media service checks every permission.
import {
  attachMedia,
  brandMedia,
  deleteMedia,
  detachMedia,
  reserveMedia,
  saveMediaPositions,
} from '#app/features/media/media.server'
import { paged, requireActor, requiredField, type Endpoint } from '#app/platform/api/endpoint.server'

const bodyOf = (call: { body: unknown }) => (call.body ?? {}) as Record<string, unknown>

export const mediaEndpoints: Endpoint[] = [
  {
    verb: 'GET',
    path: 'media/query/brand',
    auth: true,
    handle: async (deps, call) =>
      paged(
        await brandMedia(deps, requireActor(call), {
          brand: requiredField(call.query, 'brand'),
          pool: call.query.pool === 'true',
          before: call.query.cursor,
          limit: call.query.limit ? Number(call.query.limit) || 50 : 50,
        }),
      ),
  },
  {
    verb: 'POST',
    path: 'media/method/batch',
    auth: true,
    handle: async (deps, call) => {
      const body = bodyOf(call)
      return reserveMedia(deps, requireActor(call), { brand: body.brand, names: body.names })
    },
  },
  {
    verb: 'POST',
    path: 'media/method/attach',
    auth: true,
    handle: (deps, call) => {
      const body = bodyOf(call)
      return attachMedia(deps, requireActor(call), {
        brand: body.brand,
        media: body.media,
        listing: body.listing,
        listingUniqueId: body.listingUniqueId,
        position: body.position,
      })
    },
  },
  {
    verb: 'POST',
    path: 'media/method/detach',
    auth: true,
    handle: (deps, call) => {
      const body = bodyOf(call)
      return detachMedia(deps, requireActor(call), { brand: body.brand, media: body.media })
    },
  },
  {
    verb: 'POST',
    path: 'media/method/positions',
    auth: true,
    handle: (deps, call) => {
      const body = bodyOf(call)
      return saveMediaPositions(deps, requireActor(call), { keys: body.keys, positions: body.positions })
    },
  },
  {
    verb: 'DELETE',
    path: 'media/model/:key',
    auth: true,
    handle: (deps, call) => deleteMedia(deps, requireActor(call), call.key!),
  },
]
