// Every kind of record access is decided on, with its table, the column naming its brand and its
// parent (Style → Collection → Line → Brand). The grant chain's own models are registered here;
// each feature registers its records in its models.server.ts (app/features/models.server.ts loads
// them all). Access checks find a record's brand and ancestors from this table, never by their
// own queries.
import { eq } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { brands, collections, lines, styles } from '#db/schema'
import type { ModelRef } from '#app/platform/access/abilities'
import type { GrantModel } from '#app/platform/access/grants'
import { notFound } from '#app/platform/errors'
import type { ServiceDeps } from '#app/platform/context.server'

export interface ModelEntry {
  table: PgTable
  key: PgColumn
  /** The brand column; null for records that belong to no brand (Account). */
  brand: PgColumn | null
  /**
   * The parent record, when set on the row (a collection without a line hangs off the brand). A
   * list names fallbacks in order: the first column set on the row is the parent.
   */
  parent?: ParentRef | ParentRef[]
  /** Whether a grant can name this model, so the object is part of the chain grants are read on. */
  grantable: boolean
}

interface ParentRef {
  model: string
  column: PgColumn
}

const registry = new Map<string, ModelEntry>()

export function registerModel(model: string, entry: ModelEntry): void {
  registry.set(model, entry)
}

export function modelEntry(model: string): ModelEntry | undefined {
  return registry.get(model)
}

registerModel('Brand', { table: brands, key: brands.key, brand: brands.key, grantable: true })
registerModel('Line', { table: lines, key: lines.key, brand: lines.brandKey, grantable: true })
registerModel('Collection', {
  table: collections,
  key: collections.key,
  brand: collections.brandKey,
  parent: { model: 'Line', column: collections.lineKey },
  grantable: true,
})
registerModel('Style', {
  table: styles,
  key: styles.key,
  brand: styles.brandKey,
  parent: { model: 'Collection', column: styles.collectionKey },
  grantable: true,
})

/** A record located: its brand and the chain of grantable objects from the brand down to it. */
export interface Located {
  brandKey: string
  chain: ModelRef[]
}

/**
 * Finds a record's brand and ancestors, or null when there is no such record (or it belongs to
 * no brand). A brand is located without a query: a grant on it proves it exists (foreign key).
 */
export async function locate(deps: ServiceDeps, ref: { model: string; key: string }): Promise<Located | null> {
  if (ref.model === 'Brand') return { brandKey: ref.key, chain: [{ model: 'Brand', key: ref.key }] }
  const entry = registry.get(ref.model)
  if (!entry?.brand) return null
  const parents = entry.parent === undefined ? [] : Array.isArray(entry.parent) ? entry.parent : [entry.parent]
  const columns: Record<string, PgColumn> = { brandKey: entry.brand }
  parents.forEach((parent, index) => (columns[`parent${index}`] = parent.column))
  const [row] = (await deps.db.select(columns).from(entry.table).where(eq(entry.key, ref.key)).limit(1)) as Record<
    string,
    string | null
  >[]
  if (!row?.brandKey) return null
  const brandKey = row.brandKey
  const own: ModelRef[] = entry.grantable ? [{ model: ref.model as GrantModel, key: ref.key }] : []
  const index = parents.findIndex((_, i) => row[`parent${i}`])
  if (index >= 0) {
    const parent = await locate(deps, { model: parents[index]!.model, key: row[`parent${index}`]! })
    // A parent of another brand would be a broken row; it does not widen access.
    if (parent && parent.brandKey === brandKey) return { brandKey, chain: [...parent.chain, ...own] }
  }
  return { brandKey, chain: [{ model: 'Brand', key: brandKey }, ...own] }
}

/** The brand of a record; an unknown one is not found. */
export async function brandOf(deps: ServiceDeps, ref: { model: string; key: string }): Promise<string> {
  const located = await locate(deps, ref)
  if (!located) throw notFound(ref.model)
  return located.brandKey
}
