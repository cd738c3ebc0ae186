// The realtime protocol shared by the browser and the server: room names, event names, payload
// schemas, acknowledgement shapes, close codes and Yjs document names. Payloads received from
// clients are validated with these schemas before any unit sees them.
import * as z from 'zod/mini'
import type { NotificationSegment } from '#db/schema'

export type { NotificationSegment }

export const rooms = {
  account: (accountKey: string) => `account:${accountKey}`,
  /** The sockets opened with one sign-in (the SHA-256 of its session id): closed when it ends. */
  session: (sessionHash: string) => `session:${sessionHash}`,
  brand: (brandKey: string) => `brand:${brandKey}`,
}

/** Rooms of chat: a conversation's members, who is looking at one, who is online in a brand. */
export const chatRooms = {
  account: rooms.account,
  conversation: (conversationKey: string) => `conversation:${conversationKey}`,
  viewing: (conversationKey: string) => `viewing:${conversationKey}`,
  presence: (brandKey: string) => `presence:${brandKey}`,
}

/** Chat events (realtime/units/chat.ts). */
export const CHAT_EVENTS = {
  /** client → server, with ack: send a message `{ text, conversation | model + model_id, client_key }`. */
  send: 'chat:send',
  /** client → server, with ack: delete one's own message `{ key }`. */
  delete: 'chat:delete',
  /** client → server, with ack: read a conversation up to `seq` (or its newest message). */
  markRead: 'chat:mark-read',
  /** client → server, with ack: a conversation is on screen `{ conversation }` or `{ model, model_id }`. */
  watch: 'chat:watch',
  /** client → server: it is not on screen any more. */
  unwatch: 'chat:unwatch',
  /** client → server: the user is typing in a conversation `{ conversation }`. */
  typing: 'chat:typing',
  /** client → server, with ack: the brand whose members' presence the chat bar shows `{ brand }`. */
  presenceJoin: 'chat:presence',
  /**
   * client → server, with ack: this tab had no input for PRESENCE_TIMINGS.idleAfterMs `{ state: 'idle' }`,
   * or has input again `{ state: 'active' }`. A connection starts active.
   */
  presenceActivity: 'chat:presence-activity',
  /** server → client: a stored message. */
  message: 'chat:message',
  /** server → client: a message was deleted `{ conversation, key }`. */
  deleted: 'chat:deleted',
  /** server → client: a whole conversation was deleted `{ conversation }`. */
  threadDeleted: 'chat:thread-deleted',
  /** server → client: someone read a conversation `{ conversation, account, seq }`. */
  read: 'chat:read',
  /** server → client: a conversation now includes this account (a new group chat). */
  conversation: 'chat:conversation',
  /** server → client: someone is typing `{ conversation, account, name }`. */
  typingNow: 'chat:typing-now',
  /**
   * server → client: a member's presence changed `{ brand, account, state, online }` (PresenceChanged).
   * `online` is true while any tab is open, idle or not (kept for older clients).
   */
  presence: 'chat:presence-changed',
  /**
   * server → client: everyone present in the brand now `{ brand, people: { [account]: 'online' | 'idle' } }`;
   * whoever is not listed is offline. Sent when a portal process stopped without saying who left.
   */
  presenceAll: 'chat:presence-all',
} as const

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
  /**
   * server → client, once per connection: every room the connection joins by itself (its account,
   * its chats) is joined, so what is published to them from now on reaches it. Before this, a
   * message sent to one of its chats could pass it by.
   */
  ready: 'realtime:ready',
} as const

/** Rooms of the virtual atelier: everyone looking at a style's page or one of its samples. */
export const atelierRooms = {
  style: (styleKey: string) => `style:${styleKey}`,
}

