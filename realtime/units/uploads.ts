// Upload and scan progress: the file pipeline publishes FILE_EVENTS.status to the uploader's
// account room (joined by every socket, see ./notifications.ts) when an upload is being scanned
// and when it is available or quarantined. The unit takes no client events: the status call
// (GET /api/file/model/{key}) is the re-check without a socket.
import { rooms } from '#app/platform/protocol'
import type { RealtimeUnit } from './types'

export const uploadsUnit: RealtimeUnit = {
  name: 'uploads',
  async join({ actor, socket }) {
    await socket.join(rooms.account(actor.key))
  },
}
