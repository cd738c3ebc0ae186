// The rows of a raw SQL statement: node-postgres answers `execute` with an object whose `rows`
// holds them.
import type { SQL } from 'drizzle-orm'
import type { Database } from './client'

export async function rowsOf<T>(db: Pick<Database, 'execute'>, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}
