// Conversations: the chat bar's contacts and groups, opening a direct chat or a thread, creating
// group chats, their summaries and unread counts.
import { GroupChatSchema, PREVIEW_MAX, SENDER_NAME_MAX, truncate } from '#app/features/chat/schemas'
import { requireAbility, requireBrandAbility } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { forAccount, forBrand, selectColumn, type ColumnFor, type ColumnRead } from '#app/platform/columns.server'
import { AppError, notFound } from '#app/platform/errors'
import { newKey } from '#app/platform/ids'
import { parseOrThrow } from '#app/platform/validation.server'
import { accounts, conversationMembers, conversations, messages } from '#db/schema'
import { CHAT_EVENTS, chatRooms } from '#app/platform/protocol'
import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm'
import { isBrandMember, threadModel, threadTarget } from './chat-access.server'
import {
  rowsOf,
  toParticipant,
  type AccountRow,
  type ChatBar,
  type ChatContact,
  type ConversationRow,
  type ConversationSummary,
} from './chat-views.server'
import { forgetConversation } from './conversation-cache.server'
import { presenceByAccount } from './presence-state'
import type { Actor } from '#app/platform/access/actor'
import { brandMemberKeys } from '#app/platform/access/grants.server'

/** The direct chat between the actor and another member of the brand, made on first use. */
export async function openDirectChat(
  deps: ServiceDeps,
  actor: Actor,
  brandKey: string,
  otherKey: string,
): Promise<ConversationSummary> {
  requireBrandAbility(actor, 'message.send', brandKey)
  if (typeof otherKey !== 'string' || otherKey === '' || otherKey.length > 128) {
    throw new AppError('ValidationError', 'account: the key of a member of the brand is required.', {
      account: ['Required'],
    })
  }
  if (otherKey === actor.key) throw new AppError('ValidationError', 'account: choose someone other than yourself.')
  if (!(await isBrandMember(deps, otherKey, brandKey))) throw notFound('Account')
  const pairKey = [actor.key, otherKey].sort().join(':')
  const key = newKey()
  await deps.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(conversations)
      .values({ key, brandKey, kind: 'direct', pairKey, createdBy: actor.key })
      .onConflictDoNothing()
      .returning({ key: conversations.key })
    if (inserted.length === 0) return
    await tx.insert(conversationMembers).values([
      { conversationKey: key, accountKey: actor.key, brandKey },
      { conversationKey: key, accountKey: otherKey, brandKey },
    ])
  })
  const [row] = await deps.db
    .select()
    .from(conversations)
    .where(and(eq(conversations.brandKey, brandKey), eq(conversations.pairKey, pairKey)))
  if (row!.key === key) {
    for (const member of [actor.key, otherKey]) deps.events.joinRooms(member, [chatRooms.conversation(key)])
  } else {
    // The chat was there; the actor may have left it (a direct chat is only ever left): back in.
    const rejoined = await deps.db
      .insert(conversationMembers)
      .values({ conversationKey: row!.key, accountKey: actor.key, brandKey })
      .onConflictDoNothing()
      .returning({ accountKey: conversationMembers.accountKey })
    if (rejoined.length > 0) {
      forgetConversation(deps, row!.key)
      deps.events.joinRooms(actor.key, [chatRooms.conversation(row!.key)])
    }
  }
  const [summary] = await summaries(deps, actor.key, [row!])
  return summary!
}

