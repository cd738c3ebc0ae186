// A value one feature reads as a column of a statement that may be another feature's: its SQL (a
// scalar subquery) and how its answer reads. Every signed-in page asks several features for a few
// small facts (the frame's brand, bell and chat count); each round trip costs the portal more than
// the rows it brings (docs/decisions/163), so they go in one statement.
import { is, Placeholder, sql, type SQL } from 'drizzle-orm'

export interface ColumnRead<T> {
  sql: SQL
  read(value: unknown): T
}

export type ColumnValues<Columns extends Record<string, ColumnRead<unknown>>> = {
  [Name in keyof Columns]: Columns[Name] extends ColumnRead<infer T> ? T : never
}

/** The columns' SQL by name, as a Drizzle selection takes them. */
export function columnSelection(columns: Record<string, ColumnRead<unknown>>): Record<string, SQL> {
  return Object.fromEntries(Object.entries(columns).map(([name, column]) => [name, column.sql]))
}

/** Each column's answer in a row selected with columnSelection, read. */
export function readColumns<Columns extends Record<string, ColumnRead<unknown>>>(
  columns: Columns,
  row: Record<string, unknown>,
): ColumnValues<Columns> {
  return Object.fromEntries(
    Object.entries(columns).map(([name, column]) => [name, column.read(row[name])]),
  ) as ColumnValues<Columns>
}

/**
 * The account and the brand a statement is for, as placeholders. A column written with these (and
 * no other value) is the same text for every request, so a statement of such columns is built and
 * prepared once per process and each request sends only its values (docs/decisions/164): building
 * the frame's statement cost the portal more than the database took to run it.
 */
export const forAccount = sql.placeholder('account')
export const forBrand = sql.placeholder('brand')

/** What a column is written against: a request's own values, or the placeholders above. */
export type ColumnFor = 'values' | 'placeholders'

// A type, not an interface: Drizzle's execute() takes a record of placeholder values.
export type StatementValues = { account: string; brand: string }

/** A statement prepared by name: what Drizzle's prepare() gives, as far as it is used here. */
interface Prepared<Row> {
  execute(values: StatementValues): Promise<Row[]>
}
interface Preparable<Row> {
  prepare(name: string): Prepared<Row>
  toSQL(): { params: unknown[] }
}

interface Kept {
  prepared: Prepared<unknown>
  /** Bumped when Postgres drops the statement's plan for good (see below); part of its name. */
  generation: number
}

const preparedByDatabase = new WeakMap<object, Map<string, Kept>>()

/**
 * The statement `build` gives, built and prepared on first use under `name` (one text per name:
 * the caller gives each shape its own) and kept for the database handle; then run with `values`.
 * A statement that carries any value but the placeholders would answer for the first request
 * only, so it is refused when it is built.
 */
export async function runPrepared<Row>(
  db: object,
  name: string,
  build: () => Preparable<Row>,
  values: StatementValues,
): Promise<Row[]> {
  let byName = preparedByDatabase.get(db)
  if (!byName) preparedByDatabase.set(db, (byName = new Map()))
  const kept = byName.get(name) ?? prepare(byName, name, build, 0)
  try {
    return (await kept.prepared.execute(values)) as Row[]
  } catch (error) {
    if (!changedResultType(error)) throw error
    // A column the statement returns changed its type (a migration run by another process of the
    // fleet): Postgres refuses the old statement on every connection that parsed it. It is
    // prepared again under a new name, which each connection parses afresh.
    return (await prepare(byName, name, build, kept.generation + 1).prepared.execute(values)) as Row[]
  }
}

function prepare<Row>(byName: Map<string, Kept>, name: string, build: () => Preparable<Row>, generation: number): Kept {
  const query = build()
  const fixed = query.toSQL().params.filter((param) => !is(param, Placeholder))
  if (fixed.length > 0) throw new Error(`The statement ${name} carries values besides its placeholders.`)
  const kept = { prepared: query.prepare(generation ? `${name}_${generation}` : name) as Prepared<unknown>, generation }
  byName.set(name, kept)
  return kept
}

/** Postgres's "cached plan must not change result type" (feature_not_supported), perhaps wrapped by Drizzle. */
function changedResultType(error: unknown): boolean {
  const cause = (error as { cause?: unknown } | null)?.cause ?? error
  const { code, message } = (cause ?? {}) as { code?: unknown; message?: unknown }
  return code === '0A000' && typeof message === 'string' && message.includes('must not change result type')
}

/** One column alone, in a statement of its own. */
export async function selectColumn<T>(
  db: { execute(query: SQL): Promise<unknown> },
  column: ColumnRead<T>,
): Promise<T> {
  const answer = (await db.execute(sql`select ${column.sql} as value`)) as { rows: { value: unknown }[] }
  return column.read(answer.rows[0]?.value)
}

/** A timestamp inside a JSON answer (ISO text with an offset) as the Date a column would read. */
export function dateOfJson(value: unknown): Date {
  return new Date(value as string)
}
