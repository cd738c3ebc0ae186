// Chat (atelier.md §4 Messaging): direct chats between two members of a brand, named group chats,
// and the comment thread of an object. A message is stored first, then pushed to the sockets of
// the conversation's room; unread counts come from each member's read mark. Who may take part:
// docs/decisions/048.
import { and, desc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm'
import { accounts, conversationMembers, conversations, files, grants, messages } from '#db/schema'
import { AppError, notFound, permissionError } from '#app/platform/errors'
import { createBurstLimit } from '#app/platform/burst-limit'
import { newKey } from '#app/platform/ids'
import {
  GroupChatSchema,
  MESSAGES_PAGE,
  mentionsIn,
  parseMarkupPinThreadKey,
  PREVIEW_MAX,
  SendMessageSchema,
  SENDER_NAME_MAX,
  THREAD_MODELS,
  truncate,
  type SendMessageInput,
  type ThreadModel,
} from '#app/features/chat/schemas'
import { CHAT_EVENTS, chatRooms } from '#realtime/protocol'
import { brandMemberKeys, loadGrants, type Actor } from '#app/features/identity/accounts.server'
import {
  hasAbility,
  hasBrandAbility,
  requireAbility,
  requireBrandAbility,
  type Target,
} from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import {
  attachToMessage,
  attachmentFields,
  attachmentsOf,
  requireAttachable,
  type AttachmentFields,
  type FileRow,
} from '#app/features/files/files.server'
import { groupCommit, type GroupCommit } from '#app/platform/group-commit.server'
import { notifyAccount } from '#app/features/notifications/notifications.server'
import { profilePictureUrlOf } from '#app/features/identity/profile-picture.server'
import { parseOrThrow } from '#app/platform/validation.server'

type ConversationRow = typeof conversations.$inferSelect
type MessageRow = typeof messages.$inferSelect
type AccountRow = typeof accounts.$inferSelect

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

// ---------------------------------------------------------------------------------------------
// Access

/** The brand-level members of a brand who may chat: active accounts with a grant on the brand. */
async function isBrandMember(deps: ServiceDeps, accountKey: string, brandKey: string): Promise<boolean> {
  const [row] = await deps.db
    .select({ key: grants.key })
    .from(grants)
    .innerJoin(accounts, eq(accounts.key, grants.accountKey))
    .where(
      and(
        eq(grants.accountKey, accountKey),
        eq(grants.model, 'Brand'),
        eq(grants.modelId, brandKey),
        eq(accounts.active, true),
      ),
    )
    .limit(1)
  return Boolean(row)
}

/** Grants as they are now: a socket's actor was read at its handshake. */
async function freshActor(deps: ServiceDeps, actor: Actor): Promise<Actor> {
  return { ...actor, grants: await loadGrants(deps, actor.key) }
}

interface Opened {
  conversation: ConversationRow
  /** Whether the actor may write in it (a thread needs more than read access to its object). */
  mayPost: boolean
}

/**
 * The conversation if the actor may read it: a member of a direct or group chat who still holds a
 * grant on its brand, or anyone who can view a thread's object. NotFound otherwise, so keys of
 * other people's conversations cannot be probed.
 */
async function openConversation(deps: ServiceDeps, actor: Actor, key: string): Promise<Opened> {
  const [conversation] = await deps.db.select().from(conversations).where(eq(conversations.key, key)).limit(1)
  if (!conversation) throw notFound('Conversation')
  if (conversation.kind === 'thread') {
    await requireAbility(deps, actor, 'comment.view', threadTarget(conversation.model!, conversation.modelKey!))
    const mayPost = await requireAbility(
      deps,
      actor,
      'comment.post',
      threadTarget(conversation.model!, conversation.modelKey!),
    ).then(
      () => true,
      () => false,
    )
    return { conversation, mayPost }
  }
  const [member] = await deps.db
    .select({ key: conversationMembers.accountKey })
    .from(conversationMembers)
    .where(and(eq(conversationMembers.conversationKey, key), eq(conversationMembers.accountKey, actor.key)))
    .limit(1)
  if (!member) throw notFound('Conversation')
  try {
    requireBrandAbility(actor, 'message.send', conversation.brandKey)
  } catch {
    throw notFound('Conversation')
  }
  return { conversation, mayPost: true }
}

/** The record whose grants decide a thread: the object itself, or for a markup pin its sample. */
function threadTarget(model: string, modelKey: string): Target {
  if (model !== 'MarkupPin') return { model, key: modelKey }
  // A key that names no pin names no sample either: not found, as an unknown object is.
  return { model: 'Reference', key: parseMarkupPinThreadKey(modelKey)?.sampleKey ?? '' }
}

function threadModel(model: string | undefined): ThreadModel {
  if (!model || !(THREAD_MODELS as readonly string[]).includes(model)) {
    throw new AppError('ValidationError', `model: one of ${THREAD_MODELS.join(', ')}.`, { model: ['Required'] })
  }
  return model as ThreadModel
}

// ---------------------------------------------------------------------------------------------
// Views

function nameParts(row: Pick<AccountRow, 'first' | 'last' | 'name' | 'email'>) {
  const split = row.name.split(' ')
  const firstName = row.first || split[0] || ''
  const lastName = row.last || split.slice(1).join(' ')
  const name = `${firstName} ${lastName}`.trim() || row.name || row.email
  return { firstName, lastName, name }
}

function toParticipant(deps: ServiceDeps, row: AccountRow): Participant {
  return { key: row.key, ...nameParts(row), profilePictureUrl: profilePictureUrlOf(deps, row) }
}

function toMessageView(
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

// ---------------------------------------------------------------------------------------------
// Conversations

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
async function findThread(
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
  const online = await deps.events.accountsIn(chatRooms.presence(brandKey))
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
      onlineUser: online.has(row.key),
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

/** The CHAT label's count: unread messages in the actor's direct and group chats of a brand. */
export async function unreadCount(deps: ServiceDeps, actor: Actor, brandKey: string): Promise<number> {
  requireBrandAbility(actor, 'message.send', brandKey)
  const [row] = await deps.db
    .select({ unread: sql<number>`count(*)::int` })
    .from(messages)
    .innerJoin(
      conversationMembers,
      and(
        eq(conversationMembers.conversationKey, messages.conversationKey),
        eq(conversationMembers.accountKey, actor.key),
      ),
    )
    .innerJoin(conversations, eq(conversations.key, messages.conversationKey))
    .where(
      and(
        eq(conversationMembers.brandKey, brandKey),
        ne(conversations.kind, 'thread'),
        gt(messages.seq, conversationMembers.lastReadSeq),
        sql`${messages.senderKey} is distinct from ${actor.key}`,
      ),
    )
  return row?.unread ?? 0
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
async function summaries(
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

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[]
}

// ---------------------------------------------------------------------------------------------
// Messages

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

/** GET /api/message/query/style: the comment thread of a style. */
export function listStyleMessages(deps: ServiceDeps, actor: Actor, styleKey: string | undefined) {
  return listThreadMessages(deps, actor, 'Style', styleKey)
}

/**
 * Stores a message, then pushes it to the conversation's room. The same `client_key` from the
 * same sender answers the stored message again and pushes nothing new, so a resend after a dropped
 * connection never doubles a message. Sends to direct and group chats are stored by group commit
 * with the others arriving at the same time (docs/decisions/060); the rules are the same.
 */
export async function sendMessage(deps: ServiceDeps, actor: Actor, input: unknown): Promise<MessageView> {
  return sendParsed(deps, actor, parseOrThrow(SendMessageSchema, input), false)
}

/** Sends a message from a socket: the sender's grants are read again first. */
export async function sendMessageLive(deps: ServiceDeps, actor: Actor, input: unknown): Promise<MessageView> {
  return sendParsed(deps, actor, parseOrThrow(SendMessageSchema, input), true)
}

/**
 * A flood of messages from one account is refused before it reaches the database: 30 at once,
 * then one a second (per process; decision 051). People chatting never get near it.
 */
const messageBursts = createBurstLimit({ capacity: 30, refillPerSecond: 1 })

async function sendParsed(
  deps: ServiceDeps,
  actor: Actor,
  parsed: SendMessageInput,
  reloadGrants: boolean,
): Promise<MessageView> {
  if (!messageBursts.take(actor.key)) {
    throw new AppError('RateLimited', 'Too many messages at once. Please wait a moment before sending more.')
  }
  const attachment = await attachmentFor(deps, actor, parsed)
  if (parsed.conversation) {
    const conversationKey = parsed.conversation
    return new Promise<MessageView>((resolve, reject) => {
      sendsOf(deps).add({ deps, actor, reloadGrants, conversationKey, parsed, attachment, resolve, reject })
    })
  }
  if (!parsed.model) {
    throw new AppError('ValidationError', 'conversation: choose a conversation or an object to comment on.', {
      conversation: ['Required'],
    })
  }
  const sender = reloadGrants ? await freshActor(deps, actor) : actor
  const conversation = await threadOf(deps, sender, parsed.model, parsed.model_id)
  await requireAbility(deps, sender, 'comment.post', threadTarget(conversation.model!, conversation.modelKey!))
  return storeAndPush(deps, sender, conversation, parsed, attachment)
}

/**
 * The file a message is to carry (app/features/files/files.server.ts requireAttachable), or null. A
 * resend of a stored message names the file that message already carries: the stored message
 * answers it, as for any resend.
 */
async function attachmentFor(deps: ServiceDeps, actor: Actor, parsed: SendMessageInput): Promise<FileRow | null> {
  if (!parsed.attachment) return null
  try {
    return await requireAttachable(deps, actor, parsed.attachment)
  } catch (error) {
    if (parsed.client_key) {
      const [resent] = await deps.db
        .select({ key: messages.key })
        .from(messages)
        .innerJoin(files, eq(files.messageKey, messages.key))
        .where(
          and(
            eq(messages.senderKey, actor.key),
            eq(messages.clientKey, parsed.client_key),
            eq(files.key, parsed.attachment),
          ),
        )
      if (resent) return null
    }
    throw error
  }
}

/** A file of another brand never rides along into this conversation. */
function checkAttachmentBrand(attachment: FileRow | null, conversation: ConversationRow) {
  if (attachment && attachment.brandKey !== conversation.brandKey) throw notFound('File')
}

/** A comment thread's message, one at a time: its access depends on the object, not on members. */
async function sendToThread(
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

async function storeAndPush(
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
async function sentBefore(
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

// ---------------------------------------------------------------------------------------------
// Group commit of sends to direct and group chats

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

function sendsOf(deps: ServiceDeps): GroupCommit<PendingSend> {
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

/**
 * Direct and group chats keep their kind, brand and members from creation to deletion (nothing
 * adds or removes a member of one; accounts leave by cascade only), so their rows and member lists
 * are kept per process, one map per database. Whether the sender is still a member is checked by
 * the statement that stores the message, never here: a conversation deleted meanwhile, in this
 * process or another, stores nothing and its entry is dropped. The cached members only say whom a
 * message may notify, and each of them is checked again before a notification (mayRead). Code
 * that someday changes the members of a direct or group chat must call forgetConversation.
 */
interface CachedConversation {
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

async function conversationRows(deps: ServiceDeps, keys: string[]): Promise<Map<string, CachedConversation>> {
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

async function accountRow(deps: ServiceDeps, key: string): Promise<AccountRow | null> {
  const [row] = await deps.db.select().from(accounts).where(eq(accounts.key, key))
  return row ?? null
}

/**
 * Tells the people who are not looking at the conversation: members of a direct or group chat,
 * the participants of a thread, and anyone mentioned by `@name` who can see it. One unread
 * notification per conversation and person is enough; more messages don't add more. A batch of
 * sends passes the members and lookers it read once for all its messages.
 */
async function notifyAbout(
  deps: ServiceDeps,
  actor: Actor,
  conversation: ConversationRow,
  message: MessageView,
  known?: { members: string[]; looking: Set<string> },
) {
  const members =
    known?.members ??
    (
      await deps.db
        .select({ accountKey: conversationMembers.accountKey })
        .from(conversationMembers)
        .where(eq(conversationMembers.conversationKey, conversation.key))
    ).map((row) => row.accountKey)
  const recipients = new Set(members)
  const mentioned = await mentionedMembers(deps, conversation, message.text)
  for (const key of mentioned) recipients.add(key)
  recipients.delete(actor.key)
  if (recipients.size === 0) return
  const looking = known?.looking ?? (await deps.events.accountsIn(chatRooms.viewing(conversation.key)))
  // A file sent without text is told by its name.
  const preview = truncate(message.text || message.attachment_name || '', PREVIEW_MAX)
  for (const accountKey of recipients) {
    if (looking.has(accountKey)) continue
    const isMention = mentioned.has(accountKey)
    if (!isMention && (await hasUnreadAbout(deps, accountKey, conversation.key))) continue
    // Only someone who still may read the conversation hears of it.
    if (!(await mayRead(deps, accountKey, conversation))) continue
    await notifyAccount(deps, {
      accountKey,
      actor,
      brandKey: conversation.brandKey,
      action: isMention ? 'mention' : 'message',
      targetKind: 'Conversation',
      targetId: conversation.key,
      segments: [
        message.sender,
        {
          text: isMention ? 'mentioned you:' : conversation.kind === 'thread' ? 'commented:' : 'sent you a message:',
          accented: false,
        },
        // Direct and group chats open on their page; a thread opens where its object is shown.
        conversation.kind === 'thread'
          ? preview
          : { text: preview, url: `/brand/${conversation.brandKey}/chat/${conversation.key}` },
      ],
    })
  }
}

async function hasUnreadAbout(deps: ServiceDeps, accountKey: string, conversationKey: string): Promise<boolean> {
  const rows = await deps.db.execute(
    sql`select 1 from notifications where account_key = ${accountKey} and target_id = ${conversationKey} and read_at is null limit 1`,
  )
  return rowsOf(rows).length > 0
}

async function mayRead(deps: ServiceDeps, accountKey: string, conversation: ConversationRow): Promise<boolean> {
  if (conversation.kind !== 'thread') return isBrandMember(deps, accountKey, conversation.brandKey)
  const grantsNow = await loadGrants(deps, accountKey)
  const probe = { key: accountKey, grants: grantsNow } as Actor
  return requireAbility(deps, probe, 'comment.view', threadTarget(conversation.model!, conversation.modelKey!)).then(
    () => true,
    () => false,
  )
}

/** Members of the brand named by `@first`, `@first.last`, `@username` or `@"First Last"`. */
async function mentionedMembers(deps: ServiceDeps, conversation: ConversationRow, text: string): Promise<Set<string>> {
  const names = mentionsIn(text)
  if (names.length === 0) return new Set()
  const keys = await brandMemberKeys(deps, conversation.brandKey)
  if (keys.length === 0) return new Set()
  const rows = await deps.db.select().from(accounts).where(inArray(accounts.key, keys))
  const found = new Set<string>()
  for (const row of rows) {
    const { firstName, lastName, name } = nameParts(row)
    const handles = [firstName, name, `${firstName}.${lastName}`, `${firstName}${lastName}`, row.username ?? ''].map(
      (handle) => handle.toLowerCase(),
    )
    if (names.some((mention) => mention !== '' && handles.includes(mention))) found.add(row.key)
  }
  return found
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

/**
 * What "Delete conversation" does for this actor (docs/decisions/145): a comment thread is deleted
 * by those who may write in it; a group chat is deleted for everyone by the one who started it or
 * an owner of the brand; anyone else leaves a group, and a direct chat is only ever left, so it
 * disappears for the caller while the others keep it.
 */
export type ConversationRemoval = 'delete' | 'leave'

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

// ---------------------------------------------------------------------------------------------
// Live: the rooms a socket joins, typing and presence

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
