// Brand rooms: a socket joins `brand:{key}` to receive the brand's live events. Grants are read
// again on every join, since one may have been removed after the handshake.
import { AppError } from '#app/platform/errors'
import { loadGrants } from '#app/platform/access/grants.server'
import { requireBrandAbility } from '#app/platform/access/access.server'
import { EVENTS, rooms, type BrandJoinAck } from '#app/platform/protocol'
import type { RealtimeUnit } from './types'

export const brandRooms: RealtimeUnit = {
  name: 'brand-rooms',
  events: {
    async [EVENTS.brandJoin]({ deps, actor, socket }, payload): Promise<BrandJoinAck> {
      const { brand } = payload as { brand: string }
      const fresh = { ...actor, grants: await loadGrants(deps, actor.key) }
      try {
        requireBrandAbility(fresh, 'realtime.join', brand)
      } catch (error) {
        // Not found and too weak answer alike: a socket cannot probe which brands exist (decision 007).
        if (error instanceof AppError) return { ok: false, error: 'PermissionError' }
        throw error
      }
      await socket.join(rooms.brand(brand))
      return { ok: true }
    },
    async [EVENTS.brandLeave]({ socket }, payload) {
      await socket.leave(rooms.brand((payload as { brand: string }).brand))
      return { ok: true }
    },
  },
}
