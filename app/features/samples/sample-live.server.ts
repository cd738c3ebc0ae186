// A style's samples, live: every change to them goes to the style's room, where its page and the
// pages of its samples listen (realtime/units/atelier.ts lets in only those who may see the style).
import type { ServiceDeps } from '#app/platform/context.server'
import { SAMPLES_STEP } from '#app/features/atelier'
import { accounts, references, styles } from '#db/schema'
import { ATELIER_EVENTS, atelierRooms, rooms, type SampleChangedEvent } from '#app/platform/protocol'
import { and, eq } from 'drizzle-orm'
import type { Actor } from '#app/platform/access/actor'

/** Tells everyone looking at the style what changed, who changed it and when. */
export function announceSampleChange(
  deps: ServiceDeps,
  actor: Actor,
  change: Omit<SampleChangedEvent, 'by' | 'byKey' | 'at'>,
  /** When the change was stored, if earlier than now (a new version: its commit). */
  at: Date = new Date(),
): void {
  const event: SampleChangedEvent = { ...change, by: actor.name, byKey: actor.key, at: at.toISOString() }
  deps.events.publish(atelierRooms.style(change.style), ATELIER_EVENTS.changed, event)
}

/**
 * After an account lost a grant in a brand: its sockets leave the rooms of the brand's styles, and
 * its pages are asked to watch their style again, which the access module then decides afresh.
 */
export async function leaveBrandStyleRooms(deps: ServiceDeps, accountKey: string, brandKey: string): Promise<void> {
  const rows = await deps.db.select({ key: styles.key }).from(styles).where(eq(styles.brandKey, brandKey))
  deps.events.leaveRooms(
    accountKey,
    rows.map((row) => atelierRooms.style(row.key)),
  )
  deps.events.publish(rooms.account(accountKey), ATELIER_EVENTS.rewatch, { brand: brandKey })
}

/**
 * A style file passed its checks: if it is a sample's, the style's pages are told it is ready to
 * show (a sample appears on the style page once its file is available).
 */
export async function sampleFileSettled(deps: ServiceDeps, file: { key: string; status: string }): Promise<void> {
  if (file.status !== 'available') return
  const rows = await deps.db
    .select({
      key: references.key,
      styleKey: references.styleKey,
      name: references.name,
      by: accounts.name,
      byKey: accounts.key,
    })
    .from(references)
    .leftJoin(accounts, eq(accounts.key, references.createdBy))
    .where(and(eq(references.fileKey, file.key), eq(references.step, SAMPLES_STEP)))
  for (const row of rows) {
    if (!row.styleKey) continue
    const event: SampleChangedEvent = {
      style: row.styleKey,
      sample: row.key,
      change: 'ready',
      name: row.name,
      by: row.by ?? '',
      byKey: row.byKey ?? '',
      at: new Date().toISOString(),
    }
    deps.events.publish(atelierRooms.style(row.styleKey), ATELIER_EVENTS.changed, event)
  }
}
