// Rolling back any committed import, not only the newest (issue 46, docs/decisions/178): what it
// wrote is undone where its listings still hold what it wrote; where they do not, the later
// import or edit that changed them is named, row by row. Undoing an update restores only the
// fields the import changed, so a later change to another field of the same listing stays.
import { sql } from 'drizzle-orm'
import type { Database } from '#db/client'
import { rowsOf } from '#db/rows'
import { FLAT_LISTING } from './import-staging.server'

type Executor = Pick<Database, 'execute'>

/** Why an import cannot be undone as it is: the later imports and the edits that changed its rows. */
export interface RollbackBlockers {
  /** Later committed imports that wrote some of its listings again, oldest first, with its rows they changed. */
  imports: { key: string; filename: string; committedAt: string; rows: number[] }[]
  /** Its rows whose listings were changed or deleted since, by no later import (on the products page, by the API). */
  edited: number[]
}

export const NO_BLOCKERS: RollbackBlockers = { imports: [], edited: [] }

export function isBlocked(blockers: RollbackBlockers): boolean {
  return blockers.imports.length > 0 || blockers.edited.length > 0
}

/**
 * Its written rows (created or updated) whose listing is gone or no longer holds every value the
 * row set: compared as the dry run compares, key by key over the flat listing.
 */
const CHANGED_SINCE = (importKey: string, brandKey: string) => sql`
  select t.row_number, t.listing_key
  from import_rows t
  left join listings l on l.key = t.listing_key and l.brand_key = ${brandKey}
  where t.import_key = ${importKey} and t.action in ('create', 'update')
    and (l.key is null or exists (
      select 1 from jsonb_each(t.target) k where (${FLAT_LISTING('l')} -> k.key) is distinct from k.value))`

/** What stands in the way of undoing the import committed at `committedAt`: nothing, or who changed which rows. */
export async function rollbackBlockers(
  db: Executor,
  importKey: string,
  brandKey: string,
  committedAt: Date,
): Promise<RollbackBlockers> {
  const changed = await rowsOf<{ row_number: number; listing_key: string }>(db, CHANGED_SINCE(importKey, brandKey))
  if (changed.length === 0) return NO_BLOCKERS
  const later = await rowsOf<{ key: string; filename: string; committed_at: string; rows: number[] }>(
    db,
    sql`
    with changed as (${CHANGED_SINCE(importKey, brandKey)})
    select i.key, i.filename, i.committed_at::text as committed_at,
      array_agg(distinct c.row_number order by c.row_number) as rows
    from changed c
    join import_rows u on u.listing_key = c.listing_key and u.action in ('create', 'update')
      and u.import_key <> ${importKey}
    join imports i on i.key = u.import_key and i.brand_key = ${brandKey} and i.status = 'committed'
      and i.committed_at > ${committedAt.toISOString()}::timestamptz
    group by i.key, i.filename, i.committed_at
    order by i.committed_at`,
  )
  const byLater = new Set(later.flatMap((entry) => entry.rows))
  return {
    imports: later.map((entry) => ({
      key: entry.key,
      filename: entry.filename,
      committedAt: new Date(entry.committed_at).toISOString(),
      rows: entry.rows,
    })),
    edited: changed
      .map((row) => row.row_number)
      .filter((row) => !byLater.has(row))
      .sort((a, b) => a - b),
  }
}

/** Listing columns an import row sets one to one (its flat key is the column's name). */
const COLUMNS = [
  'style_name',
  'style_number',
  'sku',
  'upc',
  'look_number',
  'size_description',
  'categories',
  'line_key',
  'collection_key',
  'department',
  'units',
  'status',
  'materials',
  'description',
  'wholesale_prices',
  'addition',
] as const

/** Flat keys that are parts of the size and colour documents, with their paths in them. */
const PARTS: [key: string, column: 'size' | 'color', path: string[]][] = [
  ['size_name', 'size', ['name']],
  ['size_number', 'size', ['number']],
  ['size_variant', 'size', ['variant']],
  ['waist', 'size', ['measurements', 'waist']],
  ['chest', 'size', ['measurements', 'chest']],
  ['hips', 'size', ['measurements', 'hips']],
  ['height', 'size', ['measurements', 'height']],
  ['color_name', 'color', ['name']],
  ['color_code', 'color', ['code']],
  ['color_hex', 'color', ['hexCode']],
  ['pantone', 'color', ['pantone']],
]

/**
 * Undoes what the import wrote: each updated listing gets back, field by field, the values the
 * import changed (from `prior`, the listing as it was), and each created listing is deleted. Run
 * after rollbackBlockers found nothing, in the same transaction.
 */
export async function undoRows(db: Executor, importKey: string, brandKey: string): Promise<void> {
  const restore = COLUMNS.map(
    (column) => `${column} = case when t.changes ? '${column}' then p.${column} else l.${column} end`,
  ).join(',\n      ')
  await db.execute(sql`
    update listings l set
      ${sql.raw(restore)},
      modified = now()
    from import_rows t, jsonb_populate_record(null::listings, t.prior) p
    where t.import_key = ${importKey} and t.action = 'update' and t.prior is not null
      and l.key = t.listing_key and l.brand_key = ${brandKey}`)
  // Each part of the size and colour documents on its own: a part the import did not change keeps
  // what it holds now. A part the listing did not have before is removed again.
  for (const [key, column, path] of PARTS) {
    const at = `'{${path.join(',')}}'::text[]`
    const before = `(t.prior -> '${column}') #> ${at}`
    // jsonb_set creates the last key of a path only: a measurement needs its parent to exist.
    const base =
      path.length > 1
        ? `coalesce(l.${column}, '{}'::jsonb) || jsonb_build_object('${path[0]}', coalesce(l.${column} -> '${path[0]}', '{}'::jsonb))`
        : `coalesce(l.${column}, '{}'::jsonb)`
    await db.execute(sql`
      update listings l set
        ${sql.raw(column)} = ${sql.raw(`case when ${before} is null then l.${column} #- ${at} else jsonb_set(${base}, ${at}, ${before}) end`)}
      from import_rows t
      where t.import_key = ${importKey} and t.action = 'update' and t.prior is not null and t.changes ? ${key}
        and l.key = t.listing_key and l.brand_key = ${brandKey}`)
  }
  await db.execute(sql`
    delete from listings l using import_rows t
    where t.import_key = ${importKey} and t.action = 'create'
      and l.key = t.listing_key and l.brand_key = ${brandKey}`)
}
