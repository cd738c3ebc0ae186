// Notices after a message: mentions and unread messages told to the members who may read them.
import { PREVIEW_MAX, mentionsIn, parseMarkupPinThreadKey, truncate } from '#app/features/chat/schemas'
import { notifyAccount } from '#app/features/notifications/index.server'
import { requireAbility } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { accounts, conversationMembers, listings, references, styles, teamMembers, teams } from '#db/schema'
import { chatRooms } from '#app/platform/protocol'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { isBrandMember, threadTarget } from './chat-access.server'
import { noticeSentence } from './notice-sentence'
import { nameParts, rowsOf, type AccountRow, type ConversationRow, type MessageView } from './chat-views.server'
import type { Actor } from '#app/platform/access/actor'
import { brandMemberKeys, loadGrants } from '#app/platform/access/grants.server'

export async function accountRow(deps: ServiceDeps, key: string): Promise<AccountRow | null> {
  const [row] = await deps.db.select().from(accounts).where(eq(accounts.key, key))
  return row ?? null
}

/**
 * Tells the people who are not looking at the conversation: members of a direct or group chat,
 * the participants of a thread, and anyone mentioned by `@name` who can see it. One unread
 * notification per conversation and person is enough; more messages don't add more. A batch of
 * sends passes the members and lookers it read once for all its messages.
 */
export async function notifyAbout(
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
  // A thread's notice names the object it is about and opens that thread where it is shown.
  const about = conversation.kind === 'thread' ? await threadObject(deps, conversation) : null
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
      ...noticeSentence({
        isMention,
        about,
        preview,
        chatUrl: `/brand/${conversation.brandKey}/chat/${conversation.key}`,
      }),
      targetKind: 'Conversation',
      targetId: conversation.key,
    })
  }
}

/** The object a thread is about, by its name, and the address of the page its thread is shown on. */
async function threadObject(deps: ServiceDeps, conversation: ConversationRow): Promise<{ text: string; url: string }> {
  const brand = `/brand/${conversation.brandKey}`
  const modelKey = conversation.modelKey ?? ''
  const sampleAt = async (sampleKey: string) => {
    const [row] = await deps.db
      .select({ name: references.name, styleKey: references.styleKey })
      .from(references)
      .where(eq(references.key, sampleKey))
    return row ? { name: row.name, url: `${brand}/style/${row.styleKey ?? ''}/samples/${sampleKey}` } : null
  }
  switch (conversation.model) {
    case 'Style': {
      const [row] = await deps.db.select({ name: styles.name }).from(styles).where(eq(styles.key, modelKey))
      return { text: row?.name ?? 'a style', url: `${brand}/style/${modelKey}#comments` }
    }
    case 'Listing': {
      const [row] = await deps.db.select({ name: listings.styleName }).from(listings).where(eq(listings.key, modelKey))
      return { text: row?.name ?? 'a listing', url: `${brand}/products/listing/${modelKey}` }
    }
    case 'Reference': {
      const sample = await sampleAt(modelKey)
      return sample
        ? { text: sample.name, url: `${sample.url}?tab=comments#comments` }
        : { text: 'a sample', url: `${brand}/atelier` }
    }
    case 'MarkupPin': {
      const pin = parseMarkupPinThreadKey(modelKey)
      const sample = pin ? await sampleAt(pin.sampleKey) : null
      return sample
        ? { text: `a pin on ${sample.name}`, url: `${sample.url}?pin=${encodeURIComponent(pin!.pinId)}#comments` }
        : { text: 'a pin', url: `${brand}/atelier` }
    }
    default:
      return { text: 'a thread', url: `${brand}/chat` }
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
  // A team of the brand by name (`@"Design Team"`, `@design-team`, `@designteam`): each of its members.
  const brandTeams = await deps.db
    .select({ key: teams.key, name: teams.name })
    .from(teams)
    .where(eq(teams.brandKey, conversation.brandKey))
  const named = brandTeams.filter((team) => names.some((mention) => teamHandles(team.name).includes(mention)))
  if (named.length > 0) {
    const members = await deps.db
      .select({ accountKey: teamMembers.accountKey })
      .from(teamMembers)
      .where(
        and(
          inArray(
            teamMembers.teamKey,
            named.map((team) => team.key),
          ),
          eq(teamMembers.brandKey, conversation.brandKey),
        ),
      )
    for (const member of members) if (keys.includes(member.accountKey)) found.add(member.accountKey)
  }
  return found
}

/** The ways to write a team's name after `@`, lower case: as is, with dashes, without spaces. */
export function teamHandles(name: string): string[] {
  const lower = name.trim().toLowerCase()
  return [lower, lower.replace(/\s+/g, '-'), lower.replace(/\s+/g, '')]
}
