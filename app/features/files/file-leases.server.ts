// Which process works on a file (docs/decisions/162). A process that takes a file's check holds
// a lease on its row and renews it while the check waits or runs; another process takes the
// check over only once the lease ran out (its holder stopped or died), so each file is checked,
// and its thumbnail made, once across a fleet.
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import type { ServiceDeps } from '#app/platform/context.server'
import { processName } from '#app/platform/fleet-work.server'
import { files } from '#db/schema'
import type { FileRow } from './file-work.server'

/** How long a lease holds without being renewed. */
export const LEASE_SECONDS = 30
/** How often a process renews the leases it holds. */
export const RENEW_EVERY_MS = 10_000

const leaseEnd = sql`now() + ${`${LEASE_SECONDS} seconds`}::interval`

// The files this process is working on (receiving or checking), renewed on the timer; shared by
// the server and the Remix build. Work that ended without writing its outcome (a failure) drops
// out of it, so its lease runs out and another process, or this one, tries again.
const HELD = Symbol.for('brand-portal.file-leases')
function held(): Map<string, number> {
  const holder = globalThis as { [HELD]?: Map<string, number> }
  holder[HELD] ??= new Map()
  return holder[HELD]
}

/** This process works on the file until `letGo` (counted: a check may follow its upload's request). */
export function holdLease(key: string): void {
  held().set(key, (held().get(key) ?? 0) + 1)
}

export function letGo(key: string): void {
  const count = (held().get(key) ?? 1) - 1
  if (count > 0) held().set(key, count)
  else held().delete(key)
}

/** The file is now being checked, by this process. */
export async function startCheckLease(
  deps: Pick<ServiceDeps, 'db'>,
  key: string,
  values: Partial<FileRow>,
): Promise<FileRow | null> {
  const [row] = await deps.db
    .update(files)
    .set({ ...values, status: 'scanning', leaseOwner: processName(), leaseUntil: leaseEnd, modified: new Date() })
    .where(eq(files.key, key))
    .returning()
  return row ?? null
}

/**
 * Writes a file's outcome while this process still holds its lease, and ends the lease. Answers
 * null when the lease was lost (the check ran past it and another process took the file over):
 * that process writes the outcome instead.
 */
export async function writeUnderLease(
  deps: Pick<ServiceDeps, 'db'>,
  key: string,
  values: Partial<FileRow>,
): Promise<FileRow | null> {
  const [row] = await deps.db
    .update(files)
    .set({ ...values, leaseOwner: null, leaseUntil: null, modified: new Date() })
    .where(and(eq(files.key, key), eq(files.leaseOwner, processName())))
    .returning()
  return row ?? null
}

/**
 * Takes the lease of an upload whose bytes this process is about to receive (a tus request), when
 * no other process holds it. Answers true when taken, or when there is no such upload (nothing to
 * guard: the request is refused as unknown further on).
 */
export async function takeUploadLease(deps: Pick<ServiceDeps, 'db'>, key: string): Promise<boolean> {
  const taken = await deps.db
    .update(files)
    .set({ leaseOwner: processName(), leaseUntil: leaseEnd })
    .where(
      and(
        eq(files.key, key),
        eq(files.status, 'uploading'),
        or(isNull(files.leaseUntil), lt(files.leaseUntil, sql`now()`), eq(files.leaseOwner, processName())),
      ),
    )
    .returning({ key: files.key })
  if (taken.length > 0) {
    holdLease(key)
    return true
  }
  const [other] = await deps.db
    .select({ key: files.key })
    .from(files)
    .where(and(eq(files.key, key), eq(files.status, 'uploading')))
  return !other
}

/** Ends this process's lease of an upload still arriving (the lease of its check stays). */
export async function endUploadLease(deps: Pick<ServiceDeps, 'db'>, key: string): Promise<void> {
  letGo(key)
  await deps.db
    .update(files)
    .set({ leaseOwner: null, leaseUntil: null })
    .where(and(eq(files.key, key), eq(files.status, 'uploading'), eq(files.leaseOwner, processName())))
}

/** Renews the leases of the files this process is working on (one statement, on a timer). */
export async function renewLeases(deps: Pick<ServiceDeps, 'db'>): Promise<number> {
  const keys = [...held().keys()]
  if (keys.length === 0) return 0
  const renewed = await deps.db
    .update(files)
    .set({ leaseUntil: leaseEnd })
    .where(
      and(
        inArray(files.key, keys),
        eq(files.leaseOwner, processName()),
        inArray(files.status, ['uploading', 'scanning']),
      ),
    )
    .returning({ key: files.key })
  return renewed.length
}

/** Hands these files back at once (a stopping process that will not check them). */
export async function releaseLeases(deps: Pick<ServiceDeps, 'db'>, keys: string[]): Promise<void> {
  if (keys.length === 0) return
  await deps.db
    .update(files)
    .set({ leaseOwner: null, leaseUntil: sql`now()` })
    .where(and(inArray(files.key, keys), eq(files.leaseOwner, processName())))
}

/**
 * Takes over files left `scanning` whose lease ran out, at most `limit` at a time; two processes
 * asking at once get different files. A row without a lease (written before leases, or by a
 * test) counts as abandoned once it is a lease's length old. `anyLease`: take every one (the
 * only process on its embedded database, starting again).
 */
export async function takeOverChecks(
  deps: Pick<ServiceDeps, 'db'>,
  options: { anyLease: boolean; limit?: number },
): Promise<FileRow[]> {
  const abandoned = options.anyLease
    ? sql`true`
    : or(
        lt(files.leaseUntil, sql`now()`),
        and(isNull(files.leaseUntil), lt(files.modified, sql`now() - ${`${LEASE_SECONDS} seconds`}::interval`)),
      )!
  const candidates = deps.db
    .select({ key: files.key })
    .from(files)
    .where(and(eq(files.status, 'scanning'), abandoned))
    .orderBy(files.modified)
    .limit(options.limit ?? 100)
    .for('update', { skipLocked: true })
  return deps.db
    .update(files)
    .set({ leaseOwner: processName(), leaseUntil: leaseEnd })
    .where(inArray(files.key, candidates))
    .returning()
}
