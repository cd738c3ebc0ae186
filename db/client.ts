// Opens the database: the embedded Postgres server in DATA_DIR/pg by default, any Postgres server
// (15 or newer) with DATABASE_URL. One engine, one driver (node-postgres with a pool), the same
// SQL and migrations everywhere (docs/decisions/142).
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import * as schema from './schema'
import { startEmbeddedServer, type EmbeddedServer } from './embedded-server'
import { upgradePgliteFolder } from './pglite-upgrade'

export type Database = NodePgDatabase<typeof schema>

export interface DatabaseHandle {
  db: Database
  /** The pool under `db`, for COPY and other statements Drizzle has no words for. */
  pool: pg.Pool
  /** The embedded server this handle started; null on a server given by DATABASE_URL. */
  server: EmbeddedServer | null
  migrate(): Promise<void>
  /**
   * Runs `work` while no other process of the fleet runs work under the same lock (a Postgres
   * advisory lock held by a connection of its own): the demo seed, for one.
   */
  exclusively<T>(lock: number, work: () => Promise<T>): Promise<T>
  /** Ends the pool, and stops the embedded server when this handle started it. */
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
  /** A Postgres server's connection string (DATABASE_URL). */
  databaseUrl?: string
  /** Without databaseUrl: DATA_DIR, whose `pg` folder holds the embedded server's cluster. */
  dataDir?: string
  /** Connections in the pool: a long import holds one, the others keep serving. */
  maxConnections?: number
  log?: (message: string) => void
}

/** The embedded server's files in DATA_DIR. */
export const embeddedPaths = (dataDir: string) => ({
  cluster: path.join(dataDir, 'pg'),
  passwordFile: path.join(dataDir, 'pg-password'),
})

/** Postgres advisory lock of the migrations (any number unique to this use; "portal" in ASCII). */
const MIGRATION_LOCK = 0x706f7274616c

/** Advisory lock of the demo seed ("seed" in ASCII). */
export const SEED_LOCK = 0x73656564

/**
 * Runs `work` holding the advisory lock `lock` on a connection of its own, so the lock is held
 * exactly as long as that session lives: a process that dies mid-way releases it with its session.
 */
export async function withSessionLock<T>(
  connection: pg.ClientConfig,
  lock: number,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client(connection)
  // A lost connection fails the work below; it must not also throw where nobody listens.
  client.on('error', () => undefined)
  await client.connect()
  try {
    await client.query('select pg_advisory_lock($1)', [lock])
    return await work(client)
  } finally {
    // Ending the session releases its lock, also after failed work.
    await client.end().catch(() => undefined)
  }
}

/**
 * Several processes starting together on one database (a fleet, a deploy) migrate one at a time,
 * each through the connection that holds the lock; the processes after the first find nothing
 * left to apply.
 */
export function migrateOnce(connection: pg.ClientConfig, apply: (client: pg.Client) => Promise<void>): Promise<void> {
  return withSessionLock(connection, MIGRATION_LOCK, apply)
}

export function openPool(url: string, maxConnections = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: maxConnections, idleTimeoutMillis: 30_000 })
  // A connection that breaks while idle (the server restarted) is dropped from the pool; without
  // a listener node-postgres would end the process.
  pool.on('error', (error) => console.error(`Database connection lost: ${error.message}`))
  return pool
}

/**
 * The connection string of a database handle's server: for work that holds a connection of its
 * own outside the pool (an import's worker thread stages its rows on one).
 */
export function connectionStringOf(db: Database): string {
  const options = (db as unknown as { $client: pg.Pool }).$client.options as { connectionString?: string }
  if (!options.connectionString) throw new Error('The database handle was opened without a connection string')
  return options.connectionString
}

/**
 * Ends a pool once its connections have closed: pool.end() answers as soon as it has asked them
 * to, and a server stopped meanwhile would end them with an error.
 */
export async function endPool(pool: pg.Pool): Promise<void> {
  let open = pool.totalCount
  const closed = new Promise<void>((resolve) => {
    if (open === 0) resolve()
    pool.on('remove', () => {
      if (--open === 0) resolve()
    })
  })
  await pool.end()
  await closed
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const log = options.log ?? (() => {})
  let server: EmbeddedServer | null = null
  let url = options.databaseUrl
  if (!url) {
    if (!options.dataDir) throw new Error('openDatabase needs a DATABASE_URL or a data folder')
    const paths = embeddedPaths(options.dataDir)
    // A folder of the earlier embedded database (PGlite) is moved into the server first.
    const upgrade = await upgradePgliteFolder({ dataDir: options.dataDir, log })
    server = await startEmbeddedServer({ dir: paths.cluster, passwordFile: paths.passwordFile, log })
    url = server.url
    if (upgrade)
      await upgrade.restoreInto(url).catch(async (error: unknown) => {
        await server?.stop()
        throw error
      })
  }
  const pool = openPool(url, options.maxConnections)
  const db = drizzle(pool, { schema })
  let closing: Promise<void> | null = null
  return {
    db,
    pool,
    server,
    migrate: () =>
      migrateOnce(pool.options, (client) =>
        migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
      ),
    exclusively: (lock, work) => withSessionLock(pool.options, lock, () => work()),
    close() {
      closing ??= (async () => {
        await endPool(pool)
        await server?.stop()
      })()
      return closing
    },
  }
}
