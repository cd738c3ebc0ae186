// An integration test that upgrades a PGlite data folder and finds every row: a folder is made as
// the previous version of the portal made it (PGlite with pg_trgm, the migrations, the demo seed
// and edits of every kind), and the first start of the embedded Postgres server moves it in. Every
// table of public and drizzle must hold the same rows, byte for byte; sequences, indexes and
// triggers carry on; the PGlite folder is kept aside; and a start that stops between the dump and
// the restore, or whose restore fails, restores on the next start, once.
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { eq } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLocalBlobStore } from '#app/infra/blob-store.server'
import { newKey } from '#app/platform/ids'
import type { ServiceDeps } from '#app/platform/context.server'
import { MIGRATIONS_FOLDER, openDatabase, type DatabaseHandle } from '#db/client'
import { startEmbeddedServer } from '#db/embedded-server'
import * as schema from '#db/schema'
import { DEMO_BRAND_KEY, DEMO_DIRECT_CHAT_KEY, demoAccountKey, seedDemo } from '#seed/seed'
import { postmasterPid, processRunning } from '#tests/support/server-processes'

// Each its own temporary folder: the server's user must pass through every folder above DATA_DIR.
/** Upgraded in one go. */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pglite-upgrade-'))
/** A copy of the same PGlite folder, upgraded through a start that stops half way. */
const interruptedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pglite-interrupted-'))
const handles: DatabaseHandle[] = []

const TRICKY_TEXT = `Café Señora — 東京: it's; "quoted" -- not a comment $$ $_$\nsecond line \\ backslash\ttab`
const YJS_BYTES = new Uint8Array([0, 255, 0, 1, 127, 128, 254, 255, 0])
let renamedListing: string
let deletedListing: string
let addedLine: string

interface TableState {
  rows: number
  md5: string
}
interface Snapshot {
  tables: Record<string, TableState>
  sequences: Record<string, string | null>
  indexes: string[]
  triggers: string[]
  constraints: string[]
}
type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>

// The same text for the same row on both engines, whatever the session's defaults.
const SESSION_SETTINGS = [
  `set timezone = 'UTC'`,
  `set datestyle = 'ISO, MDY'`,
  `set intervalstyle = 'postgres'`,
  `set extra_float_digits = 1`,
  `set bytea_output = 'hex'`,
]

async function snapshot(query: Query): Promise<Snapshot> {
  for (const statement of SESSION_SETTINGS) await query(statement)
  const names = await query(
    `select schemaname, tablename from pg_tables where schemaname in ('public', 'drizzle') order by 1, 2`,
  )
  const tables: Record<string, TableState> = {}
  for (const { schemaname, tablename } of names.rows as { schemaname: string; tablename: string }[]) {
    const name = `"${schemaname}"."${tablename}"`
    const [state] = (
      await query(
        `select count(*)::int as rows, md5(coalesce(string_agg(t::text, E'\\n' order by t::text collate "C"), '')) as md5 from ${name} t`,
      )
    ).rows as unknown as TableState[]
    tables[name] = state!
  }
  const sequences = Object.fromEntries(
    (
      await query(
        `select schemaname || '.' || sequencename as name, last_value::text as value from pg_sequences where schemaname in ('public', 'drizzle')`,
      )
    ).rows.map((row) => [row.name as string, row.value as string | null]),
  )
  const column = async (text: string) => (await query(text)).rows.map((row) => row.v as string).sort()
  return {
    tables,
    sequences,
    indexes: await column(`select indexdef as v from pg_indexes where schemaname in ('public', 'drizzle')`),
    triggers: await column(
      `select tgrelid::regclass::text || ' ' || tgname as v from pg_trigger where not tgisinternal`,
    ),
    constraints: await column(
      `select conrelid::regclass::text || ' ' || pg_get_constraintdef(oid) as v from pg_constraint where connamespace in ('public'::regnamespace, 'drizzle'::regnamespace)`,
    ),
  }
}

async function snapshotOf(pool: pg.Pool): Promise<Snapshot> {
  const client = await pool.connect()
  try {
    return await snapshot((text) => client.query(text))
  } finally {
    client.release()
  }
}

async function open(dir: string, log: string[] = []): Promise<DatabaseHandle> {
  const handle = await openDatabase({ dataDir: dir, log: (message) => log.push(message) })
  handles.push(handle)
  return handle
}

const pgliteAside = (dir: string) => fs.readdirSync(dir).filter((name) => name.startsWith('pg-pglite-'))
const dumpFiles = (dir: string) => fs.readdirSync(dir).filter((name) => name.startsWith('pglite-dump'))

