// Rolling back any committed import, not only the newest (issue 46, docs/decisions/178): what it
// wrote is undone where its listings still hold what it wrote; where they do not, the later
// import or edit that changed them is named, row by row. Undoing an update restores only the
// fields the import changed, so a later change to another field of the same listing stays.
import { sql } from 'drizzle-orm'
import type { Database } from '#db/client'
import { rowsOf } from '#db/rows'
import { FLAT_LISTING } from './import-staging.server'
import { NO_ROW_NUMBERS, type RowSample } from './import-texts'

type Executor = Pick<Database, 'execute'>

/** How many row numbers a blocker names (the message adds "and N more"): an import of 100,000
 * rows all edited since is told in a sentence, not in 100,000 numbers. */
export const ROWS_NAMED = 10

/** Why an import cannot be undone as it is: the later imports and the edits that changed its rows. */
export interface RollbackBlockers {
  /** Later committed imports that wrote some of its listings again, oldest first, with its rows they changed. */
  imports: { key: string; filename: string; committedAt: string; rows: RowSample }[]
  /** Its rows whose listings were changed or deleted since, by no later import (on the products page, by the API). */
  edited: RowSample
}

export const NO_BLOCKERS: RollbackBlockers = { imports: [], edited: NO_ROW_NUMBERS }

export function isBlocked(blockers: RollbackBlockers): boolean {
  return blockers.imports.length > 0 || blockers.edited.count > 0
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
  // Each changed row with the later committed imports that wrote its listing again (none: edited).
  const changedBy = sql`
    with changed as (${CHANGED_SINCE(importKey, brandKey)})
    select c.row_number, i.key, i.filename, i.committed_at
    from changed c
    left join import_rows u on u.listing_key = c.listing_key and u.action in ('create', 'update')
      and u.import_key <> ${importKey}
      and exists (select 1 from imports x where x.key = u.import_key and x.brand_key = ${brandKey}
        and x.status = 'committed' and x.committed_at > ${committedAt.toISOString()}::timestamptz)
    left join imports i on i.key = u.import_key`
  const groups = await rowsOf<{ key: string | null; filename: string | null; committed_at: string | null } & RowSample>(
    db,
    sql`
    with changed_by as (${changedBy}),
    edited as (
      select row_number from changed_by group by row_number having count(key) = 0)
    select key, filename, committed_at::text as committed_at,
      (array_agg(distinct row_number order by row_number))[1:${ROWS_NAMED}] as first,
      count(distinct row_number)::int as count
    from changed_by where key is not null
    group by key, filename, committed_at
    union all
    select null, null, null, (array_agg(row_number order by row_number))[1:${ROWS_NAMED}], count(*)::int
    from edited
    order by committed_at nulls last`,
  )
  const edited = groups.find((group) => group.key === null)
  return {
    imports: groups
      .filter((group) => group.key !== null)
      .map((group) => ({
        key: group.key!,
        filename: group.filename!,
        committedAt: new Date(group.committed_at!).toISOString(),
        rows: { first: group.first, count: group.count },
      })),
    edited: edited && edited.count > 0 ? { first: edited.first, count: edited.count } : NO_ROW_NUMBERS,
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
