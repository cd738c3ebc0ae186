// Notifications: stored first, then pushed to each recipient's socket.io room. An account only
// ever reads or changes its own notifications; every query below filters by the actor's key.
import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm'
import { accounts, notifications } from '#db/schema'
import { AppError } from '#app/platform/errors'
import { newKey } from '#app/platform/ids'
import {
  NOTIFICATION_LIMITS,
  NewNotificationSchema,
  type NotificationSegment,
} from '#app/features/notifications/notification-schemas'
import { EVENTS, rooms, type NotificationChangePayload, type NotificationPayload } from '#app/platform/protocol'
import { requireBrandAbility } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { dateOfJson, forAccount, selectColumn, type ColumnFor, type ColumnRead } from '#app/platform/columns.server'
import { profilePictureUrl, profilePictureUrlOf } from '#app/features/identity/index.server'
import { parseOrThrow } from '#app/platform/validation.server'
import type { Actor } from '#app/platform/access/actor'
import { brandMemberKeys } from '#app/platform/access/grants.server'

interface NotificationContent {
  action: string
  targetKind: string
  targetId: string
  segments: NotificationSegment[]
}

interface BrandEvent extends NotificationContent {
  actor: Actor
  brandKey: string
}

interface AccountEvent extends NotificationContent {
  accountKey: string
  /** Who caused it; null for the product itself (shown without a name). */
  actor: Actor | null
  brandKey: string | null
}

/** One notification as the API, the bell and the centre show it (atelier.md §3 Notification). */
export interface NotificationView {
  key: string
  profileImg: string | null
  firstName: string
  lastName: string
  action: string
  when: string
  segments: NotificationSegment[]
  targetId: string
  brand: string | null
  read: boolean
}

function splitName(account: { name: string; first?: string; last?: string } | null) {
  if (!account) return { firstName: '', lastName: '' }
  if (account.first || account.last) return { firstName: account.first ?? '', lastName: account.last ?? '' }
  const parts = account.name.split(' ')
  return { firstName: parts[0] ?? '', lastName: parts.slice(1).join(' ') }
}

/**
 * Checks what a notification would store: lengths of action, target and segments, and that a
 * segment's link is a path on this origin (docs/decisions/053). A bad one is a bug of its
 * caller, refused before anything is written.
 */
function checkContent(content: NotificationContent): NotificationContent {
  return parseOrThrow(NewNotificationSchema, {
    action: content.action,
    targetKind: content.targetKind,
    targetId: content.targetId,
    segments: content.segments,
  }) as NotificationContent
}

async function insertAndPush(
  deps: ServiceDeps,
  actor: Actor | null,
  recipients: string[],
  brandKey: string | null,
  content: NotificationContent,
): Promise<string[]> {
  const checked = checkContent(content)
  if (recipients.length === 0) return []
  const rows = await deps.db
    .insert(notifications)
    .values(
      recipients.map((accountKey) => ({
        key: newKey(),
        accountKey,
        brandKey,
        actorKey: actor?.key ?? null,
        action: checked.action,
        targetKind: checked.targetKind,
        targetId: checked.targetId,
        segments: checked.segments,
      })),
    )
    .returning()
  const profileImg = actor ? await profilePictureUrl(deps, actor) : null
  const names = actor ? splitName({ name: actor.name }) : splitName(null)
  for (const row of rows) {
    const payload: NotificationPayload = {
      key: row.key,
      profileImg,
      ...names,
      action: row.action,
      when: row.created.toISOString(),
      segments: row.segments,
      targetId: row.targetId,
      brand: row.brandKey,
    }
    deps.events.publish(rooms.account(row.accountKey), EVENTS.notificationNew, payload)
  }
  return rows.map((row) => row.key)
}

