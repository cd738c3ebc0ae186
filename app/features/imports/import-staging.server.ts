// The database side of a spreadsheet import once its rows are staged (import-copy.server.ts):
// the dry run that compares them with the brand's listings, the merge that writes them in one
// transaction, and the rollback. Set-based SQL throughout: row-by-row inserts are several times
// slower (docs/decisions/082).
import { sql } from 'drizzle-orm'
import type { Database } from '#db/client'
import { rowsOf } from '#db/rows'

type Executor = Pick<Database, 'execute'>

/**
 * A listing as the flat columns an import row sets (app/features/imports/validate.ts ListingTarget), so
 * old and new compare key by key.
 */
export const FLAT_LISTING = (l: string) =>
  sql.raw(`jsonb_build_object(
    'style_name', ${l}.style_name, 'style_number', ${l}.style_number, 'sku', ${l}.sku, 'upc', ${l}.upc,
    'look_number', ${l}.look_number, 'size_name', ${l}.size->'name', 'size_number', ${l}.size->'number',
    'size_variant', ${l}.size->'variant', 'size_description', ${l}.size_description,
    'waist', ${l}.size->'measurements'->'waist', 'chest', ${l}.size->'measurements'->'chest',
    'hips', ${l}.size->'measurements'->'hips', 'height', ${l}.size->'measurements'->'height',
    'color_name', ${l}.color->'name', 'color_code', ${l}.color->'code', 'color_hex', ${l}.color->'hexCode',
    'pantone', ${l}.color->'pantone', 'categories', ${l}.categories, 'line_key', ${l}.line_key,
    'collection_key', ${l}.collection_key, 'department', ${l}.department, 'units', ${l}.units,
    'status', ${l}.status, 'materials', ${l}.materials, 'description', ${l}.description,
    'wholesale_prices', ${l}.wholesale_prices, 'addition', ${l}.addition)`)

const HAS_ERROR = sql.raw(`issues @> '[{"level":"error"}]'`)

/**
 * Marks every row whose Listing Unique Id another row of the import shares (case and surrounding
 * spaces ignored) with the duplicate error, and SKUs that differ from another row's only in case
 * with a warning. `norms` limits it to some ids (after a row fix); the marks are redone, not added.
 */
export async function markDuplicates(
  db: Executor,
  importKey: string,
  issues: { duplicate: object; skuCase: { field: string; level: string; message: string } },
  norms?: string[],
): Promise<void> {
  const only = norms ? sql`and norm_id = any(${sql.param(norms)}::text[])` : sql``
  const duplicate = JSON.stringify(issues.duplicate)
  if (norms) {
    // Drop the old marks of these ids first: a fixed row may no longer be a duplicate.
    await db.execute(sql`
      update import_rows set issues = coalesce((
        select jsonb_agg(i) from jsonb_array_elements(issues) i where i <> ${duplicate}::jsonb), '[]'::jsonb)
      where import_key = ${importKey} ${only} and issues @> jsonb_build_array(${duplicate}::jsonb)`)
  }
  // Grouped by hashing, not sorted: an import of 100,000 rows has as many ids.
  await db.execute(sql`
    update import_rows r set issues = r.issues || jsonb_build_array(${duplicate}::jsonb), action = 'error'
    from (
      select norm_id from import_rows
      where import_key = ${importKey} and norm_id <> '' ${only}
      group by norm_id having count(*) > 1
    ) d
    where r.import_key = ${importKey} and r.norm_id = d.norm_id`)
  if (!norms) {
    // Each spelling once with its first row, then per SKU its spellings: a row's warning names the
    // others ("Also written "abc-1" (row 4)."), and no row is compared with every other row.
    const { field, level, message } = issues.skuCase
    await db.execute(sql`
      with spellings as (
        select lower(target->>'sku') as folded, target->>'sku' as sku, min(row_number) as first_row
        from import_rows
        where import_key = ${importKey} and target ? 'sku'
        group by 1, 2
      ), variants as (
        select folded, jsonb_agg(jsonb_build_array(sku, first_row) order by first_row) as forms
        from spellings group by folded having count(*) > 1
      )
      update import_rows r set issues = r.issues || jsonb_build_array(jsonb_build_object(
        'field', ${field}::text, 'level', ${level}::text, 'message', ${message}::text,
        'detail', (
          select 'Also written ' || string_agg(format('"%s" (row %s)', form->>0, form->>1), ', ') || '.'
          from (
            select value as form from jsonb_array_elements(v.forms)
            where value->>0 <> r.target->>'sku' limit 5
          ) others
        )))
      from variants v
      where r.import_key = ${importKey} and r.target ? 'sku' and lower(r.target->>'sku') = v.folded`)
  }
}

/**
 * The dry run: for each row without errors, create (no listing has its id in the brand), update
 * (the fields that differ, old → new) or unchanged. Rows with an error get the action 'error'.
 * `rows` limits it to some row numbers; `pendingOnly` leaves rows already written alone.
 */
