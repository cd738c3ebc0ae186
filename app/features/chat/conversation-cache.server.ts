// This process's cache of direct and group chats' kind, brand and members, read by the group commit.
import type { ServiceDeps } from '#app/platform/context.server'
import { conversationMembers, conversations } from '#db/schema'
import { inArray } from 'drizzle-orm'
import { type ConversationRow } from './chat-views.server'

/**
 * Direct and group chats keep their kind, brand and members from creation to deletion (nothing
 * adds or removes a member of one; accounts leave by cascade only), so their rows and member lists
 * are kept per process, one map per database. Whether the sender is still a member is checked by
 * the statement that stores the message, never here: a conversation deleted meanwhile, in this
 * process or another, stores nothing and its entry is dropped. The cached members only say whom a
 * message may notify, and each of them is checked again before a notification (mayRead). Code
 * that someday changes the members of a direct or group chat must call forgetConversation.
 */
export interface CachedConversation {
  row: ConversationRow
  members: string[]
}
const conversationCaches = new WeakMap<object, Map<string, CachedConversation>>()
const CONVERSATION_CACHE_MAX = 10_000

function conversationCache(deps: ServiceDeps): Map<string, CachedConversation> {
  let cache = conversationCaches.get(deps.db)
  if (!cache) conversationCaches.set(deps.db, (cache = new Map()))
  return cache
}

/** Drops a conversation from this process's cache (see conversationCache). */
export function forgetConversation(deps: ServiceDeps, conversationKey: string) {
  conversationCache(deps).delete(conversationKey)
}

export async function conversationRows(deps: ServiceDeps, keys: string[]): Promise<Map<string, CachedConversation>> {
  const cache = conversationCache(deps)
  const found = new Map<string, CachedConversation>()
  const missing: string[] = []
  for (const key of keys) {
    const entry = cache.get(key)
    if (entry) found.set(key, entry)
    else missing.push(key)
  }
  if (missing.length === 0) return found
  const rows = await deps.db.select().from(conversations).where(inArray(conversations.key, missing))
  const chats = rows.filter((row) => row.kind !== 'thread').map((row) => row.key)
  const memberRows = chats.length
    ? await deps.db
        .select({ conversationKey: conversationMembers.conversationKey, accountKey: conversationMembers.accountKey })
        .from(conversationMembers)
        .where(inArray(conversationMembers.conversationKey, chats))
    : []
  for (const row of rows) {
    const entry = {
      row,
      members: memberRows.filter((member) => member.conversationKey === row.key).map((member) => member.accountKey),
    }
    found.set(row.key, entry)
    if (row.kind === 'thread') continue
    if (cache.size >= CONVERSATION_CACHE_MAX) cache.delete(cache.keys().next().value!)
    cache.set(row.key, entry)
  }
  return found
}
