// Notifications: each socket joins its account's room, where notifications.server.ts publishes a
// notification once it is stored (EVENTS.notificationNew).
import { rooms } from '#app/platform/protocol'
import type { RealtimeUnit } from './types'

export const notificationsUnit: RealtimeUnit = {
  name: 'notifications',
  async join({ actor, socket }) {
    await socket.join(rooms.account(actor.key))
  },
}