/** A style's samples, live on its page and on each sample's page (realtime/units/atelier.ts). */
export const ATELIER_EVENTS = {
  /**
   * client → server, with ack: this page shows these styles `{ styles }` (up to 50). Each one the
   * account may see is joined; the answer is ok only if every one was.
   */
  watch: 'atelier:watch',
  /** client → server: it does not show them any more `{ styles }`. */
  unwatch: 'atelier:unwatch',
  /** server → client, to the style's room: a sample was added, changed status, got a new version, was renamed or deleted. */
  changed: 'atelier:changed',
  /**
   * client → server, with ack: a review decision taken on a sample page with JavaScript, the same
   * as its form: `{ sample, intent: 'status', status, base? }` or `{ sample, intent: 'feedback', feedback,
   * state?, assignee?, priority? }`. The samples service checks it all; the ack carries its message.
   */
  review: 'atelier:review',
  /** server → client, to an account's room: it lost a grant in `{ brand }`; its pages watch their style again (and are refused if it is gone). */
  rewatch: 'atelier:rewatch',
} as const

/** `ready`: its file passed its checks and shows now. */
export type SampleChange =
  | 'added'
  | 'ready'
  | 'status'
  | 'version'
  | 'renamed'
  | 'deleted'
  /** A change request raised or changed (state, assignee, priority); `detail` says what. */
  | 'feedback'
  /** A review round started or ended; `detail` says what. */
  | 'round'
  /** A pin without a change request resolved or reopened; `detail` says which. */
  | 'pin'

export interface SampleChangedEvent {
  style: string
  /** The sample concerned: for a new version, the new version's key. */
  sample: string
  change: SampleChange
  /** Who made the change, by name, and when (ISO). */
  by: string
  byKey: string
  at: string
  /** The sample's name after the change. */
  name: string
  /** The new status (change 'status'). */
  status?: string
  /** The series (its first version's key) and the new version's number (change 'version'). */
  series?: string
  version?: number
  /** What a feedback or round change was, as a sentence's end ("resolved Pin 2"). */
  detail?: string
}

/** The file pipeline (app/features/files/files.server.ts), to the uploader's account room. */
/** Product media (app/features/media/media.server.ts). */
export const MEDIA_EVENTS = {
  /**
   * server → client, to the brand's room: photos were attached, detached, reordered, deleted or
   * became available; pages showing those listings or the pool read them again.
   */
  changed: 'media:changed',
} as const

export interface MediaChangedEvent {
  brand: string
  /** Listings whose photos changed. */
  listings: string[]
  /** Media rows that changed. */
  media: string[]
}

export const FILE_EVENTS = {
  /**
   * server → client: an upload's status changed (`scanning` when its bytes are in, then
   * `available` or `quarantined`), with the message atelier.md §4 shows as a toast.
   */
  status: 'file:status',
} as const

export interface FileStatusEvent {
  key: string
  brand: string
  purpose: string
  name: string
  status: 'uploading' | 'scanning' | 'available' | 'quarantined'
  message: string | null
}

/** Between server processes (socket.io adapter): an account lost access to a brand. */
export const SERVER_EVENTS = {
  accessRevoked: 'access:revoked',
  /** A portal process stopped answering (realtime/fleet.ts): its sockets left without a goodbye. */
  processGone: 'fleet:process-gone',
} as const

export interface PresenceChanged {
  brand: string
  account: string
  state: 'online' | 'idle' | 'offline'
  online: boolean
}

export interface PresenceAll {
  brand: string
  people: Record<string, 'online' | 'idle'>
}

/** How presence is timed (docs/decisions/154). */
export const PRESENCE_TIMINGS = {
  /** A tab without pointer, keyboard, touch or visibility input for this long reports itself idle. */
  idleAfterMs: 3 * 60_000,
  /** socket.io pings every connection this often, and closes one that does not answer in time. */
  pingIntervalMs: 1_500,
  pingTimeoutMs: 2_500,
} as const

export const BrandJoinSchema = z.object({ brand: z.string().check(z.minLength(1), z.maxLength(64)) })
export type BrandJoinAck = { ok: true } | { ok: false; error: string }
export const PresenceActivitySchema = z.object({ state: z.enum(['active', 'idle']) })
export const StyleWatchSchema = z.object({
  styles: z.array(z.string().check(z.minLength(1), z.maxLength(64))).check(z.minLength(1), z.maxLength(50)),
})

