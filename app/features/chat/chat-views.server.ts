// What chat shows: the shapes of a message, a conversation and the chat bar as the API, the pages
// and the socket send them, and how stored rows become those shapes.
import { attachmentFields, type FileRow } from '#app/features/files/index.server'
import { profilePictureUrlOf } from '#app/features/identity/index.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { type accounts, type conversations, type messages } from '#db/schema'
import type { MessageView, Participant } from './views'
export type { ChatBar, ChatContact, ConversationSummary, MessageView, Participant } from './views'

export type ConversationRow = typeof conversations.$inferSelect
export type MessageRow = typeof messages.$inferSelect
export type AccountRow = typeof accounts.$inferSelect

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