/** Stores a notification for every other member of the brand and pushes it to them. */
export async function notifyBrandMembers(deps: ServiceDeps, event: BrandEvent): Promise<number> {
  const recipients = (await brandMemberKeys(deps, event.brandKey)).filter((key) => key !== event.actor.key)
  return (await insertAndPush(deps, event.actor, recipients, event.brandKey, event)).length
}

/** Stores a notification for each of some accounts (never the actor) and pushes it. */
export async function notifyAccounts(
  deps: ServiceDeps,
  event: NotificationContent & { actor: Actor; accountKeys: string[]; brandKey: string },
): Promise<number> {
  const recipients = [...new Set(event.accountKeys)].filter((key) => key !== event.actor.key)
  return (await insertAndPush(deps, event.actor, recipients, event.brandKey, event)).length
}

/** Stores a notification for one account (for example about its own onboarding) and pushes it. */
export async function notifyAccount(deps: ServiceDeps, event: AccountEvent): Promise<string> {
  const [key] = await insertAndPush(deps, event.actor, [event.accountKey], event.brandKey, event)
  return key!
}

export async function hasUnreadNotifications(deps: ServiceDeps, actor: Actor): Promise<boolean> {
  const [row] = await deps.db
    .select({ key: notifications.key })
    .from(notifications)
    .where(and(eq(notifications.accountKey, actor.key), isNull(notifications.readAt)))
    .limit(1)
  return Boolean(row)
}

type NotificationActor = Pick<typeof accounts.$inferSelect, 'name' | 'first' | 'last' | 'assets'>
type ShownNotification = Pick<
  typeof notifications.$inferSelect,
  'key' | 'action' | 'created' | 'segments' | 'targetId' | 'brandKey' | 'readAt'
>

const notificationColumns = {
  n: notifications,
  actor: { name: accounts.name, first: accounts.first, last: accounts.last, assets: accounts.assets },
}

/** Newest first, by (created, key) so rows of the same instant keep a stable order. */
async function selectNotifications(deps: ServiceDeps, conditions: SQL[], limit: number): Promise<NotificationView[]> {
  const rows = await deps.db
    .select(notificationColumns)
    .from(notifications)
    .leftJoin(accounts, eq(accounts.key, notifications.actorKey))
    .where(and(...conditions))
    .orderBy(desc(notifications.created), desc(notifications.key))
    .limit(limit)
  return toViews(deps, rows)
}

/**
 * What the page frame's bell shows: whether any notification is unread (its dot) and the newest
 * few. One column for both, so the frame reads it in the statement that brings its brand
 * (docs/decisions/077, 163); the same answers as hasUnreadNotifications and listNotifications.
 * Written with the account's placeholder, it serves a statement prepared once (decision 164).
 */
export function bellColumn(
  deps: ServiceDeps,
  actor: Actor,
  limit: number,
  written: ColumnFor = 'values',
): ColumnRead<Bell> {
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw new Error(`A bell of ${limit} notifications.`)
  const account = written === 'placeholders' ? forAccount : actor.key
  const newest = sql`select ${notifications.key} as key, ${notifications.action} as action,
      ${notifications.created} as created, ${notifications.segments} as segments,
      ${notifications.targetId} as target_id, ${notifications.brandKey} as brand_key,
      ${notifications.readAt} as read_at, ${accounts.key} as actor_key, ${accounts.name} as actor_name,
      ${accounts.first} as actor_first, ${accounts.last} as actor_last, ${accounts.assets} as actor_assets
    from ${notifications} left join ${accounts} on ${eq(accounts.key, notifications.actorKey)}
    where ${eq(notifications.accountKey, account)}
    order by ${notifications.created} desc, ${notifications.key} desc limit ${sql.raw(String(limit))}`
  return {
    sql: sql`(select json_build_array(
      exists (select 1 from notifications as unread where unread.account_key = ${account} and unread.read_at is null),
      coalesce(json_agg(json_build_array(bell.key, bell.action, bell.created, bell.segments, bell.target_id,
        bell.brand_key, bell.read_at, bell.actor_key, bell.actor_name, bell.actor_first, bell.actor_last,
        bell.actor_assets) order by bell.created desc, bell.key desc), '[]'::json))
      from (${newest}) as bell)`,
    read(value) {
      const [unread, items] = value as [boolean, BellItem[]]
      const rows = items.map(([key, action, created, segments, targetId, brandKey, readAt, actorKey, ...actor]) => ({
        n: {
          key,
          action,
          created: dateOfJson(created),
          segments,
          targetId,
          brandKey,
          readAt: readAt === null ? null : dateOfJson(readAt),
        },
        actor: actorKey === null ? null : { name: actor[0], first: actor[1], last: actor[2], assets: actor[3] },
      }))
      return { unread, items: toViews(deps, rows) }
    },
  }
}

