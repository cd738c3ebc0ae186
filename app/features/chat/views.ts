// The shapes this feature's pages and components show, shared by its services and its
// components (which take no types from server modules).
import type { AttachmentFields } from '#app/features/files'
import type { PresenceState } from './presence-state'

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
  /** Whether any tab of theirs is open in the brand, idle or not (the spec's field). */
  onlineUser: boolean
  /** What their tabs add up to: one in use (online), all idle, none (docs/decisions/154). */
  presence: PresenceState
  activity: string | null
}

export interface ChatBar {
  brand: string
  contacts: ChatContact[]
  groups: ConversationSummary[]
  /** Unread messages in the brand's direct and group chats: the CHAT label's count. */
  unread: number
}

export interface MessagePage {
  conversation: ConversationSummary | null
  /** Oldest first. */
  messages: MessageView[]
  /** The seq to pass as `before` for the page before this one; null at the first message. */
  before: number | null
  mayPost: boolean
  /** What "Delete conversation" does for the reader: delete it for everyone, leave it, or nothing. */
  removal: ConversationRemoval | null
}

/**
 * What "Delete conversation" does for this actor (docs/decisions/145): a comment thread is deleted
 * by those who may write in it; a group chat is deleted for everyone by the one who started it or
 * an owner of the brand; anyone else leaves a group, and a direct chat is only ever left, so it
 * disappears for the caller while the others keep it.
 */
export type ConversationRemoval = 'delete' | 'leave'
