// Group commit of sends to direct and group chats: sends that arrive together are checked, stored
// in one statement and pushed together.
import { type SendMessageInput } from '#app/features/chat/schemas'
import { attachToMessage, type FileRow } from '#app/features/files/index.server'
import { hasBrandAbility } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { notFound } from '#app/platform/errors'
import { groupCommit, type GroupCommit } from '#app/platform/group-commit.server'
import { newKey } from '#app/platform/ids'
import { conversationMembers } from '#db/schema'
import { CHAT_EVENTS, chatRooms } from '#app/platform/protocol'
import { and, eq, sql } from 'drizzle-orm'
import { notifyAbout } from './chat-notices.server'
import {
  rowsOf,
  toMessageView,
  type AccountRow,
  type ConversationRow,
  type MessageRow,
  type MessageView,
} from './chat-views.server'
import { conversationRows, forgetConversation, type CachedConversation } from './conversation-cache.server'
import { summaries } from './conversations.server'
import { sendToThread, sentBefore } from './message-store.server'
import type { Actor } from '#app/platform/access/actor'

interface PendingSend {
  deps: ServiceDeps
  actor: Actor
  /** From a socket, whose actor was read at its handshake: its grants are read again. */
  reloadGrants: boolean
  conversationKey: string
  parsed: SendMessageInput
  /** The file the message carries, checked before it was queued. */
  attachment: FileRow | null
  resolve(view: MessageView): void
  reject(error: unknown): void
}

/** One queue per database (tests run several portals in one process). */
const sendQueues = new WeakMap<object, GroupCommit<PendingSend>>()

export function sendsOf(deps: ServiceDeps): GroupCommit<PendingSend> {
  let queue = sendQueues.get(deps.db)
  if (!queue) {
    queue = groupCommit<PendingSend>(
      (items) => storeBatch(items[0]!.deps, items),
      (item, error) => item.reject(error),
    )
    sendQueues.set(deps.db, queue)
  }
  return queue
}

type Sender = Pick<AccountRow, 'key' | 'first' | 'last' | 'name' | 'email' | 'assets'>

interface Accepted {
  item: PendingSend
  actor: Actor
  conversation: ConversationRow
  key: string
}

/**
 * The sends of one batch, with the same checks as one at a time (openConversation): the
 * conversation exists, the sender is a member and (grants as they are now) may still message in
 * its brand; NotFound otherwise. The senders' grants and names are read in one statement for the
 * whole batch; the messages, the membership check and the senders' read marks are one more.
 * Each message is pushed once that statement has stored it.
 */
async function storeBatch(deps: ServiceDeps, items: PendingSend[]) {
  const senderKeys = [...new Set(items.map((item) => item.actor.key))]
  const { grantsBy, senderBy } = await sendersOf(deps, senderKeys)
  const conversationBy = await conversationRows(deps, [...new Set(items.map((item) => item.conversationKey))])

  const accepted: Accepted[] = []
  for (const item of items) {
    const actor = item.reloadGrants ? { ...item.actor, grants: grantsBy.get(item.actor.key) ?? [] } : item.actor
    const conversation = conversationBy.get(item.conversationKey)?.row
    if (!conversation) {
      item.reject(notFound('Conversation'))
    } else if (conversation.kind === 'thread') {
      sendToThread(deps, actor, conversation.key, item.parsed, item.attachment).then(item.resolve, item.reject)
    } else if (!hasBrandAbility(actor, 'message.send', conversation.brandKey)) {
      item.reject(notFound('Conversation'))
    } else if (item.attachment && item.attachment.brandKey !== conversation.brandKey) {
      item.reject(notFound('File'))
    } else {
      accepted.push({ item, actor, conversation, key: newKey() })
    }
  }
  if (accepted.length === 0) return

  let stored: StoredRow[]
  try {
    stored = await insertMessages(deps, accepted)
  } catch (error) {
    for (const { item } of accepted) item.reject(error)
    return
  }
  const storedBy = new Map(stored.map((row) => [row.key, row]))
  await bringBackToDirectChats(
    deps,
    accepted.filter(({ key }) => storedBy.has(key)).map(({ conversation }) => conversation),
    conversationBy,
  )
  const looking = new Map<string, Promise<Set<string>>>()
  const done: Promise<unknown>[] = []
  for (const { item, actor, conversation, key } of accepted) {
    const row = storedBy.get(key)
    if (!row) {
      // Not a member (or no longer a conversation), or its client_key was used before.
      done.push(notStored(deps, actor, item, conversation).then(item.resolve, item.reject))
      continue
    }
    const message: MessageRow = {
      seq: Number(row.seq),
      key,
      conversationKey: conversation.key,
      brandKey: conversation.brandKey,
      senderKey: actor.key,
      text: item.parsed.text,
      clientKey: item.parsed.client_key ?? null,
      created: new Date(row.created),
    }
    const attached = item.attachment ? await attachToMessage(deps, item.attachment.key, key) : null
    const view = toMessageView(deps, message, conversation, senderBy.get(actor.key) ?? null, attached)
    deps.events.publish(chatRooms.conversation(conversation.key), CHAT_EVENTS.message, view)
    if (!looking.has(conversation.key)) {
      looking.set(conversation.key, deps.events.accountsIn(chatRooms.viewing(conversation.key)))
    }
    const members = conversationBy.get(conversation.key)?.members ?? []
    done.push(
      looking
        .get(conversation.key)!
        .then((lookers) => notifyAbout(deps, actor, conversation, view, { members, looking: lookers }))
        .then(() => item.resolve(view), item.reject),
    )
  }
  await Promise.all(done)
}

