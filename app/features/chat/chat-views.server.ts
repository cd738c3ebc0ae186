// What chat shows: the shapes of a message, a conversation and the chat bar as the API, the pages
// and the socket send them, and how stored rows become those shapes.
import { attachmentFields, type AttachmentFields, type FileRow } from '#app/features/files/index.server'
import { profilePictureUrlOf } from '#app/features/identity/index.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { type accounts, type conversations, type messages } from '#db/schema'

export type ConversationRow = typeof conversations.$inferSelect
export type MessageRow = typeof messages.$inferSelect
export type AccountRow = typeof accounts.$inferSelect

/** A message as the API, the pages and the socket send it (atelier.md §3 Message). */
export interface MessageView {
  key: string
  seq: number
  conversation: string
  /** The kind of conversation, or the thread's object kind (atelier.md §3 `model`). */
  model: string
  model_id: string
  text: string
  sender: string
  sender_id: string | null
  senderKey: string | null
  firstName: string
  lastName: string
  profilePictureUrl: string | null
  /** Seconds since the epoch (atelier.md §3). */
  timestamp: number
  created: string
  client_key: string | null
  /** With an attachment only: its type, name, size and signed addresses (atelier.md §3). */
  attachment_type?: string
  attachment_name?: string
  assetMetadata?: { size: number }
  assetUrl?: string
  assets?: AttachmentFields['assets']
}

export interface Participant {
  key: string
  firstName: string
  lastName: string
  name: string
  profilePictureUrl: string | null
}

/** A conversation as the chat bar lists it. */
export interface ConversationSummary {
  key: string
  kind: 'direct' | 'group' | 'thread'
  brand: string
  /** The group's name, the other person's name, or the object's kind and key. */
  title: string
  groupChatName: string | null
  model: string | null
  model_id: string | null
  members: Participant[]
  /** `senderKey`: whose it is, so the chat bar shows read status beside one's own last message. */
  lastMessage: { text: string; sender: string; senderKey: string | null; timestamp: number } | null
  unread: number
  /** Whether everyone else has read the newest message (shown beside one's own last message). */
  readStatus: boolean
  /** The newest message's time, or the conversation's creation: the chat bar's order. */
  activity: string
}

/** A contact in the chat bar: a member of the brand and the direct chat with them, if any. */
export interface ChatContact extends Participant {
  conversation: string | null
  lastMessage: ConversationSummary['lastMessage']
  unread: number
  readStatus: boolean
  onlineUser: boolean
  activity: string | null
}

export interface ChatBar {
  brand: string
  contacts: ChatContact[]
  groups: ConversationSummary[]
  /** Unread messages in the brand's direct and group chats: the CHAT label's count. */
  unread: number
}

export function nameParts(row: Pick<AccountRow, 'first' | 'last' | 'name' | 'email'>) {
  const split = row.name.split(' ')
  const firstName = row.first || split[0] || ''
  const lastName = row.last || split.slice(1).join(' ')
  const name = `${firstName} ${lastName}`.trim() || row.name || row.email
  return { firstName, lastName, name }
}

export function toParticipant(deps: ServiceDeps, row: AccountRow): Participant {
  return { key: row.key, ...nameParts(row), profilePictureUrl: profilePictureUrlOf(deps, row) }
}

export function toMessageView(
  deps: ServiceDeps,
  row: MessageRow,
  conversation: Pick<ConversationRow, 'kind' | 'model' | 'modelKey' | 'key'>,
  sender: Pick<AccountRow, 'first' | 'last' | 'name' | 'email' | 'assets'> | null,
  attachment?: FileRow | null,
): MessageView {
  const names = sender ? nameParts(sender) : { firstName: '', lastName: '', name: 'Former member' }
  const attached = attachment ? attachmentFields(deps, attachment) : null
  return {
    key: row.key,
    seq: row.seq,
    conversation: row.conversationKey,
    model: conversation.kind === 'thread' ? conversation.model! : conversation.kind,
    model_id: conversation.kind === 'thread' ? conversation.modelKey! : conversation.key,
    text: row.text,
    sender: names.name,
    sender_id: row.senderKey,
    senderKey: row.senderKey,
    firstName: names.firstName,
    lastName: names.lastName,
    profilePictureUrl: sender ? profilePictureUrlOf(deps, sender) : null,
    timestamp: Math.floor(row.created.getTime() / 1000),
    created: row.created.toISOString(),
    client_key: row.clientKey,
    ...attached,
  }
}

export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[]
}