const recordKey = z.string().check(z.minLength(1), z.maxLength(64))
const reviewValue = z.string().check(z.maxLength(64))
export const SampleReviewSchema = z.union([
  // `base`: the status the person saw when they picked; a change based on another is refused.
  z.object({ sample: recordKey, intent: z.literal('status'), status: reviewValue, base: z.optional(reviewValue) }),
  z.object({
    sample: recordKey,
    intent: z.literal('feedback'),
    feedback: recordKey,
    state: z.optional(reviewValue),
    assignee: z.optional(reviewValue),
    priority: z.optional(reviewValue),
  }),
])
/** `current`: on a status change refused as stale (decision 168), the status the sample has. */
export type SampleReviewAck =
  { ok: true; message: string } | { ok: false; error: string; message: string; current?: string }

const chatKey = z.string().check(z.minLength(1), z.maxLength(128))
export const ConversationRefSchema = z.object({ conversation: chatKey })
export const WatchSchema = z.union([
  z.object({ conversation: chatKey }),
  z.object({ model: z.string().check(z.minLength(1), z.maxLength(32)), model_id: chatKey }),
])
export const MarkReadSchema = z.object({
  conversation: chatKey,
  seq: z.optional(z.number().check(z.int(), z.positive())),
})
/** Checked in full by the service (app/features/chat/schemas.ts); here only its shape and size. */
export const ChatSendSchema = z.looseObject({ text: z.string().check(z.maxLength(20_000)) })
export const MessageRefSchema = z.object({ key: chatKey })

export type ChatAck<T = undefined> = { ok: true; data: T } | { ok: false; error: string; message?: string }

/** Schemas of the payloads clients send, by event; an event not listed here is ignored. */
export const CLIENT_EVENT_SCHEMAS = {
  [EVENTS.brandJoin]: BrandJoinSchema,
  [EVENTS.brandLeave]: BrandJoinSchema,
  [CHAT_EVENTS.send]: ChatSendSchema,
  [CHAT_EVENTS.delete]: MessageRefSchema,
  [CHAT_EVENTS.markRead]: MarkReadSchema,
  [CHAT_EVENTS.watch]: WatchSchema,
  [CHAT_EVENTS.unwatch]: ConversationRefSchema,
  [CHAT_EVENTS.typing]: ConversationRefSchema,
  [CHAT_EVENTS.presenceJoin]: BrandJoinSchema,
  [CHAT_EVENTS.presenceActivity]: PresenceActivitySchema,
  [ATELIER_EVENTS.watch]: StyleWatchSchema,
  [ATELIER_EVENTS.unwatch]: StyleWatchSchema,
  [ATELIER_EVENTS.review]: SampleReviewSchema,
} as const

export interface NotificationPayload {
  key: string
  /** The actor's profile picture (signed URL), or null to show initials. */
  profileImg: string | null
  firstName: string
  lastName: string
  action: string
  when: string
  /** Plain text, or text with a same-origin link and emphasis (app/features/notifications/notification-schemas.ts). */
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
  /**
   * The document's access changed for everyone (a sample locked as Final, or reopened): the client
   * reconnects and is authorized afresh. Outside 4400–4499, which y-websocket takes as final.
   */
  accessChanged: 4303,
  /** The sign-in the connection was opened with has ended (logout, sign out everywhere…). */
  sessionEnded: 4401,
  /** A message that is not the Yjs sync or awareness protocol. */
  badMessage: 4400,
  /** An update that does not fit its document's shape: neither applied, stored nor relayed. */
  updateRefused: 4422,
  /** The process is stopping (a deploy, a scale-in): reconnect, another process will answer. */
  serviceRestart: 1012,
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

/** Spreadsheet import (app/features/imports/imports.server.ts). */
export const IMPORT_EVENTS = {
  /** server → client, to the uploader's account room: `{ key, status, rowsParsed, rowsWritten }`. */
  progress: 'import:progress',
} as const