/**
 * A direct chat one of its two people has left comes back for them with the next message, as it
 * would in any messenger: they are members again and see it in their list (decision 145).
 */
async function bringBackToDirectChats(
  deps: ServiceDeps,
  written: ConversationRow[],
  conversationBy: Map<string, CachedConversation>,
) {
  for (const conversation of new Set(written)) {
    const members = conversationBy.get(conversation.key)?.members ?? []
    if (conversation.kind !== 'direct' || !conversation.pairKey || members.length >= 2) continue
    const pair = conversation.pairKey.split(':')
    const back = await deps.db
      .insert(conversationMembers)
      .values(
        pair.map((accountKey) => ({ conversationKey: conversation.key, accountKey, brandKey: conversation.brandKey })),
      )
      .onConflictDoNothing()
      .returning({ accountKey: conversationMembers.accountKey })
    forgetConversation(deps, conversation.key)
    conversationBy.set(conversation.key, { row: conversation, members: pair })
    for (const { accountKey } of back) {
      deps.events.joinRooms(accountKey, [chatRooms.conversation(conversation.key)])
      const [summary] = await summaries(deps, accountKey, [conversation])
      deps.events.publish(chatRooms.account(accountKey), CHAT_EVENTS.conversation, summary)
    }
  }
}

/** A send the batch statement did not store: the refusal one at a time gives, or the earlier message. */
async function notStored(deps: ServiceDeps, actor: Actor, item: PendingSend, conversation: ConversationRow) {
  const [member] = await deps.db
    .select({ key: conversationMembers.accountKey })
    .from(conversationMembers)
    .where(
      and(eq(conversationMembers.conversationKey, conversation.key), eq(conversationMembers.accountKey, actor.key)),
    )
    .limit(1)
  if (!member) {
    forgetConversation(deps, conversation.key)
    throw notFound('Conversation')
  }
  return sentBefore(deps, actor, item.parsed.client_key ?? null, conversation)
}

type SenderGrantRow = Sender & { model: string | null; modelId: string | null; type: string | null }

/**
 * The grants of the senders as they are now (ordered as loadGrants orders them) and what a message
 * shows of them, in one statement.
 */
async function sendersOf(deps: ServiceDeps, keys: string[]) {
  // Raw SQL with an array parameter: one statement text for any number of senders, and less
  // query building on the hot path than the builder.
  const result = await deps.db.execute(sql`
    select a.key, a.first, a.last, a.name, a.email, a.assets, g.model, g.model_id as "modelId", g.type
    from accounts a
    left join (grants g join brands b on b.key = g.brand_key and b.archived_at is null) on g.account_key = a.key
    where a.key = any(${sql.param(keys)}::text[])
    order by g.created, g.key`)
  const rows = rowsOf<SenderGrantRow>(result)
  const grantsBy = new Map<string, Actor['grants']>(keys.map((key) => [key, []]))
  const senderBy = new Map<string, Sender>()
  for (const row of rows) {
    if (!senderBy.has(row.key)) {
      const { key, first, last, name, email, assets } = row
      senderBy.set(key, { key, first, last, name, email, assets })
    }
    if (row.model !== null) {
      grantsBy
        .get(row.key)!
        .push({ model: row.model, model_id: row.modelId, type: row.type } as Actor['grants'][number])
    }
  }
  return { grantsBy, senderBy }
}

/**
 * One statement: the messages of senders who are members of their conversation now (a client_key
 * used before stores nothing) and each sender's read mark up to their newest message here.
 */
async function insertMessages(deps: ServiceDeps, accepted: Accepted[]): Promise<StoredRow[]> {
  // Arrays, one per column: six parameters for any number of messages.
  const column = (pick: (entry: Accepted) => string | null) => sql.param(accepted.map(pick))
  const result = await deps.db.execute<StoredRow>(sql`
    with input as (
      select * from unnest(
        ${column((entry) => entry.key)}::text[],
        ${column((entry) => entry.conversation.key)}::text[],
        ${column((entry) => entry.conversation.brandKey)}::text[],
        ${column((entry) => entry.actor.key)}::text[],
        ${column((entry) => entry.item.parsed.text)}::text[],
        ${column((entry) => entry.item.parsed.client_key ?? null)}::text[]
      ) with ordinality as i (key, conversation_key, brand_key, sender_key, text, client_key, ord)
    ),
    stored as (
      insert into messages (key, conversation_key, brand_key, sender_key, text, client_key)
      select i.key, i.conversation_key, i.brand_key, i.sender_key, i.text, i.client_key from input i
      where exists (
        select 1 from conversation_members m
        where m.conversation_key = i.conversation_key and m.account_key = i.sender_key
      )
      order by i.ord
      on conflict do nothing
      returning seq, key, conversation_key, sender_key, brand_key, created
    ), marks as (
      insert into conversation_members (conversation_key, account_key, brand_key, last_read_seq)
      select conversation_key, sender_key, brand_key, max(seq) from stored
      group by conversation_key, sender_key, brand_key
      on conflict (conversation_key, account_key)
      do update set last_read_seq = greatest(conversation_members.last_read_seq, excluded.last_read_seq)
    )
    select seq, key, created from stored`)
  return rowsOf<StoredRow>(result)
}

type StoredRow = {
  seq: number | string
  key: string
  created: string | Date
}