export async function computeDryRun(
  db: Executor,
  importKey: string,
  brandKey: string,
  options: { rows?: number[]; pendingOnly?: boolean } = {},
): Promise<void> {
  const only = (alias: string) =>
    sql.join(
      [
        options.rows ? sql`and ${sql.raw(alias)}.row_number = any(${sql.param(options.rows)}::int[])` : sql``,
        // After the commit only rows not yet written (errors, and the row being fixed) change.
        options.pendingOnly ? sql`and ${sql.raw(alias)}.action in ('error', 'pending')` : sql``,
      ],
      sql` `,
    )
  await db.execute(sql`
    update import_rows r set action = 'error', changes = '{}'::jsonb
    where r.import_key = ${importKey} and r.${HAS_ERROR} ${only('r')}`)
  // A row that meets a listing of the brand updates it, or leaves it unchanged. The listing is
  // flattened once per row (lateral), then compared key by key with the row.
  await db.execute(sql`
    update import_rows r set
      listing_key = d.existing,
      action = case when d.changes = '{}'::jsonb then 'unchanged' else 'update' end,
      changes = d.changes
    from (
      select s.row_number, l.key as existing,
        coalesce((
          select jsonb_object_agg(t.key, jsonb_build_array(f.flat -> t.key, t.value))
          from jsonb_each(s.target) t
          where (f.flat -> t.key) is distinct from t.value
        ), '{}'::jsonb) as changes
      from import_rows s
      join listings l on l.brand_key = ${brandKey} and l.listing_unique_id = s.listing_unique_id
      cross join lateral (select ${FLAT_LISTING('l')} as flat) f
      where s.import_key = ${importKey} and not s.${HAS_ERROR} ${only('s')}
    ) d
    where r.import_key = ${importKey} and r.row_number = d.row_number`)
  // The others create one. Staging wrote 'create' already (app/features/imports/staging.ts), so only
  // rows marked otherwise before are written again: a new file's rows are not rewritten at all.
  await db.execute(sql`
    update import_rows r set action = 'create', changes = '{}'::jsonb
    where r.import_key = ${importKey} and not r.${HAS_ERROR} ${only('r')}
      and (r.action <> 'create' or r.changes <> '{}'::jsonb)
      and not exists (
        select 1 from listings l where l.brand_key = ${brandKey} and l.listing_unique_id = r.listing_unique_id)`)
}

export interface DryRunCounts {
  rows: number
  create: number
  update: number
  unchanged: number
  errors: number
  warnings: number
  created: number
  updated: number
  failed: number
}

/** The counts of an import; created, updated and failed only once it is committed. */
export async function countRows(db: Executor, importKey: string, committed: boolean): Promise<DryRunCounts> {
  const [row] = await rowsOf<Record<keyof DryRunCounts, number>>(
    db,
    sql`
    select count(*)::int as rows,
      count(*) filter (where action = 'create')::int as create,
      count(*) filter (where action = 'update')::int as update,
      count(*) filter (where action = 'unchanged')::int as unchanged,
      count(*) filter (where action = 'error')::int as errors,
      count(*) filter (where issues @> '[{"level":"warning"}]')::int as warnings,
      count(*) filter (where ${committed} and action = 'create')::int as created,
      count(*) filter (where ${committed} and action = 'update')::int as updated,
      count(*) filter (where ${committed} and action = 'error')::int as failed
    from import_rows where import_key = ${importKey}`,
  )
  return row!
}

const T = (key: string) => `t.target->'${key}'`
const TT = (key: string) => `t.target->>'${key}'`

/** The size and colour objects of a new listing from a row's flat columns. */
const NEW_SIZE = sql.raw(`jsonb_strip_nulls(jsonb_build_object(
  'name', ${T('size_name')}, 'number', coalesce(${T('size_number')}, '0'::jsonb), 'variant', ${T('size_variant')},
  'measurements', nullif(jsonb_strip_nulls(jsonb_build_object('waist', ${T('waist')}, 'chest', ${T('chest')},
    'hips', ${T('hips')}, 'height', ${T('height')})), '{}'::jsonb)))`)
const NEW_COLOR = sql.raw(`jsonb_strip_nulls(jsonb_build_object('name', ${T('color_name')}, 'code', ${T('color_code')},
  'hexCode', ${T('color_hex')}, 'pantone', ${T('pantone')}))`)

/**
 * Writes the rows the dry run marked create or update (all of them, or `rows`) into listings and
 * records what rollback needs. Run inside the commit's transaction.
 */
