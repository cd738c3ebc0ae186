// Notifications: stored first, then pushed to each recipient's socket.io room.
import { and, desc, eq, isNull } from 'drizzle-orm'
import { accounts, notifications } from '#db/schema'
import { AppError } from '#app/lib/errors'
import { newKey } from '#app/lib/ids'
import { EVENTS, rooms, type NotificationPayload } from '#realtime/protocol'
import { brandMemberKeys, type Actor } from './accounts.server'
import type { ServiceDeps } from './context.server'

interface BrandEvent {
  actor: Actor
  brandKey: string
  action: string
  targetKind: string
  targetId: string
  segments: string[]
}

/** Stores a notification for every other member of the brand and pushes it to them. */
export async function notifyBrandMembers(deps: ServiceDeps, event: BrandEvent): Promise<number> {
  const recipients = (await brandMemberKeys(deps, event.brandKey)).filter((key) => key !== event.actor.key)
  if (recipients.length === 0) return 0
  const rows = await deps.db
    .insert(notifications)
    .values(
      recipients.map((accountKey) => ({
        key: newKey(),
        accountKey,
        brandKey: event.brandKey,
        actorKey: event.actor.key,
        action: event.action,
        targetKind: event.targetKind,
        targetId: event.targetId,
        segments: event.segments,
      })),
    )
    .returning()
  for (const row of rows) {
    const payload: NotificationPayload = {
      key: row.key,
      firstName: event.actor.name.split(' ')[0] ?? '',
      lastName: event.actor.name.split(' ').slice(1).join(' '),
      action: row.action,
      when: row.created.toISOString(),
      segments: row.segments,
      targetId: row.targetId,
      brand: row.brandKey,
    }
    deps.events.publish(rooms.account(row.accountKey), EVENTS.notificationNew, payload)
  }
  return rows.length
}

export async function hasUnreadNotifications(deps: ServiceDeps, actor: Actor): Promise<boolean> {
  const [row] = await deps.db
    .select({ key: notifications.key })
    .from(notifications)
    .where(and(eq(notifications.accountKey, actor.key), isNull(notifications.readAt)))
    .limit(1)
  return Boolean(row)
}

export async function listNotifications(deps: ServiceDeps, actor: Actor, limit = 50) {
  const rows = await deps.db
    .select({ n: notifications, actorName: accounts.name })
    .from(notifications)
    .leftJoin(accounts, eq(accounts.key, notifications.actorKey))
    .where(eq(notifications.accountKey, actor.key))
    .orderBy(desc(notifications.created))
    .limit(limit)
  return rows.map(({ n, actorName }) => ({
    key: n.key,
    firstName: actorName?.split(' ')[0] ?? '',
    lastName: actorName?.split(' ').slice(1).join(' ') ?? '',
    action: n.action,
    when: n.created.toISOString(),
    segments: n.segments,
    targetId: n.targetId,
    read: n.readAt !== null,
  }))
}

/** Marks one notification (by key or by its target) or all of the actor's notifications read. */
export async function markNotificationsRead(
  deps: ServiceDeps,
  actor: Actor,
  which: { key?: string; targetId?: string } | 'all',
): Promise<number> {
  const conditions = [eq(notifications.accountKey, actor.key), isNull(notifications.readAt)]
  if (which !== 'all') {
    if (which.key) conditions.push(eq(notifications.key, which.key))
    else if (which.targetId) conditions.push(eq(notifications.targetId, which.targetId))
    else throw new AppError('ValidationError', 'key: Required')
  }
  const rows = await deps.db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(...conditions))
    .returning({ key: notifications.key })
  return rows.length
}

interface AccountEvent {
  accountKey: string
  /** Who caused it; null for the product itself (shown without a name). */
  actor: Actor | null
  brandKey: string | null
  action: string
  targetKind: string
  targetId: string
  segments: string[]
}

/** Stores a notification for one account (for example about its own onboarding) and pushes it. */
export async function notifyAccount(deps: ServiceDeps, event: AccountEvent): Promise<string> {
  const [row] = await deps.db
    .insert(notifications)
    .values({
      key: newKey(),
      accountKey: event.accountKey,
      brandKey: event.brandKey,
      actorKey: event.actor?.key ?? null,
      action: event.action,
      targetKind: event.targetKind,
      targetId: event.targetId,
      segments: event.segments,
    })
    .returning()
  const name = event.actor?.name.split(' ') ?? []
  const payload: NotificationPayload = {
    key: row!.key,
    firstName: name[0] ?? '',
    lastName: name.slice(1).join(' '),
    action: row!.action,
    when: row!.created.toISOString(),
    segments: row!.segments,
    targetId: row!.targetId,
    brand: row!.brandKey,
  }
  deps.events.publish(rooms.account(event.accountKey), EVENTS.notificationNew, payload)
  return row!.key
}