let before: Snapshot

/**
 * The migrations a PGlite folder can have run: those before the first that needs an extension
 * PGlite lacks (0026 adds unaccent, docs/decisions/179). The upgrade runs the rest on the new server.
 */
const PGLITE_LAST_MIGRATION = 25

function migrationsPgliteRan(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-migrations-'))
  fs.mkdirSync(path.join(folder, 'meta'), { recursive: true })
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[]
  }
  journal.entries = journal.entries.filter((entry) => entry.idx <= PGLITE_LAST_MIGRATION)
  fs.writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal))
  for (const entry of journal.entries) {
    fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`))
  }
  return folder
}

/** The previous version's data folder: PGlite in DATA_DIR/pg, migrated, seeded, then edited. */
async function makePgliteFolder(dir: string): Promise<Snapshot> {
  fs.mkdirSync(path.join(dir, 'pg'), { recursive: true })
  const client = new PGlite({ dataDir: path.join(dir, 'pg'), extensions: { pg_trgm } })
  try {
    await client.waitReady
    const db = drizzle(client, { schema })
    await migrate(db, { migrationsFolder: migrationsPgliteRan() })
    const deps = {
      db,
      blobs: createLocalBlobStore({ dir: path.join(dir, 'blobs'), secret: 'pglite-upgrade-test' }),
    } as unknown as ServiceDeps
    await seedDemo(deps, { ensureUsers: false })

    const demoListings = await db
      .select({ key: schema.listings.key })
      .from(schema.listings)
      .where(eq(schema.listings.brandKey, DEMO_BRAND_KEY))
      .orderBy(schema.listings.key)
    expect(demoListings.length).toBeGreaterThan(2)
    renamedListing = demoListings[0]!.key
    deletedListing = demoListings[1]!.key
    // Renamed: the generated search text is computed again by the new server from this name.
    await db
      .update(schema.listings)
      .set({ styleName: 'CAFÉ SEÑORA — 東京 Ärmel', materials: TRICKY_TEXT, modified: new Date() })
      .where(eq(schema.listings.key, renamedListing))
    // Deleted: the count triggers have already moved listing_counts and listing_facets.
    await db.delete(schema.listings).where(eq(schema.listings.key, deletedListing))
    addedLine = newKey()
    await db
      .insert(schema.lines)
      .values({ key: addedLine, brandKey: DEMO_BRAND_KEY, name: 'Café Señora — 東京', description: TRICKY_TEXT })
    await db
      .insert(schema.yjsUpdates)
      .values({ docName: `line:${addedLine}`, brandKey: DEMO_BRAND_KEY, update: YJS_BYTES })
    await db.insert(schema.messages).values({
      key: newKey(),
      conversationKey: DEMO_DIRECT_CHAT_KEY,
      brandKey: DEMO_BRAND_KEY,
      senderKey: demoAccountKey('editor'),
      text: TRICKY_TEXT,
      clientKey: 'client-key-upgrade',
    })
    await db
      .update(schema.brands)
      .set({ contact: { email: 'atelier@demo.test', phone: '+33 1 23 45 67 89', name: TRICKY_TEXT } })
      .where(eq(schema.brands.key, DEMO_BRAND_KEY))
    // Bulk, so the dump is several MB: it is read and restored in pieces, and values full of
    // quotes, dashes and dollars lie across the pieces' edges.
    for (let i = 0; i < 8; i++) {
      await db.insert(schema.yjsUpdates).values(
        Array.from({ length: 15 }, () => ({
          docName: `bulk:${addedLine}`,
          brandKey: DEMO_BRAND_KEY,
          update: new Uint8Array(randomBytes(32 * 1024)),
        })),
      )
    }
    for (let i = 0; i < 6; i++) {
      await db.insert(schema.messages).values(
        Array.from({ length: 500 }, (_, j) => ({
          key: newKey(),
          conversationKey: DEMO_DIRECT_CHAT_KEY,
          brandKey: DEMO_BRAND_KEY,
          senderKey: demoAccountKey('vsm'),
          text: `${i * 500 + j} ${TRICKY_TEXT} ''it''s'' -- $$; `.repeat(8),
        })),
      )
    }
    return await snapshot((text) => client.query(text))
  } finally {
    await client.close()
  }
}

beforeAll(async () => {
  before = await makePgliteFolder(dataDir)
  // A closed PGlite folder is plain files: a copy is a second folder of the same database.
  fs.cpSync(dataDir, interruptedDir, { recursive: true })
}, 600_000)

afterAll(async () => {
  for (const handle of handles) await handle.close().catch(() => undefined)
  for (const dir of [dataDir, interruptedDir]) fs.rmSync(dir, { recursive: true, force: true })
})

describe('the first start after the upgrade', () => {
  let database: DatabaseHandle
  const log: string[] = []

  beforeAll(async () => {
    expect(Object.keys(before.tables).length).toBeGreaterThan(30)
    expect(before.tables['"drizzle"."__drizzle_migrations"']!.rows).toBeGreaterThan(0)
    database = await open(dataDir, log)
  }, 300_000)

  it('moves every table with the same rows, byte for byte, and the same indexes, triggers and constraints', async () => {
    expect(database.server).toMatchObject({ created: true, version: expect.stringMatching(/^PostgreSQL 18\./) })
    expect(log.join('\n')).toMatch(/Moved the PGlite database into the Postgres server: \d+ tables/)
    const after = await snapshotOf(database.pool)
    expect(Object.keys(after.tables)).toEqual(Object.keys(before.tables))
    for (const [table, state] of Object.entries(before.tables))
      expect([table, after.tables[table]]).toEqual([table, state])
    expect(after).toEqual(before)
  })

  it('reads the edited values back as they were written', async () => {
    const { db } = database
    const [line] = await db.select().from(schema.lines).where(eq(schema.lines.key, addedLine))
    expect(line).toMatchObject({ name: 'Café Señora — 東京', description: TRICKY_TEXT })
    const [update] = await db
      .select()
      .from(schema.yjsUpdates)
      .where(eq(schema.yjsUpdates.docName, `line:${addedLine}`))
    expect([...update!.update]).toEqual([...YJS_BYTES])
    const [renamed] = await db.select().from(schema.listings).where(eq(schema.listings.key, renamedListing))
    expect(renamed).toMatchObject({ styleName: 'CAFÉ SEÑORA — 東京 Ärmel', materials: TRICKY_TEXT })
    expect(renamed!.searchText).toContain('café señora — 東京 ärmel')
    expect(await db.select().from(schema.listings).where(eq(schema.listings.key, deletedListing))).toEqual([])
    const [message] = await db.select().from(schema.messages).where(eq(schema.messages.clientKey, 'client-key-upgrade'))
    expect(message!.text).toBe(TRICKY_TEXT)
  })

  it('keeps the PGlite folder aside as pg-pglite-<stamp> and leaves no dump behind', () => {
    const aside = pgliteAside(dataDir)
    expect(aside).toHaveLength(1)
    expect(aside[0]).toMatch(/^pg-pglite-\d{8}-\d{6}$/)
    expect(fs.existsSync(path.join(dataDir, aside[0]!, 'PG_VERSION'))).toBe(true)
    expect(dumpFiles(dataDir)).toEqual([])
  })

  it('continues the sequences and keeps the triggers working', async () => {
    const { pool } = database
    const maxSeq = Number((await pool.query('select max(seq) as m from messages')).rows[0].m)
    const sent = await pool.query(
      `insert into messages (key, conversation_key, brand_key, text) values ($1, $2, $3, 'after the upgrade') returning seq`,
      [newKey(), DEMO_DIRECT_CHAT_KEY, DEMO_BRAND_KEY],
    )
    expect(Number(sent.rows[0].seq)).toBeGreaterThan(maxSeq)
    const maxId = Number((await pool.query('select max(id) as m from yjs_updates')).rows[0].m)
    const stored = await pool.query(
      `insert into yjs_updates (doc_name, brand_key, update) values ('line:after', $1, '\\x00ff') returning id`,
      [DEMO_BRAND_KEY],
    )
    expect(Number(stored.rows[0].id)).toBeGreaterThan(maxId)

    const count = async () =>
      Number(
        (await pool.query('select total from listing_counts where brand_key = $1', [DEMO_BRAND_KEY])).rows[0].total,
      )
    const counted = await count()
    // The restore's inserts ran before the triggers were made: nothing was counted twice.
    const listed = await pool.query('select count(*)::int as n from listings where brand_key = $1', [DEMO_BRAND_KEY])
    expect(counted).toBe(listed.rows[0].n)
    await pool.query(
      `insert into listings (key, brand_key, listing_unique_id, style_name, style_number) values ($1, $2, 'AFTER-1', 'After', 'AF-1')`,
      [newKey(), DEMO_BRAND_KEY],
    )
    expect(await count()).toBe(counted + 1)
    // pg_trgm came along: the products search's word similarity finds the renamed listing.
    const found = await pool.query(`select key from listings where 'café señora' <% search_text`)
    expect(found.rows.map((row) => row.key)).toContain(renamedListing)
  })

  it('migrates only what PGlite could not run: the migrations table came along', async () => {
    const migrated = async () =>
      Number((await database.pool.query('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0].n)
    const ran = await migrated()
    await database.migrate()
    // Only the migrations after PGlite's last (the folded search text, which needs unaccent).
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[]
    }
    expect(ran).toBe(PGLITE_LAST_MIGRATION + 1)
    expect(await migrated()).toBe(journal.entries.length)
    const [renamed] = await database.db.select().from(schema.listings).where(eq(schema.listings.key, renamedListing))
    // Folded: accents off, the dash as unaccent writes it.
    expect(renamed!.searchText).toContain('cafe senora - 東京 armel')
    const state = await snapshotOf(database.pool)
    await database.migrate()
    expect(await snapshotOf(database.pool)).toEqual(state)
  })

  it('starts the same folder again without upgrading it again', async () => {
    const state = await snapshotOf(database.pool)
    await database.close()
    const again: string[] = []
    database = await open(dataDir, again)
    expect(database.server?.created).toBe(false)
    expect(again.join('\n')).not.toContain('PGlite')
    expect(pgliteAside(dataDir)).toHaveLength(1)
    expect(await snapshotOf(database.pool)).toEqual(state)
    await database.close()
  })
})

describe('a start that stops between the dump and the restore', () => {
  const passwordFile = path.join(interruptedDir, 'pg-password')
  const cluster = path.join(interruptedDir, 'pg')
  let dump: string

  /** Runs queries in the portal database of the folder's cluster, with the portal stopped. */
  async function inCluster<T>(work: (query: Query) => Promise<T>): Promise<T> {
    const server = await startEmbeddedServer({ dir: cluster, passwordFile })
    const client = new pg.Client({ connectionString: server.url })
    await client.connect()
    try {
      return await work((text) => client.query(text))
    } finally {
      await client.end()
      await server.stop()
    }
  }

  it('keeps the dump when the server does not start, and sets the PGlite folder aside', async () => {
    // The password file is unreadable: the server's start fails once the dump is written.
    fs.mkdirSync(passwordFile)
    await expect(openDatabase({ dataDir: interruptedDir })).rejects.toThrow(/EISDIR/)
    fs.rmdirSync(passwordFile)
    expect(dumpFiles(interruptedDir)).toEqual(['pglite-dump.sql'])
    expect(pgliteAside(interruptedDir)).toHaveLength(1)
    expect(fs.existsSync(cluster)).toBe(false)
    dump = fs.readFileSync(path.join(interruptedDir, 'pglite-dump.sql'), 'utf8')
  })

  it('rolls a restore that fails back completely, stops the server and keeps the dump for the next start', async () => {
    // A schema that is no table: the database counts as empty, and the dump's CREATE SCHEMA fails.
    await inCluster((query) => query('create schema drizzle'))
    await expect(openDatabase({ dataDir: interruptedDir })).rejects.toThrow(/schema "drizzle" already exists/)
    const pid = postmasterPid(cluster)
    expect(pid === null || !processRunning(pid)).toBe(true)
    expect(dumpFiles(interruptedDir)).toEqual(['pglite-dump.sql'])
    const tables = await inCluster(async (query) => {
      const found = await query(
        `select table_schema, table_name from information_schema.tables where table_schema in ('public', 'drizzle')`,
      )
      await query('drop schema drizzle')
      return found.rows
    })
    expect(tables).toEqual([])
  })

  it('restores the dump at the next start, with every row', async () => {
    const log: string[] = []
    const database = await open(interruptedDir, log)
    expect(log.join('\n')).toMatch(/Moved the PGlite database into the Postgres server/)
    expect(dumpFiles(interruptedDir)).toEqual([])
    expect(await snapshotOf(database.pool)).toEqual(before)
    await database.close()
  })

  it('removes a dump found beside a database that already holds it, and restores nothing twice', async () => {
    // Restored and committed by a start that stopped before it removed the dump.
    fs.writeFileSync(path.join(interruptedDir, 'pglite-dump.sql'), dump)
    const log: string[] = []
    const database = await open(interruptedDir, log)
    expect(log.join('\n')).not.toContain('Moved the PGlite database')
    expect(dumpFiles(interruptedDir)).toEqual([])
    expect(await snapshotOf(database.pool)).toEqual(before)
    await database.close()
  })
})