interface Bell {
  unread: boolean
  items: NotificationView[]
}

/** A bell item as its column answers it: the notification's fields, then its actor's. */
type BellItem = [
  key: string,
  action: string,
  created: string,
  segments: NotificationSegment[],
  targetId: string,
  brandKey: string | null,
  readAt: string | null,
  actorKey: string | null,
  ...actor: [
    NotificationActor['name'],
    NotificationActor['first'],
    NotificationActor['last'],
    NotificationActor['assets'],
  ],
]

export function bellNotifications(deps: ServiceDeps, actor: Actor, limit: number): Promise<Bell> {
  return selectColumn(deps.db, bellColumn(deps, actor, limit))
}

function toViews(
  deps: ServiceDeps,
  rows: { n: ShownNotification; actor: NotificationActor | null }[],
): NotificationView[] {
  return rows.map(({ n, actor }) => ({
    key: n.key,
    profileImg: actor ? profilePictureUrlOf(deps, actor) : null,
    ...splitName(actor),
    action: n.action,
    when: n.created.toISOString(),
    segments: n.segments,
    targetId: n.targetId,
    brand: n.brandKey,
    read: n.readAt !== null,
  }))
}

/** The actor's newest notifications of every brand (the bell, and notifications_flat). */
export function listNotifications(deps: ServiceDeps, actor: Actor, limit = 50): Promise<NotificationView[]> {
  return selectNotifications(deps, [eq(notifications.accountKey, actor.key)], limit)
}

/** What the centre under a brand shows: that brand's notifications and those of no brand. */
function centreScope(actor: Actor, brandKey: string): SQL {
  return and(
    eq(notifications.accountKey, actor.key),
    or(eq(notifications.brandKey, brandKey), isNull(notifications.brandKey)),
  )!
}

export const CENTRE_PAGE_SIZE = 50

export interface CentrePage {
  items: NotificationView[]
  /** The cursor of the next, older page, or null when this page reaches the oldest. */
  older: string | null
  unread: number
}

/**
 * One page of the notification centre under a brand (docs/decisions/054): newest first, 50 a
 * page, older pages by keyset (`before` is the key of the last notification seen). A cursor that
 * is no longer among the actor's notifications (cleared meanwhile) starts from the newest.
 */
