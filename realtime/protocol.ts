// The realtime protocol shared by the browser and the server: room names, event names, payload
// schemas and Yjs document names. Payloads received from clients are validated with these schemas.
import * as z from 'zod/mini'

export const rooms = {
  account: (accountKey: string) => `account:${accountKey}`,
  brand: (brandKey: string) => `brand:${brandKey}`,
}

export const EVENTS = {
  /** client → server, with ack: join a brand's room (needs a grant on the brand). */
  brandJoin: 'brand:join',
  /** server → client: a notification was stored for this account. */
  notificationNew: 'notification:new',
} as const

export const BrandJoinSchema = z.object({ brand: z.string().check(z.minLength(1), z.maxLength(64)) })
export type BrandJoinAck = { ok: true } | { ok: false; error: string }

export interface NotificationPayload {
  key: string
  firstName: string
  lastName: string
  action: string
  when: string
  segments: string[]
  targetId: string
  brand: string | null
}

/** Yjs documents are named `{purpose}:{brandKey}` or `{purpose}:{brandKey}:{id}`. */
const DOC_NAME = /^(media-order|annotations|scratch):([a-z0-9]{1,64})(?::([A-Za-z0-9_-]{1,128}))?$/

export function parseYjsDocName(docName: string): { purpose: string; brandKey: string; id?: string } | null {
  const match = DOC_NAME.exec(docName)
  if (!match) return null
  return { purpose: match[1]!, brandKey: match[2]!, id: match[3] }
}
