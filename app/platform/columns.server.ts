// A value one feature reads as a column of a statement that may be another feature's: its SQL (a
// scalar subquery) and how its answer reads. Every signed-in page asks several features for a few
// small facts (the frame's brand, bell and chat count); each round trip costs the portal more than
// the rows it brings (docs/decisions/163), so they go in one statement.
import { sql, type SQL } from 'drizzle-orm'

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