export async function notificationCentre(
  deps: ServiceDeps,
  actor: Actor,
  input: { brandKey: string; before?: string | null },
): Promise<CentrePage> {
  requireBrandAbility(actor, 'brand.view', input.brandKey)
  const scope = centreScope(actor, input.brandKey)
  const conditions = [scope]
  const before = input.before && input.before.length <= NOTIFICATION_LIMITS.key ? input.before : null
  if (before) {
    const [cursor] = await deps.db
      .select({ created: notifications.created, key: notifications.key })
      .from(notifications)
      .where(and(scope, eq(notifications.key, before)))
    // Compared in the database, so the microseconds a JavaScript Date would lose still count.
    if (cursor) {
      conditions.push(
        sql`(${notifications.created}, ${notifications.key}) < (select created, key from notifications where key = ${cursor.key})`,
      )
    }
  }
  const rows = await selectNotifications(deps, conditions, CENTRE_PAGE_SIZE + 1)
  const items = rows.slice(0, CENTRE_PAGE_SIZE)
  const [counted] = await deps.db
    .select({ unread: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(scope, isNull(notifications.readAt)))
  return {
    items,
    older: rows.length > CENTRE_PAGE_SIZE ? items[items.length - 1]!.key : null,
    unread: counted?.unread ?? 0,
  }
}

/** Which of the actor's notifications a change applies to. */
export type NotificationSelection =
  | { key: string }
  | { targetId: string }
  /** All of them, or with `brandKey` those the centre under that brand shows. */
  | { all: true; brandKey?: string }

function selectionConditions(actor: Actor, which: NotificationSelection): SQL[] {
  if ('key' in which) return [eq(notifications.accountKey, actor.key), eq(notifications.key, which.key)]
  if ('targetId' in which) return [eq(notifications.accountKey, actor.key), eq(notifications.targetId, which.targetId)]
  if (which.brandKey) {
    requireBrandAbility(actor, 'brand.view', which.brandKey)
    return [centreScope(actor, which.brandKey)]
  }
  return [eq(notifications.accountKey, actor.key)]
}

/** Tells every open tab of the account what changed, so their bells follow (app/platform/protocol.ts). */
async function pushChange(deps: ServiceDeps, actor: Actor, event: string, keys: string[]) {
  if (keys.length === 0) return
  const payload: NotificationChangePayload = { keys, unread: await hasUnreadNotifications(deps, actor) }
  deps.events.publish(rooms.account(actor.key), event, payload)
}

/** Marks notifications read (one by key, those of a target, or all); answers how many changed. */
export async function markNotificationsRead(
  deps: ServiceDeps,
  actor: Actor,
  which: NotificationSelection | 'all',
): Promise<number> {
  const selection = which === 'all' ? ({ all: true } as const) : which
  const rows = await deps.db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(...selectionConditions(actor, selection), isNull(notifications.readAt)))
    .returning({ key: notifications.key })
  await pushChange(
    deps,
    actor,
    EVENTS.notificationRead,
    rows.map((row) => row.key),
  )
  return rows.length
}

/**
 * Clears (deletes) notifications: all of the actor's with one target — the spec clears one by
 * targetId, so a target notified twice goes at once — or all of them. Answers how many went.
 */
export async function clearNotifications(
  deps: ServiceDeps,
  actor: Actor,
  which: { targetId: string } | { all: true; brandKey?: string },
): Promise<number> {
  const rows = await deps.db
    .delete(notifications)
    .where(and(...selectionConditions(actor, which)))
    .returning({ key: notifications.key })
  await pushChange(
    deps,
    actor,
    EVENTS.notificationCleared,
    rows.map((row) => row.key),
  )
  return rows.length
}

/**
 * The selector of a mark-read or clear call from the JSON API or a form: a `key` or a `targetId`,
 * each a string of at most 128 characters. Refuses anything else with the field's name.
 */
export function parseSelector(
  input: unknown,
  accept: readonly ('key' | 'targetId')[],
): { key: string } | { targetId: string } {
  const body = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>
  for (const field of accept) {
    const value = body[field]
    if (value === undefined || value === null) continue
    if (typeof value !== 'string') throw new AppError('ValidationError', `${field}: Expected a string.`)
    const trimmed = value.trim()
    if (trimmed === '') throw new AppError('ValidationError', `${field}: Required`)
    if (trimmed.length > NOTIFICATION_LIMITS.key) {
      throw new AppError('ValidationError', `${field}: must be at most ${NOTIFICATION_LIMITS.key} characters.`)
    }
    return field === 'key' ? { key: trimmed } : { targetId: trimmed }
  }
  throw new AppError('ValidationError', `${accept[0]}: Required`)
}
