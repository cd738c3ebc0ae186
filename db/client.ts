// Opens the database: embedded PGlite in DATA_DIR by default, a Postgres server with DATABASE_URL.
// Both speak the same SQL, run the same committed migrations and expose the same Drizzle API.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import * as schema from './schema'
import { preparedStatements } from './pglite-statements'

export type Database = NodePgDatabase<typeof schema>

export interface DatabaseHandle {
  db: Database
  kind: 'pglite' | 'postgres'
  migrate(): Promise<void>
  /**
   * PGlite only: VACUUM (ANALYZE) the whole database. Embedded Postgres has no autovacuum, so the
   * portal runs this itself (docs/decisions/079); a Postgres server's autovacuum does it there.
   */
  vacuum?(): Promise<void>
  close(): Promise<void>
}

/**
 * Beside this file when it runs from source; from the project directory when the server runs as
 * one compiled file from build/ (`npm run start:prod`).
 */
export const MIGRATIONS_FOLDER = [
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations'),
  path.resolve('db/migrations'),
].find((folder) => fs.existsSync(path.join(folder, 'meta', '_journal.json')))!

export interface DatabaseOptions {
  databaseUrl?: string
  /** Folder for PGlite's files; omitted means an in-memory PGlite (unit and integration tests). */
  pgliteDir?: string
}

/**
 * Postgres inside PGlite keeps its buffers in the WebAssembly memory, which grows but never
 * shrinks. Its default shared_buffers (128 MB) only duplicates the operating system's file cache
 * (PGlite reads and writes real files in DATA_DIR/pg), so it is kept small (docs/decisions/040).
 */
export const PGLITE_OPTIONS = {
  // Trigram indexes for the products search (docs/decisions/067); Postgres ships it in contrib.
  extensions: { pg_trgm },
  startParams: [
    ...PGlite.defaultStartParams,
    ...['-c', 'shared_buffers=16MB'],
    ...['-c', 'maintenance_work_mem=16MB'],
    ...['-c', 'temp_buffers=2MB'],
  ],
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
  const client = new PGlite({ dataDir: options.pgliteDir, ...PGLITE_OPTIONS })
  await client.waitReady
  preparedStatements(client)
  const db = drizzlePglite(client, { schema })
  return {
    // The two drivers share Drizzle's pg-core query API; one type keeps services driver-agnostic.
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    vacuum: async () => {
      await client.exec('vacuum (analyze)')
    },
    close: () => client.close(),
  }
}