/** A named group chat of the actor and at least one other member of the brand. */
export async function createGroupChat(
  deps: ServiceDeps,
  actor: Actor,
  brandKey: string,
  input: unknown,
): Promise<ConversationSummary> {
  requireBrandAbility(actor, 'message.send', brandKey)
  const { name, members } = parseOrThrow(GroupChatSchema, normalizeMembers(input))
  const others = [...new Set(members)].filter((key) => key !== actor.key)
  if (others.length === 0) {
    throw new AppError('ValidationError', 'members: At least 1 selection required.', {
      members: ['At least 1 selection required.'],
    })
  }
  const brandMembers = new Set(await brandMemberKeys(deps, brandKey))
  const outsider = others.find((key) => !brandMembers.has(key))
  if (outsider) throw new AppError('ValidationError', 'members: everyone must be a member of the brand.')
  const key = newKey()
  const everyone = [actor.key, ...others]
  const [row] = await deps.db.transaction(async (tx) => {
    const created = await tx
      .insert(conversations)
      .values({ key, brandKey, kind: 'group', name, createdBy: actor.key })
      .returning()
    await tx
      .insert(conversationMembers)
      .values(everyone.map((accountKey) => ({ conversationKey: key, accountKey, brandKey })))
    return created
  })
  for (const member of everyone) {
    deps.events.joinRooms(member, [chatRooms.conversation(key)])
  }
  for (const member of everyone) {
    const [summary] = await summaries(deps, member, [row!])
    deps.events.publish(chatRooms.account(member), CHAT_EVENTS.conversation, summary)
  }
  const [summary] = await summaries(deps, actor.key, [row!])
  return summary!
}

/** Members arrive as an array (JSON) or as keys joined by commas (the spec's form, access.md §7). */
function normalizeMembers(input: unknown): unknown {
  if (!input || typeof input !== 'object') return input
  const raw = (input as { members?: unknown }).members
  if (typeof raw !== 'string') return input
  const members = raw
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean)
  return { ...input, members }
}

/** The comment thread of an object, made on first use; the actor must be able to view the object. */
export async function threadOf(
  deps: ServiceDeps,
  actor: Actor,
  model: string | undefined,
  modelKey: string | undefined,
): Promise<ConversationRow> {
  return (await findThread(deps, actor, model, modelKey, { create: true }))!
}

/** The comment thread of an object the actor can view; null before it exists, unless `create`. */
export async function findThread(
  deps: ServiceDeps,
  actor: Actor,
  model: string | undefined,
  modelKey: string | undefined,
  options: { create: boolean },
): Promise<ConversationRow | null> {
  const kind = threadModel(model)
  if (!modelKey || modelKey.length > 128) {
    throw new AppError('ValidationError', 'model_id: the key of the object is required.', { model_id: ['Required'] })
  }
  const access = await requireAbility(deps, actor, 'comment.view', threadTarget(kind, modelKey))
  const [existing] = await deps.db
    .select()
    .from(conversations)
    .where(and(eq(conversations.model, kind), eq(conversations.modelKey, modelKey)))
  if (existing || !options.create) return existing ?? null
  const [created] = await deps.db
    .insert(conversations)
    .values({ key: newKey(), brandKey: access.brandKey, kind: 'thread', model: kind, modelKey, createdBy: actor.key })
    .onConflictDoNothing()
    .returning()
  if (created) return created
  const [raced] = await deps.db
    .select()
    .from(conversations)
    .where(and(eq(conversations.model, kind), eq(conversations.modelKey, modelKey)))
  return raced!
}

