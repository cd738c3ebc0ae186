// Fixed-window counters kept in the database, so every process behind a load balancer shares them.
// `now` is the caller's clock (tests pass their own to cross a window's end without waiting).
import { eq, sql } from 'drizzle-orm'
import { rateLimits } from '#db/schema'
import type { ServiceDeps } from '#app/platform/context.server'

export interface RateLimitRule {
  limit: number
  windowMs: number
}

/** True when the bucket has already reached its limit in the current window. */
export async function isLimited(
  deps: ServiceDeps,
  bucket: string,
  rule: RateLimitRule,
  now = new Date(),
): Promise<boolean> {
  return (await countInWindow(deps, bucket, rule, now)) >= rule.limit
}

/** Counts one event against the bucket, starting a new window when the old one has passed. */
export async function hit(deps: ServiceDeps, bucket: string, rule: RateLimitRule, now = new Date()): Promise<void> {
  const windowStartCutoff = new Date(now.getTime() - rule.windowMs)
  await deps.db
    .insert(rateLimits)
    .values({ bucket, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: rateLimits.bucket,
      set: {
        count: sql`case when ${rateLimits.windowStart} <= ${windowStartCutoff.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= ${windowStartCutoff.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
      },
    })
}

export async function clear(deps: ServiceDeps, bucket: string): Promise<void> {
  await deps.db.delete(rateLimits).where(eq(rateLimits.bucket, bucket))
}

/** Events counted in the bucket's current window (0 once the window has passed). */
export async function countInWindow(
  deps: ServiceDeps,
  bucket: string,
  rule: RateLimitRule,
  now = new Date(),
): Promise<number> {
  const [row] = await deps.db.select().from(rateLimits).where(eq(rateLimits.bucket, bucket)).limit(1)
  if (!row || now.getTime() - row.windowStart.getTime() >= rule.windowMs) return 0
  return row.count
}
