// The database half of a backup (docs/decisions/184): every table of the portal as of one moment,
// read with COPY inside one read-only REPEATABLE READ transaction (people keep working meanwhile),
// and loaded back with COPY into an empty database migrated to the same schema version. A logical
// copy, so it moves between Postgres versions (the embedded 18 into a server of 15 or newer).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Readable, Writable } from 'node:stream'
import type pg from 'pg'
import { from as copyFrom, to as copyTo } from 'pg-copy-streams'
import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import { MIGRATIONS_FOLDER } from './client'

/** A table of the portal and the columns a copy carries (generated columns are made again). */
export interface TableOfCopy {
  name: string
  columns: string[]
}

/** A sequence's state: its last value and whether that value was handed out. */
export interface SequenceState {
  name: string
  lastValue: string
  isCalled: boolean
}

/** Which migrations made the schema: how many of this portal's journal, and the last one's tag. */
export interface SchemaVersion {
  migrations: number
  last: string | null
}

interface JournalEntry {
  idx: number
  when: number
  tag: string
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`

export function journal(folder = MIGRATIONS_FOLDER): JournalEntry[] {
  const file = path.join(folder, 'meta', '_journal.json')
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { entries: JournalEntry[] }).entries
}

/** The portal's tables in the public schema, in name order, with the columns a copy carries. */
export async function tablesOf(client: pg.ClientBase): Promise<TableOfCopy[]> {
  const { rows } = await client.query<{ table: string; columns: string[] }>(`
    select c.relname as table,
           array_agg(a.attname::text order by a.attnum) as columns
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     where n.nspname = 'public' and c.relkind in ('r', 'p')
     group by c.relname
     order by c.relname`)
  return rows.map((row) => ({ name: row.table, columns: row.columns }))
}

export async function sequencesOf(client: pg.ClientBase): Promise<SequenceState[]> {
  const { rows } = await client.query<{ name: string }>(
    `select sequencename as name from pg_sequences where schemaname = 'public' order by sequencename`,
  )
  const states: SequenceState[] = []
  for (const { name } of rows) {
    const { rows: state } = await client.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text, is_called from public.${quote(name)}`,
    )
    states.push({ name, lastValue: state[0]!.last_value, isCalled: state[0]!.is_called })
  }
  return states
}

/** The schema version the migrations table records; none applied on a new database. */
export async function schemaVersionOf(client: pg.ClientBase): Promise<SchemaVersion> {
  const exists = await client.query(
    `select 1 from pg_tables where schemaname = 'drizzle' and tablename = '__drizzle_migrations'`,
  )
  if (exists.rowCount === 0) return { migrations: 0, last: null }
  const { rows } = await client.query<{ created_at: string }>(
    `select created_at::text from drizzle.__drizzle_migrations order by created_at`,
  )
  const entries = journal()
  const last = rows.at(-1)
  if (!last) return { migrations: 0, last: null }
  const known = entries.find((entry) => String(entry.when) === last.created_at)
  // A schema made by a newer portal: its last migration is not in this portal's journal.
  return { migrations: known ? known.idx + 1 : rows.length, last: known?.tag ?? `unknown:${last.created_at}` }
}

/** A table's rows in COPY's text format, one line a row. */
export function copyOut(client: pg.ClientBase, table: TableOfCopy): Readable {
  return client.query(copyTo(`copy public.${quote(table.name)} (${table.columns.map(quote).join(', ')}) to stdout`))
}

export function copyIn(client: pg.ClientBase, table: TableOfCopy): Writable {
  return client.query(copyFrom(`copy public.${quote(table.name)} (${table.columns.map(quote).join(', ')}) from stdin`))
}

/** Whether any table of the public schema holds a row. */
export async function holdsRows(client: pg.ClientBase): Promise<string | null> {
  for (const table of await tablesOf(client)) {
    const { rowCount } = await client.query(`select 1 from public.${quote(table.name)} limit 1`)
    if (rowCount) return table.name
  }
  return null
}

/**
 * Applies the first `count` migrations of this portal's journal: an archive's rows go into the
 * schema they were read from, and the later migrations then move them on as they moved every
 * database of that version.
 */
export async function migrateTo(client: pg.Client, count: number): Promise<void> {
  const entries = journal()
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-migrations-'))
  try {
    fs.mkdirSync(path.join(folder, 'meta'))
    const full = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as object
    fs.writeFileSync(
      path.join(folder, 'meta', '_journal.json'),
      JSON.stringify({ ...full, entries: entries.slice(0, count) }),
    )
    for (const entry of entries.slice(0, count)) {
      fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`))
    }
    await migrate(drizzle(client), { migrationsFolder: folder })
  } finally {
    fs.rmSync(folder, { recursive: true, force: true })
  }
}

export interface ForeignKey {
  table: string
  name: string
  definition: string
}

/**
 * Drops the foreign keys of the public schema, to be added again once every table is loaded: the
 * rows come table by table in name order, and a row may point at one of a later table (or of its
 * own). Adding them again checks every row, as a load with the keys in place would have.
 */
export async function dropForeignKeys(client: pg.ClientBase): Promise<ForeignKey[]> {
  const { rows } = await client.query<ForeignKey>(`
    select c.relname as table, k.conname as name, pg_get_constraintdef(k.oid) as definition
      from pg_constraint k
      join pg_class c on c.oid = k.conrelid
      join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and k.contype = 'f'
     order by c.relname, k.conname`)
  for (const key of rows) {
    await client.query(`alter table public.${quote(key.table)} drop constraint ${quote(key.name)}`)
  }
  return rows
}

export async function addForeignKeys(client: pg.ClientBase, keys: ForeignKey[]): Promise<void> {
  for (const key of keys) {
    await client.query(`alter table public.${quote(key.table)} add constraint ${quote(key.name)} ${key.definition}`)
  }
}

/**
 * Turns the tables' own triggers off for a load, or on again: a trigger keeps a count table in step
 * with its rows as people work, and the count table's rows are loaded as they were.
 */
export async function switchTriggers(client: pg.ClientBase, tables: TableOfCopy[], on: boolean): Promise<void> {
  for (const table of tables) {
    await client.query(`alter table public.${quote(table.name)} ${on ? 'enable' : 'disable'} trigger user`)
  }
}

export async function setSequences(client: pg.ClientBase, states: SequenceState[]): Promise<void> {
  for (const state of states) {
    await client.query(`select setval($1::regclass, $2::bigint, $3)`, [
      `public.${quote(state.name)}`,
      state.lastValue,
      state.isCalled,
    ])
  }
}
