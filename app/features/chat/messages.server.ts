// Messages: reading a conversation's pages and threads, deleting one's own message, deleting or
// leaving a conversation, read marks.
import { MESSAGES_PAGE } from '#app/features/chat/schemas'
import { attachmentsOf } from '#app/features/files/index.server'
import { hasAbility, hasBrandAbility } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { AppError, notFound, permissionError } from '#app/platform/errors'
import { accounts, conversationMembers, conversations, messages } from '#db/schema'
import { CHAT_EVENTS, chatRooms } from '#app/platform/protocol'
import { and, desc, eq, lt, sql } from 'drizzle-orm'
import { openConversation, threadTarget, type Opened } from './chat-access.server'
import { toMessageView, type ConversationRow } from './chat-views.server'
import { forgetConversation } from './conversation-cache.server'
import { findThread, summaries } from './conversations.server'
import type { ConversationRemoval, MessagePage } from './views'
import type { Actor } from '#app/platform/access/actor'
export type { ConversationRemoval, MessagePage } from './views'

/** The newest messages of a conversation (or those before `before`), oldest first. */
export async function listMessages(
  deps: ServiceDeps,
  actor: Actor,
  conversationKey: string,
  options: { before?: number; limit?: number; brand?: string } = {},
): Promise<MessagePage> {
  const { conversation, mayPost } = await openConversation(deps, actor, conversationKey)
  // Pages name the brand in their address: a conversation of another brand is not found there.
  if (options.brand !== undefined && (conversation.brandKey !== options.brand || conversation.kind === 'thread')) {
    throw notFound('Conversation')
  }
  return messagePage(deps, actor, conversation, mayPost, options)
}

/** GET /api/message/query/object: the comment thread of an object (empty before its first message). */
export async function listThreadMessages(
  deps: ServiceDeps,
  actor: Actor,
  model: string | undefined,
  modelKey: string | undefined,
  options: { before?: number; limit?: number } = {},
): Promise<MessagePage> {
  const conversation = await findThread(deps, actor, model, modelKey, { create: false })
  if (!conversation) {
    // Nothing written yet: reading makes no thread, and says whether the actor could start it.
    const mayPost = await hasAbility(deps, actor, 'comment.post', threadTarget(model!, modelKey!))
    return { conversation: null, messages: [], before: null, mayPost, removal: null }
  }
  const { mayPost } = await openConversation(deps, actor, conversation.key)
  return messagePage(deps, actor, conversation, mayPost, options)
}

async function messagePage(
  deps: ServiceDeps,
  actor: Actor,
  conversation: ConversationRow,
  mayPost: boolean,
  options: { before?: number; limit?: number },
): Promise<MessagePage> {
  const limit = Math.min(Math.max(1, Math.floor(options.limit ?? MESSAGES_PAGE)), 200)
  const before = options.before
  if (before !== undefined && (!Number.isSafeInteger(before) || before < 1)) {
    throw new AppError('ValidationError', 'before: a message seq (a positive whole number).')
  }
  const rows = await deps.db
    .select({ message: messages, sender: accounts })
    .from(messages)
    .leftJoin(accounts, eq(accounts.key, messages.senderKey))
    .where(
      and(eq(messages.conversationKey, conversation.key), before !== undefined ? lt(messages.seq, before) : undefined),
    )
    .orderBy(desc(messages.seq))
    .limit(limit + 1)
  const more = rows.length > limit
  const page = rows.slice(0, limit).reverse()
  const [summary] = conversation.kind === 'thread' ? [null] : await summaries(deps, actor.key, [conversation])
  const attached = await attachmentsOf(
    deps,
    page.map((row) => row.message.key),
  )
  return {
    conversation: summary ?? null,
    messages: page.map((row) =>
      toMessageView(deps, row.message, conversation, row.sender, attached.get(row.message.key)),
    ),
    before: more ? page[0]!.message.seq : null,
    mayPost,
    removal: removalFor(actor, { conversation, mayPost }),
  }
}

/**
 * One message of an object's comment thread, read with the thread's own access check; null when
 * the key names no message of that thread (another thread's, a deleted one, a forged key).
 */
export async function threadMessage(
  deps: ServiceDeps,
  actor: Actor,
  model: string,
  modelKey: string,
  messageKey: unknown,
): Promise<{ key: string; text: string; sender: string | null } | null> {
  if (typeof messageKey !== 'string' || messageKey === '' || messageKey.length > 64) return null
  const conversation = await findThread(deps, actor, model, modelKey, { create: false })
  if (!conversation) return null
  await openConversation(deps, actor, conversation.key)
  const [row] = await deps.db
    .select({ key: messages.key, text: messages.text, sender: accounts.name })
    .from(messages)
    .leftJoin(accounts, eq(accounts.key, messages.senderKey))
    .where(and(eq(messages.conversationKey, conversation.key), eq(messages.key, messageKey)))
    .limit(1)
  return row ?? null
}

