// Storing one message and pushing it to its room, and finding a resend's stored message.
import { type SendMessageInput } from '#app/features/chat/schemas'
import { attachToMessage, attachmentsOf, type FileRow } from '#app/features/files/index.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { AppError, notFound, permissionError } from '#app/platform/errors'
import { newKey } from '#app/platform/ids'
import { conversationMembers, conversations, messages } from '#db/schema'
import { CHAT_EVENTS, chatRooms } from '#app/platform/protocol'
import { and, eq, sql } from 'drizzle-orm'
import { openConversation } from './chat-access.server'
import { accountRow, notifyAbout } from './chat-notices.server'
import { toMessageView, type ConversationRow, type MessageView } from './chat-views.server'
import type { Actor } from '#app/platform/access/actor'

/** A file of another brand never rides along into this conversation. */
function checkAttachmentBrand(attachment: FileRow | null, conversation: ConversationRow) {
  if (attachment && attachment.brandKey !== conversation.brandKey) throw notFound('File')
}

/** A comment thread's message, one at a time: its access depends on the object, not on members. */
export async function sendToThread(
  deps: ServiceDeps,
  actor: Actor,
  conversationKey: string,
  parsed: SendMessageInput,
  attachment: FileRow | null,
) {
  const opened = await openConversation(deps, actor, conversationKey)
  if (!opened.mayPost) throw permissionError('Only editors and owners of the object write in its comments.')
  return storeAndPush(deps, actor, opened.conversation, parsed, attachment)
}

export async function storeAndPush(
  deps: ServiceDeps,
  actor: Actor,
  conversation: ConversationRow,
  parsed: SendMessageInput,
  attachment: FileRow | null,
): Promise<MessageView> {
  checkAttachmentBrand(attachment, conversation)
  const clientKey = parsed.client_key ?? null
  const [inserted] = await deps.db
    .insert(messages)
    .values({
      key: newKey(),
      conversationKey: conversation.key,
      brandKey: conversation.brandKey,
      senderKey: actor.key,
      text: parsed.text,
      clientKey,
    })
    .onConflictDoNothing()
    .returning()
  if (!inserted) return sentBefore(deps, actor, clientKey, conversation)
  const sender = await accountRow(deps, actor.key)
  const attached = attachment ? await attachToMessage(deps, attachment.key, inserted.key) : null
  const view = toMessageView(deps, inserted, conversation, sender, attached)
  // The sender has read their own message; a member row also makes a thread's writer a participant.
  await deps.db
    .insert(conversationMembers)
    .values({
      conversationKey: conversation.key,
      accountKey: actor.key,
      brandKey: conversation.brandKey,
      lastReadSeq: inserted.seq,
    })
    .onConflictDoUpdate({
      target: [conversationMembers.conversationKey, conversationMembers.accountKey],
      set: { lastReadSeq: sql`greatest(${conversationMembers.lastReadSeq}, ${inserted.seq})` },
    })
  deps.events.publish(chatRooms.conversation(conversation.key), CHAT_EVENTS.message, view)
  await notifyAbout(deps, actor, conversation, view)
  return view
}

/** A resend of a stored message (same sender and client_key): what was stored, in whichever conversation. */
export async function sentBefore(
  deps: ServiceDeps,
  actor: Actor,
  clientKey: string | null,
  conversation: ConversationRow,
): Promise<MessageView> {
  const [stored] = clientKey
    ? await deps.db
        .select()
        .from(messages)
        .where(and(eq(messages.senderKey, actor.key), eq(messages.clientKey, clientKey)))
    : []
  if (!stored) throw new AppError('Conflict', 'Unable to deliver the message.')
  const [storedIn] = await deps.db.select().from(conversations).where(eq(conversations.key, stored.conversationKey))
  const attached = await attachmentsOf(deps, [stored.key])
  return toMessageView(
    deps,
    stored,
    storedIn ?? conversation,
    await accountRow(deps, actor.key),
    attached.get(stored.key),
  )
}
