// Heavy statements of one person's job (an import's staging COPY, its dry run and its commit) run
// on a connection of their own whose server process has background priority (nice 10): when the
// machine's cores are all busy, the server processes answering other people's pages and messages
// get the processor first, and the job takes what is left. Postgres has no setting for this; its
// backend is a process of this machine only when the portal started the server (the embedded
// default), so the priority is changed only then. On a server given by DATABASE_URL the pid would
// name a process of another machine, or of another user, and nothing is changed.
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { lowerBackendPriority } from './backend-priority'
import { connectionStringOf, type Database } from './client'
import * as schema from './schema'

/**
 * Runs `work` on a connection of its own at background priority when the server is local (the
 * embedded one); otherwise on the pool, as any other statement. The connection ends with the work,
 * so its lowered priority never serves anyone else.
 */
export async function withBackgroundConnection<T>(
  db: Database,
  local: boolean,
  work: (db: Database) => Promise<T>,
): Promise<T> {
  if (!local) return work(db)
  const client = new pg.Client({ connectionString: connectionStringOf(db) })
  // A connection that breaks is reported by the statement that uses it.
  client.on('error', () => undefined)
  await client.connect()
  try {
    await lowerBackendPriority(client)
    return await work(drizzle(client, { schema }) as unknown as Database)
  } finally {
    await client.end().catch(() => undefined)
  }
}
