// Live chat: the rooms a socket joins, typing and presence.
import type { ServiceDeps } from '#app/platform/context.server'
import { permissionError } from '#app/platform/errors'
import { conversationMembers, conversations, messages } from '#db/schema'
import { chatRooms } from '#app/platform/protocol'
import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import { freshActor, openConversation } from './chat-access.server'
import { nameParts } from './chat-views.server'
import { threadOf } from './conversations.server'
import { deleteMessage, markConversationRead } from './messages.server'
import type { Actor } from '#app/platform/access/actor'

/** The conversation rooms of an account: its direct and group chats in brands it still belongs to. */
export async function liveConversationRooms(deps: ServiceDeps, actor: Actor): Promise<string[]> {
  const rows = await deps.db
    .select({ key: conversations.key, brandKey: conversations.brandKey })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.key, conversationMembers.conversationKey))
    .where(and(eq(conversationMembers.accountKey, actor.key), ne(conversations.kind, 'thread')))
  const memberOf = new Set(
    actor.grants.filter((grant) => grant.model === 'Brand' && grant.model_id).map((grant) => grant.model_id),
  )
  return rows.filter((row) => memberOf.has(row.brandKey)).map((row) => chatRooms.conversation(row.key))
}

/** After a grant was removed: the account's sockets leave the brand's conversations if it left it. */
export async function leaveBrandConversations(deps: ServiceDeps, accountKey: string, brandKey: string) {
  const rows = await deps.db
    .select({ key: conversationMembers.conversationKey })
    .from(conversationMembers)
    .where(and(eq(conversationMembers.accountKey, accountKey), eq(conversationMembers.brandKey, brandKey)))
  deps.events.leaveRooms(accountKey, [
    ...rows.map((row) => chatRooms.conversation(row.key)),
    ...rows.map((row) => chatRooms.viewing(row.key)),
    chatRooms.presence(brandKey),
  ])
}

/**
 * Opening a conversation on screen: the socket follows a thread's room (comment threads have no
 * fixed members) and counts as looking at it, so its messages notify nobody there.
 */
export async function watchConversation(deps: ServiceDeps, actor: Actor, conversationKey: string) {
  const fresh = await freshActor(deps, actor)
  const { conversation, mayPost } = await openConversation(deps, fresh, conversationKey)
  return { conversation, mayPost }
}

export async function watchThread(deps: ServiceDeps, actor: Actor, model: string, modelKey: string) {
  const fresh = await freshActor(deps, actor)
  const conversation = await threadOf(deps, fresh, model, modelKey)
  const { mayPost } = await openConversation(deps, fresh, conversation.key)
  // Whoever opened a thread follows it: they hear of new comments, and leave its room with the brand.
  await deps.db
    .insert(conversationMembers)
    .values({ conversationKey: conversation.key, accountKey: actor.key, brandKey: conversation.brandKey })
    .onConflictDoNothing()
  return { conversation, mayPost }
}

/** A typing signal is passed on only by a member who may write in the conversation. */
export async function typingIn(deps: ServiceDeps, actor: Actor, conversationKey: string) {
  const fresh = await freshActor(deps, actor)
  const { conversation, mayPost } = await openConversation(deps, fresh, conversationKey)
  if (!mayPost) throw permissionError()
  return { conversation: conversation.key, account: actor.key, name: nameParts({ ...actor, first: '', last: '' }).name }
}

export async function deleteMessageLive(deps: ServiceDeps, actor: Actor, key: string) {
  return deleteMessage(deps, await freshActor(deps, actor), key)
}

export async function markReadLive(deps: ServiceDeps, actor: Actor, conversationKey: string, seq?: number) {
  return markConversationRead(deps, await freshActor(deps, actor), conversationKey, seq)
}

/**
 * How many messages each of these comment threads of a brand holds (threads with none are left
 * out), for a caller that has checked access to their objects.
 */
export async function threadMessageCounts(
  deps: ServiceDeps,
  brandKey: string,
  model: string,
  modelKeys: string[],
): Promise<Map<string, number>> {
  if (modelKeys.length === 0) return new Map()
  const rows = await deps.db
    .select({ modelKey: conversations.modelKey, count: sql<number>`count(${messages.key})::int` })
    .from(conversations)
    .innerJoin(messages, eq(messages.conversationKey, conversations.key))
    .where(
      and(
        eq(conversations.brandKey, brandKey),
        eq(conversations.kind, 'thread'),
        eq(conversations.model, model),
        inArray(conversations.modelKey, modelKeys),
      ),
    )
    .groupBy(conversations.modelKey)
  return new Map(rows.map((row) => [row.modelKey!, row.count]))
}