/** The chat bar of a brand: its members with their direct chats, the actor's group chats. */
export async function chatBar(deps: ServiceDeps, actor: Actor, brandKey: string): Promise<ChatBar> {
  requireBrandAbility(actor, 'message.send', brandKey)
  const memberKeys = (await brandMemberKeys(deps, brandKey)).filter((key) => key !== actor.key)
  const people = memberKeys.length ? await deps.db.select().from(accounts).where(inArray(accounts.key, memberKeys)) : []
  const mine = await deps.db
    .select({ conversation: conversations })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.key, conversationMembers.conversationKey))
    .where(
      and(
        eq(conversationMembers.accountKey, actor.key),
        eq(conversationMembers.brandKey, brandKey),
        ne(conversations.kind, 'thread'),
      ),
    )
  const all = await summaries(
    deps,
    actor.key,
    mine.map((row) => row.conversation),
  )
  const present = presenceByAccount(await deps.events.socketsIn(chatRooms.presence(brandKey)))
  const directWith = new Map<string, ConversationSummary>()
  // The other person of a direct chat is named by its pair, not its members: they may have left it.
  const pairOf = new Map(mine.map(({ conversation }) => [conversation.key, conversation.pairKey]))
  for (const summary of all) {
    if (summary.kind !== 'direct') continue
    const other = pairOf
      .get(summary.key)
      ?.split(':')
      .find((key) => key !== actor.key)
    if (other) directWith.set(other, summary)
  }
  const contacts: ChatContact[] = people.map((row) => {
    const direct = directWith.get(row.key)
    return {
      ...toParticipant(deps, row),
      conversation: direct?.key ?? null,
      lastMessage: direct?.lastMessage ?? null,
      unread: direct?.unread ?? 0,
      readStatus: direct?.readStatus ?? true,
      onlineUser: present.has(row.key),
      presence: present.get(row.key) ?? 'offline',
      activity: direct?.lastMessage ? direct.activity : null,
    }
  })
  // Newest activity first; people never written to after them, by name.
  contacts.sort(
    (a, b) =>
      (b.activity ?? '').localeCompare(a.activity ?? '') || a.name.localeCompare(b.name) || a.key.localeCompare(b.key),
  )
  const groups = all.filter((summary) => summary.kind === 'group').sort((a, b) => b.activity.localeCompare(a.activity))
  const unread = all.reduce((sum, summary) => sum + summary.unread, 0)
  return { brand: brandKey, contacts, groups, unread }
}

/**
 * The CHAT label's count: unread messages in the actor's direct and group chats of a brand, as a
 * column (docs/decisions/163). Checked for the actor and the brand here; written with their
 * placeholders, it serves a statement prepared once (decision 164).
 */
export function unreadCountColumn(actor: Actor, brandKey: string, written: ColumnFor = 'values'): ColumnRead<number> {
  requireBrandAbility(actor, 'message.send', brandKey)
  const [account, brand] = written === 'placeholders' ? [forAccount, forBrand] : [actor.key, brandKey]
  return {
    sql: sql`(select count(*)::int from ${messages}
      inner join ${conversationMembers} on ${and(
        eq(conversationMembers.conversationKey, messages.conversationKey),
        eq(conversationMembers.accountKey, account),
      )}
      inner join ${conversations} on ${eq(conversations.key, messages.conversationKey)}
      where ${and(
        eq(conversationMembers.brandKey, brand),
        // Written out, not a parameter: the column's only values are the account and the brand.
        sql`${conversations.kind} <> 'thread'`,
        gt(messages.seq, conversationMembers.lastReadSeq),
        sql`${messages.senderKey} is distinct from ${account}`,
      )})`,
    read: (value) => Number(value ?? 0),
  }
}

export function unreadCount(deps: ServiceDeps, actor: Actor, brandKey: string): Promise<number> {
  return selectColumn(deps.db, unreadCountColumn(actor, brandKey))
}

function directTitleOfLeft(
  deps: ServiceDeps,
  row: ConversationRow,
  viewerKey: string,
  leftBy: Map<string, AccountRow>,
): string | undefined {
  const other = row.pairKey?.split(':').find((key) => key !== viewerKey)
  const account = other ? leftBy.get(other) : undefined
  return account ? toParticipant(deps, account).name : undefined
}