/** GET /api/message/query/style: the comment thread of a style. */
export function listStyleMessages(deps: ServiceDeps, actor: Actor, styleKey: string | undefined) {
  return listThreadMessages(deps, actor, 'Style', styleKey)
}

/** Deletes one's own message; nobody else's. */
export async function deleteMessage(deps: ServiceDeps, actor: Actor, messageKey: string): Promise<{ key: string }> {
  const [row] = await deps.db.select().from(messages).where(eq(messages.key, messageKey)).limit(1)
  if (!row) throw notFound('Message')
  await openConversation(deps, actor, row.conversationKey)
  if (row.senderKey !== actor.key) throw permissionError('Only the sender can delete a message.')
  await deps.db.delete(messages).where(eq(messages.seq, row.seq))
  deps.events.publish(chatRooms.conversation(row.conversationKey), CHAT_EVENTS.deleted, {
    conversation: row.conversationKey,
    key: row.key,
  })
  return { key: row.key }
}

function removalFor(actor: Actor, opened: Opened): ConversationRemoval | null {
  const { conversation, mayPost } = opened
  if (conversation.kind === 'thread') return mayPost ? 'delete' : null
  if (conversation.kind === 'direct') return 'leave'
  const mayDelete =
    conversation.createdBy === actor.key || hasBrandAbility(actor, 'conversation.delete', conversation.brandKey)
  return mayDelete ? 'delete' : 'leave'
}

/** Deletes a conversation for everyone in it, or leaves it, by the rule of removalFor. */
export async function deleteThread(
  deps: ServiceDeps,
  actor: Actor,
  conversationKey: string,
): Promise<{ key: string; removal: ConversationRemoval }> {
  const opened = await openConversation(deps, actor, conversationKey)
  const removal = removalFor(actor, opened)
  if (!removal) throw permissionError('Only editors and owners of the object delete its comments.')
  const { conversation } = opened
  const members = await deps.db
    .select({ accountKey: conversationMembers.accountKey })
    .from(conversationMembers)
    .where(eq(conversationMembers.conversationKey, conversation.key))
  const remaining = members.filter((member) => member.accountKey !== actor.key)
  if (removal === 'leave' && remaining.length > 0) {
    await deps.db
      .delete(conversationMembers)
      .where(
        and(eq(conversationMembers.conversationKey, conversation.key), eq(conversationMembers.accountKey, actor.key)),
      )
    forgetConversation(deps, conversation.key)
    deps.events.leaveRooms(actor.key, [chatRooms.conversation(conversation.key)])
    deps.events.publish(chatRooms.account(actor.key), CHAT_EVENTS.threadDeleted, { conversation: conversation.key })
    return { key: conversation.key, removal }
  }
  // Deleted for everyone, or left by its last member: nobody is left to keep it.
  await deps.db.delete(conversations).where(eq(conversations.key, conversation.key))
  deps.events.publish(chatRooms.conversation(conversation.key), CHAT_EVENTS.threadDeleted, {
    conversation: conversation.key,
  })
  forgetConversation(deps, conversation.key)
  for (const { accountKey } of members) deps.events.leaveRooms(accountKey, [chatRooms.conversation(conversation.key)])
  return { key: conversation.key, removal: 'delete' }
}

/** Marks a conversation read up to its newest message (or `seq`); tells the other members. */
export async function markConversationRead(
  deps: ServiceDeps,
  actor: Actor,
  conversationKey: string,
  upTo?: number,
): Promise<{ conversation: string; seq: number }> {
  const { conversation } = await openConversation(deps, actor, conversationKey)
  const [newest] = await deps.db
    .select({ seq: messages.seq })
    .from(messages)
    .where(eq(messages.conversationKey, conversation.key))
    .orderBy(desc(messages.seq))
    .limit(1)
  const seq = Math.min(upTo ?? Number.MAX_SAFE_INTEGER, newest?.seq ?? 0)
  await deps.db
    .insert(conversationMembers)
    .values({
      conversationKey: conversation.key,
      accountKey: actor.key,
      brandKey: conversation.brandKey,
      lastReadSeq: seq,
    })
    .onConflictDoUpdate({
      target: [conversationMembers.conversationKey, conversationMembers.accountKey],
      set: { lastReadSeq: sql`greatest(${conversationMembers.lastReadSeq}, ${seq})` },
    })
  // Reading a conversation settles its notifications too.
  await deps.db.execute(
    sql`update notifications set read_at = now() where account_key = ${actor.key} and target_id = ${conversation.key} and read_at is null`,
  )
  const mark = { conversation: conversation.key, account: actor.key, seq }
  deps.events.publish(chatRooms.conversation(conversation.key), CHAT_EVENTS.read, mark)
  deps.events.publish(chatRooms.account(actor.key), CHAT_EVENTS.read, mark)
  return { conversation: conversation.key, seq }
}
