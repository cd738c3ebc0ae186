// The account's current brand (access.md §4 "The selected brand is remembered"): the header, the
// logo and the profile menu of pages without a brand in the URL speak for it. Opening a brand's
// home page makes that brand the current one (docs/decisions/038).
import { eq, sql } from 'drizzle-orm'
import { accounts, brands } from '#db/schema'
import { notFound } from '#app/platform/errors'
import { requireBrandAbility } from '#app/platform/access/access.server'
import {
  columnSelection,
  forBrand,
  readColumns,
  runPrepared,
  type ColumnRead,
  type ColumnValues,
} from '#app/platform/columns.server'
import { currentBrandKey } from '#app/features/teams'
import { can } from '#app/platform/access/abilities'
import { toBrandView, type BrandView } from './brands.server'
import type { ServiceDeps } from '#app/platform/context.server'
import type { Actor } from '#app/platform/access/actor'

/**
 * The brand a page frame shows: the one in the URL (which the actor must be able to view: NotFound
 * otherwise), else the remembered one while the actor still holds a grant on it, else the brand
 * granted first; null without any brand. Other features' columns the frame needs (its bell, its
 * chat count) are read in the same statement (docs/decisions/163). `statement` names the shape for
 * the brand found and gives its columns, checked for this actor and written with the account's and
 * the brand's placeholders: the statement is built once per name and process (decision 164).
 */
export async function frameBrand<Columns extends Record<string, ColumnRead<unknown>>>(
  deps: ServiceDeps,
  actor: Actor,
  urlBrandKey: string | null,
  statement: (brandKey: string | null) => { name: string; columns: Columns },
): Promise<{ brand: BrandView | null } & ColumnValues<Columns>> {
  if (urlBrandKey) requireBrandAbility(actor, 'brand.view', urlBrandKey)
  const key = urlBrandKey ?? currentBrandKey(actor.preferences.brand, actor.grants)
  const { name, columns } = statement(key)
  const build = () =>
    deps.db
      .select({ brand: brands, ...columnSelection(columns) })
      .from(sql`(values (1)) as frame`)
      .leftJoin(brands, eq(brands.key, forBrand))
  const [row] = await runPrepared(deps.db, name, build, { account: actor.key, brand: key ?? '' })
  // A grant on a brand that has just been deleted: the frame goes on without a brand.
  if (urlBrandKey && !row!.brand) throw notFound('Brand')
  return { brand: row!.brand ? toBrandView(row!.brand) : null, ...readColumns(columns, row!) }
}

/**
 * Makes the brand the account's current one (preferences.brand); a no-op when it already is or
 * when the actor holds no grant on it. Called when the brand's home page opens: every way of
 * choosing a brand leads there (brands list, logo, landing after sign-in), while a link into one
 * of a brand's other pages shows that brand without changing the account's choice.
 */
export async function rememberBrand(deps: ServiceDeps, actor: Actor, brandKey: string): Promise<void> {
  if (actor.preferences.brand === brandKey || !can(actor.grants, 'brand.view', brandKey)) return
  // Merged into the stored preferences in SQL, so a concurrent write of another preference stays.
  await deps.db
    .update(accounts)
    .set({ preferences: sql`${accounts.preferences} || ${JSON.stringify({ brand: brandKey })}::jsonb` })
    .where(eq(accounts.key, actor.key))
  actor.preferences = { ...actor.preferences, brand: brandKey }
}