/** Summaries of conversations as one account sees them (its unread count, the others' names). */
export async function summaries(
  deps: ServiceDeps,
  viewerKey: string,
  rows: ConversationRow[],
): Promise<ConversationSummary[]> {
  if (rows.length === 0) return []
  const keys = rows.map((row) => row.key)
  const memberRows = await deps.db
    .select({
      conversationKey: conversationMembers.conversationKey,
      lastReadSeq: conversationMembers.lastReadSeq,
      account: accounts,
    })
    .from(conversationMembers)
    .innerJoin(accounts, eq(accounts.key, conversationMembers.accountKey))
    .where(inArray(conversationMembers.conversationKey, keys))
  // A direct chat is titled by the other person of its pair, also after they left it.
  const leftKeys = rows.flatMap((row) =>
    row.kind === 'direct' && row.pairKey
      ? row.pairKey
          .split(':')
          .filter((key) => !memberRows.some((m) => m.conversationKey === row.key && m.account.key === key))
      : [],
  )
  const leftBy = new Map(
    leftKeys.length
      ? (await deps.db.select().from(accounts).where(inArray(accounts.key, leftKeys))).map((a) => [a.key, a])
      : [],
  )
  // The viewer's unread count (after their read mark, not their own) and the newest message of
  // each conversation, both by the (conversation, seq) index: an index range per conversation,
  // whatever the number of messages elsewhere.
  const readMarks = keys.map(
    (key) =>
      memberRows.find((member) => member.conversationKey === key && member.account.key === viewerKey)?.lastReadSeq ??
      null,
  )
  const latest = await deps.db.execute<SummaryRow>(
    // A file sent without text is told by its name.
    sql`select c.key as conversation_key, m.seq, m.sender_key, m.created,
          coalesce(nullif(m.text, ''), (select f.original_name from files f where f.message_key = m.key limit 1), '')
            as text,
          case when c.read is null then 0 else (
            select count(*)::int from messages u
            where u.conversation_key = c.key and u.seq > c.read and u.sender_key is distinct from ${viewerKey}
          ) end as unread
        from unnest(${sql.param(keys)}::text[], ${sql.param(readMarks)}::bigint[]) as c(key, read)
        left join lateral (
          select key, seq, text, sender_key, created from messages
          where conversation_key = c.key order by seq desc limit 1
        ) m on true`,
  )
  const latestRows = rowsOf<SummaryRow>(latest)
  const unreadBy = new Map(latestRows.map((row) => [row.conversation_key, Number(row.unread)]))
  const latestBy = new Map(
    latestRows.filter((row) => row.seq !== null).map((row) => [row.conversation_key, row as LatestRow]),
  )
  return rows.map((row) => {
    const members = memberRows.filter((member) => member.conversationKey === row.key)
    const participants = members.map((member) => toParticipant(deps, member.account))
    const last = latestBy.get(row.key)
    const sender = last ? participants.find((p) => p.key === last.sender_key) : undefined
    const others = members.filter((member) => member.account.key !== viewerKey)
    const title =
      row.kind === 'group'
        ? row.name!
        : row.kind === 'direct'
          ? (participants.find((p) => p.key !== viewerKey)?.name ??
            directTitleOfLeft(deps, row, viewerKey, leftBy) ??
            'Former member')
          : `${row.model} ${row.modelKey}`
    const created = last ? new Date(last.created) : row.created
    return {
      key: row.key,
      kind: row.kind,
      brand: row.brandKey,
      title,
      groupChatName: row.kind === 'group' ? row.name : null,
      model: row.model,
      model_id: row.modelKey,
      members: participants,
      lastMessage: last
        ? {
            text: truncate(last.text, PREVIEW_MAX),
            sender: truncate(sender?.name ?? 'Former member', SENDER_NAME_MAX),
            senderKey: last.sender_key,
            timestamp: Math.floor(created.getTime() / 1000),
          }
        : null,
      unread: unreadBy.get(row.key) ?? 0,
      readStatus: !last || others.every((member) => member.lastReadSeq >= Number(last.seq)),
      activity: created.toISOString(),
    }
  })
}

type LatestRow = {
  conversation_key: string
  seq: number
  text: string
  sender_key: string | null
  created: string
}

/** A conversation's newest message (all null when it has none) and the viewer's unread count. */
type SummaryRow = { [K in keyof LatestRow]: LatestRow[K] | null } & { conversation_key: string; unread: number }
