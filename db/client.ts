// Opens the database: embedded PGlite in DATA_DIR by default, a Postgres server with DATABASE_URL.
// Both speak the same SQL, run the same committed migrations and expose the same Drizzle API.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import * as schema from './schema'

export type Database = NodePgDatabase<typeof schema>

export interface DatabaseHandle {
  db: Database
  kind: 'pglite' | 'postgres'
  migrate(): Promise<void>
  close(): Promise<void>
}

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

export interface DatabaseOptions {
  databaseUrl?: string
  /** Folder for PGlite's files; omitted means an in-memory PGlite (unit and integration tests). */
  pgliteDir?: string
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 })
    const db = drizzlePg(pool, { schema })
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      close: () => pool.end(),
    }
  }
  if (options.pgliteDir) fs.mkdirSync(options.pgliteDir, { recursive: true })
  const client = options.pgliteDir ? new PGlite(options.pgliteDir) : new PGlite()
  await client.waitReady
  const db = drizzlePglite(client, { schema })
  return {
    // The two drivers share Drizzle's pg-core query API; one type keeps services driver-agnostic.
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  }
}
