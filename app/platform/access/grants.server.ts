// The one writer of the grants table, and its reader. Adding a grant needs nothing more than the
// row; removing one goes through `changeGrants`, which cuts the account's live access to the brand
// once the transaction has committed (socket rooms left, Yjs documents closed, on every process).
// What a feature keeps live per brand (chat rooms, style rooms) it lets go in a hook it registers
// here at start (whenBrandAccessCut), so the access module names no feature.
import { and, asc, eq, isNull, type SQL } from 'drizzle-orm'
import type { Database } from '#db/client'
import { accounts, brands, grants, type GrantSpec } from '#db/schema'
import { newKey } from '#app/platform/ids'
import { hasBrandAbility, type Grant, type GrantModel, type GrantType } from '#app/platform/access/permissions'
import type { ServiceDeps } from '#app/platform/context.server'

/**
 * The account's grants that count: grants on an archived (deleted) brand give nothing, so that
 * brand leaves every page, call and socket at once and comes back whole when restored
 * (docs/decisions/066).
 */
export async function loadGrants(deps: ServiceDeps, accountKey: string): Promise<Grant[]> {
  const rows = await deps.db
    .select({ model: grants.model, modelId: grants.modelId, type: grants.type })
    .from(grants)
    .innerJoin(brands, and(eq(brands.key, grants.brandKey), isNull(brands.archivedAt)))
    .where(eq(grants.accountKey, accountKey))
    // Oldest first: "the first brand" of a user (settings, onboarding) is the one granted first.
    .orderBy(asc(grants.created), asc(grants.key))
  return rows.map((row) => ({ model: row.model as GrantModel, model_id: row.modelId, type: row.type as GrantType }))
}

/** Members of a brand: every active account holding a grant on the brand itself. */
export async function brandMemberKeys(deps: ServiceDeps, brandKey: string): Promise<string[]> {
  const rows = await deps.db
    .selectDistinct({ key: grants.accountKey })
    .from(grants)
    .innerJoin(accounts, eq(accounts.key, grants.accountKey))
    .where(and(eq(grants.model, 'Brand'), eq(grants.modelId, brandKey), eq(accounts.active, true)))
  return rows.map((row) => row.key)
}

/** What a feature does when an account's live access to a brand is cut (see cutLiveAccess). */
export type BrandAccessCutHook = (
  deps: ServiceDeps,
  cut: { accountKey: string; brandKey: string; leftBrand: boolean },
) => Promise<void>

const brandAccessCutHooks: BrandAccessCutHook[] = []

/** Registered once per feature at start, in the order features register (features/models.server.ts). */
export function whenBrandAccessCut(hook: BrandAccessCutHook): void {
  if (!brandAccessCutHooks.includes(hook)) brandAccessCutHooks.push(hook)
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]
type Db = Database | Tx

export interface NewGrant extends GrantSpec {
  accountKey: string
  brandKey: string
  /** Fixed keys and times for the demo seed; new grants get a fresh key and the current time. */
  key?: string
  created?: Date
}

/** Adds grants; one the account already holds is left as it is. */
export async function addGrants(db: Db, rows: readonly NewGrant[]): Promise<void> {
  if (rows.length === 0) return
  await db
    .insert(grants)
    .values(
      rows.map((row) => ({
        key: row.key ?? newKey(),
        accountKey: row.accountKey,
        brandKey: row.brandKey,
        model: row.model,
        modelId: row.model_id,
        type: row.type,
        ...(row.created && { created: row.created }),
      })),
    )
    .onConflictDoNothing()
}

/** Removes grants inside a transaction and remembers whose access to cut afterwards. */
export interface GrantRemover {
  /** Every grant of the account on the brand and its lines, collections, styles, ... */
  removeAllOnBrand(accountKey: string, brandKey: string): Promise<void>
  /** Exactly these grants of the account (one row each). */
  remove(accountKey: string, brandKey: string, specs: readonly GrantSpec[]): Promise<void>
}

/**
 * Runs `work` in a transaction with a grant remover; after the commit, every account that lost a
 * grant has its live connections to that brand cut, so they are authorized afresh.
 */
export async function changeGrants<T>(
  deps: ServiceDeps,
  work: (tx: Tx, grants: GrantRemover) => Promise<T>,
): Promise<T> {
  const touched = new Map<string, { accountKey: string; brandKey: string }>()
  const removeWhere = async (tx: Tx, accountKey: string, brandKey: string, where: SQL | undefined) => {
    const removed = await tx.delete(grants).where(where).returning({ key: grants.key })
    if (removed.length > 0) touched.set(`${accountKey}\n${brandKey}`, { accountKey, brandKey })
  }
  const result = await deps.db.transaction((tx) =>
    work(tx, {
      removeAllOnBrand: (accountKey, brandKey) =>
        removeWhere(tx, accountKey, brandKey, and(eq(grants.accountKey, accountKey), eq(grants.brandKey, brandKey))),
      async remove(accountKey, brandKey, specs) {
        for (const spec of specs) {
          await removeWhere(
            tx,
            accountKey,
            brandKey,
            and(
              eq(grants.accountKey, accountKey),
              eq(grants.brandKey, brandKey),
              eq(grants.model, spec.model),
              eq(grants.modelId, spec.model_id),
              eq(grants.type, spec.type),
            ),
          )
        }
      },
    }),
  )
  for (const { accountKey, brandKey } of touched.values()) await cutLiveAccess(deps, accountKey, brandKey)
  return result
}

/**
 * Cuts an account's live access to a brand after it lost a grant there. Its Yjs documents of the
 * brand close (a reconnect is authorized with what is left); its sockets leave the brand's room
 * when it is no longer a member of the brand; then each feature's hook lets go of what it keeps
 * (chat: the brand's conversations when the account left the brand; samples: the rooms of the
 * brand's styles in any case).
 */
async function cutLiveAccess(deps: ServiceDeps, accountKey: string, brandKey: string): Promise<void> {
  const left = await loadGrants(deps, accountKey)
  const leftBrand = !hasBrandAbility(left, brandKey, 'realtime.join')
  deps.events.revokeBrandAccess(accountKey, brandKey, { leaveRoom: leftBrand })
  for (const hook of brandAccessCutHooks) await hook(deps, { accountKey, brandKey, leftBrand })
}

/**
 * Cuts the live access of every member of a brand that was archived: its grants stay (so a restore
 * brings everyone back), but they no longer count (loadGrants), so sockets leave the brand's room
 * and its Yjs documents close now, not at the next reconnect.
 */
export function cutArchivedBrandAccess(deps: ServiceDeps, brandKey: string, accountKeys: readonly string[]): void {
  for (const accountKey of accountKeys) deps.events.revokeBrandAccess(accountKey, brandKey, { leaveRoom: true })
}
