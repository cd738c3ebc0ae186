// The realtime protocol shared by the browser and the server: room names, event names, payload
// schemas, acknowledgement shapes, close codes and Yjs document names. Payloads received from
// clients are validated with these schemas before any unit sees them.
import * as z from 'zod/mini'
import type { NotificationSegment } from '#app/schemas/notification'

export const rooms = {
  account: (accountKey: string) => `account:${accountKey}`,
  brand: (brandKey: string) => `brand:${brandKey}`,
}

export const EVENTS = {
  /** client → server, with ack: join a brand's room (needs a grant on the brand). */
  brandJoin: 'brand:join',
  /** client → server: leave a brand's room (the page moved to another brand). */
  brandLeave: 'brand:leave',
  /** server → client: a notification was stored for this account. */
  notificationNew: 'notification:new',
  /** server → client: notifications of this account were marked read (in any tab or by the API). */
  notificationRead: 'notification:read',
  /** server → client: notifications of this account were cleared. */
  notificationCleared: 'notification:cleared',
} as const

/** Between server processes (socket.io adapter): an account lost access to a brand. */
export const SERVER_EVENTS = {
  accessRevoked: 'access:revoked',
} as const

export const BrandJoinSchema = z.object({ brand: z.string().check(z.minLength(1), z.maxLength(64)) })
export type BrandJoinAck = { ok: true } | { ok: false; error: string }

/** Schemas of the payloads clients send, by event; an event not listed here is ignored. */
export const CLIENT_EVENT_SCHEMAS = {
  [EVENTS.brandJoin]: BrandJoinSchema,
  [EVENTS.brandLeave]: BrandJoinSchema,
} as const

export interface NotificationPayload {
  key: string
  /** The actor's profile picture (signed URL), or null to show initials. */
  profileImg: string | null
  firstName: string
  lastName: string
  action: string
  when: string
  /** Plain text, or text with a same-origin link and emphasis (app/schemas/notification.ts). */
  segments: NotificationSegment[]
  targetId: string
  brand: string | null
}

/** Of notification:read and notification:cleared: which changed, and whether any is still unread. */
export interface NotificationChangePayload {
  keys: string[]
  unread: boolean
}

/** WebSocket close codes the Yjs endpoint uses (4000–4999 are the application's own). */
export const CLOSE_CODES = {
  /** A grant was removed: reconnecting authorizes afresh. */
  accessRevoked: 4403,
  /** A message that is not the Yjs sync or awareness protocol. */
  badMessage: 4400,
} as const

/** Yjs documents are named `{purpose}:{brandKey}` or `{purpose}:{brandKey}:{id}`. */
const DOC_NAME = /^([a-z][a-z-]{0,31}):([a-z0-9]{1,64})(?::([A-Za-z0-9_-]{1,128}))?$/

export interface YjsDocName {
  purpose: string
  brandKey: string
  id?: string
}

export function parseYjsDocName(docName: string): YjsDocName | null {
  const match = DOC_NAME.exec(docName)
  if (!match) return null
  return { purpose: match[1]!, brandKey: match[2]!, id: match[3] }
}

/** The endpoint of Yjs documents: `/yjs/{docName}`. */
export const YJS_PATH_PREFIX = '/yjs/'
