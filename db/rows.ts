// The rows of a raw SQL statement, whichever driver ran it: node-postgres and PGlite both answer
// `execute` with an object whose `rows` holds them.
import type { SQL } from 'drizzle-orm'
import type { Database } from './client'

export async function rowsOf<T>(db: Pick<Database, 'execute'>, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}