export async function mergeRows(
  db: Executor,
  importKey: string,
  brandKey: string,
  options: { rows?: number[]; onStep?: (step: 'created' | 'updated', count: number) => void | Promise<void> } = {},
): Promise<{ created: number; updated: number }> {
  const only = options.rows ? sql`and t.row_number = any(${sql.param(options.rows)}::int[])` : sql``
  // Counted in the database: 100,000 keys sent back only to be counted would cost the portal.
  const [created] = await rowsOf<{ count: number }>(
    db,
    sql`
    with written as (
    insert into listings (key, brand_key, listing_unique_id, style_name, style_number, sku, upc, look_number, size,
      size_description, color, categories, line_key, collection_key, department, units, status, addition, materials,
      description, wholesale_prices, created, modified)
    select t.listing_key, ${brandKey}, t.listing_unique_id, ${sql.raw(TT('style_name'))}, ${sql.raw(TT('style_number'))},
      ${sql.raw(TT('sku'))}, ${sql.raw(TT('upc'))}, (${sql.raw(TT('look_number'))})::int, ${NEW_SIZE},
      ${sql.raw(TT('size_description'))}, ${NEW_COLOR}, coalesce(${sql.raw(T('categories'))}, '[]'::jsonb),
      ${sql.raw(TT('line_key'))}, ${sql.raw(TT('collection_key'))}, ${sql.raw(TT('department'))},
      (${sql.raw(TT('units'))})::int, coalesce(${sql.raw(TT('status'))}, 'active'),
      coalesce((${sql.raw(TT('addition'))})::boolean, false), ${sql.raw(TT('materials'))},
      ${sql.raw(TT('description'))}, coalesce(${sql.raw(T('wholesale_prices'))}, '[]'::jsonb), now(), now()
    from import_rows t
    where t.import_key = ${importKey} and t.action = 'create' ${only}
    returning 1)
    select count(*)::int as count from written`,
  )
  await options.onStep?.('created', created!.count)
  await db.execute(sql`
    update import_rows t set prior = to_jsonb(l) - 'search_text'
    from listings l
    where t.import_key = ${importKey} and t.action = 'update' ${only}
      and l.key = t.listing_key and l.brand_key = ${brandKey}`)
  const [updated] = await rowsOf<{ count: number }>(
    db,
    sql`
    with written as (
    update listings l set
      style_name = coalesce(${sql.raw(TT('style_name'))}, l.style_name),
      style_number = coalesce(${sql.raw(TT('style_number'))}, l.style_number),
      sku = coalesce(${sql.raw(TT('sku'))}, l.sku),
      upc = coalesce(${sql.raw(TT('upc'))}, l.upc),
      look_number = coalesce((${sql.raw(TT('look_number'))})::int, l.look_number),
      size = l.size || jsonb_strip_nulls(jsonb_build_object('name', ${sql.raw(T('size_name'))},
          'number', ${sql.raw(T('size_number'))}, 'variant', ${sql.raw(T('size_variant'))}))
        || case when t.target ?| array['waist', 'chest', 'hips', 'height'] then jsonb_build_object('measurements',
          coalesce(l.size->'measurements', '{}'::jsonb) || jsonb_strip_nulls(jsonb_build_object('waist', ${sql.raw(T('waist'))},
          'chest', ${sql.raw(T('chest'))}, 'hips', ${sql.raw(T('hips'))}, 'height', ${sql.raw(T('height'))}))) else '{}'::jsonb end,
      size_description = coalesce(${sql.raw(TT('size_description'))}, l.size_description),
      color = l.color || jsonb_strip_nulls(jsonb_build_object('name', ${sql.raw(T('color_name'))},
        'code', ${sql.raw(T('color_code'))}, 'hexCode', ${sql.raw(T('color_hex'))}, 'pantone', ${sql.raw(T('pantone'))})),
      categories = coalesce(${sql.raw(T('categories'))}, l.categories),
      line_key = coalesce(${sql.raw(TT('line_key'))}, l.line_key),
      collection_key = coalesce(${sql.raw(TT('collection_key'))}, l.collection_key),
      department = coalesce(${sql.raw(TT('department'))}, l.department),
      units = coalesce((${sql.raw(TT('units'))})::int, l.units),
      status = coalesce(${sql.raw(TT('status'))}, l.status),
      addition = coalesce((${sql.raw(TT('addition'))})::boolean, l.addition),
      materials = coalesce(${sql.raw(TT('materials'))}, l.materials),
      description = coalesce(${sql.raw(TT('description'))}, l.description),
      wholesale_prices = coalesce(${sql.raw(T('wholesale_prices'))}, l.wholesale_prices),
      modified = now()
    from import_rows t
    where t.import_key = ${importKey} and t.action = 'update' ${only}
      and l.key = t.listing_key and l.brand_key = ${brandKey}
    returning 1)
    select count(*)::int as count from written`,
  )
  await options.onStep?.('updated', updated!.count)
  // A row fixed after the commit is marked written; the commit itself marks no row (the
  // import's status says its rows are written, and 100,000 row updates would double its time).
  if (options.rows) {
    await db.execute(sql`
      update import_rows t set status = 'completed'
      where t.import_key = ${importKey} and t.action in ('create', 'update', 'unchanged') ${only}`)
  }
  return { created: created!.count, updated: updated!.count }
}

/**
 * What the dry run's comparison depends on: the brand's listings, counted and by their newest
 * change. The commit skips computing the dry run again when it is the same as at the preview.
 */
export async function listingsStamp(db: Executor, brandKey: string): Promise<string> {
  const [row] = await rowsOf<{ stamp: string }>(
    db,
    sql`select count(*)::text || ':' || coalesce(max(modified)::text, '') as stamp from listings where brand_key = ${brandKey}`,
  )
  return row!.stamp
}
