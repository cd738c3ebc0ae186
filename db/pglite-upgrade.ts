// Moves a data folder of the earlier embedded database (PGlite, retired by docs/decisions/142)
// into the embedded Postgres server, at the first start after an upgrade. PGlite's own pg_dump
// writes the whole database as SQL; the old folder is set aside (never deleted) and the SQL is
// restored into the new server's empty database in one transaction. Each step survives a crash:
// the dump is complete before the folder moves, and a restore that did not commit runs again.
import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import pg from 'pg'
import { CLUSTER_MARKER } from './embedded-server'

export interface PendingRestore {
  /** Restores the dump into the (empty) database at `url`, then removes the dump. */
  restoreInto(url: string): Promise<void>
}

export interface UpgradeOptions {
  dataDir: string
  log: (message: string) => void
}

const DUMP_FILE = 'pglite-dump.sql'

/** True when `dir` is a Postgres data folder the embedded server did not make: PGlite's. */
export function isPgliteFolder(dir: string): boolean {
  return fs.existsSync(path.join(dir, 'PG_VERSION')) && !fs.existsSync(path.join(dir, CLUSTER_MARKER))
}

/** Writes the whole PGlite database as SQL into `file`, made by PGlite's own pg_dump. */
async function dumpPglite(dir: string, file: string): Promise<void> {
  // Loaded only here: a portal that has nothing to upgrade never loads PGlite.
  const { PGlite } = await import('@electric-sql/pglite')
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
  const { pgDump } = await import('@electric-sql/pglite-tools/pg_dump')
  const client = new PGlite({ dataDir: dir, extensions: { pg_trgm } })
  try {
    await client.waitReady
    const dump = await pgDump({ pg: client, args: ['--no-owner', '--no-privileges'] })
    // Streamed to disk: a dump can be larger than the longest string JavaScript holds.
    await pipeline(Readable.fromWeb(dump.stream() as WebReadableStream<Uint8Array>), fs.createWriteStream(file))
  } finally {
    await client.close()
  }
  const fd = fs.openSync(file, 'r')
  fs.fsyncSync(fd)
  fs.closeSync(fd)
}

/**
 * Looks for a PGlite folder in DATA_DIR/pg; when there is one, dumps it and sets it aside. Answers
 * the restore still to do (now, or left by a start that stopped half way), or null.
 */
export async function upgradePgliteFolder({ dataDir, log }: UpgradeOptions): Promise<PendingRestore | null> {
  const cluster = path.join(dataDir, 'pg')
  const dumpFile = path.join(dataDir, DUMP_FILE)
  if (isPgliteFolder(cluster)) {
    log(`Found a database of the earlier embedded engine (PGlite) in ${cluster}: moving it into the Postgres server…`)
    const partial = `${dumpFile}.partial`
    await dumpPglite(cluster, partial)
    fs.renameSync(partial, dumpFile)
    const aside = `${cluster}-pglite-${new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}`
    fs.renameSync(cluster, aside)
    log(`The PGlite folder is kept as ${aside}; remove it once the portal shows your data.`)
  }
  if (!fs.existsSync(dumpFile)) return null
  return {
    async restoreInto(url) {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      try {
        const tables = await client.query(
          `select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`,
        )
        if ((tables.rows[0] as { n: number }).n > 0) {
          // Restored and committed by an earlier start that stopped before removing the dump.
          fs.rmSync(dumpFile, { force: true })
          return
        }
        const started = Date.now()
        const counts = await restoreDump(
          client,
          fs.createReadStream(dumpFile, { encoding: 'utf8', highWaterMark: 1024 * 1024 }),
        )
        fs.rmSync(dumpFile, { force: true })
        log(
          `Moved the PGlite database into the Postgres server: ${counts.tables} tables, ` +
            `${counts.rows.toLocaleString('en')} rows in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
        )
      } finally {
        await client.end()
      }
    },
  }
}

/** Statements per round trip while restoring. */
const BATCH_BYTES = 1024 * 1024

/** Runs a plain-SQL dump in one transaction. Answers how many tables and rows it created. */
export async function restoreDump(
  client: pg.Client,
  sqlText: AsyncIterable<string> | Iterable<string>,
): Promise<{ tables: number; rows: number }> {
  let tables = 0
  let rows = 0
  let batch: string[] = []
  let size = 0
  const flush = async () => {
    if (batch.length === 0) return
    await client.query(batch.join('\n'))
    batch = []
    size = 0
  }
  await client.query('begin')
  try {
    for await (const statement of splitStatements(sqlText)) {
      if (/^CREATE TABLE /i.test(statement)) tables++
      if (/^INSERT INTO /i.test(statement)) rows++
      batch.push(statement)
      size += statement.length
      if (size >= BATCH_BYTES) await flush()
    }
    await flush()
    await client.query('commit')
  } catch (error) {
    await client.query('rollback').catch(() => undefined)
    throw error
  }
  return { tables, rows }
}

type Mode = { kind: 'code' } | { kind: 'comment' } | { kind: 'quote'; char: string } | { kind: 'dollar'; tag: string }

/**
 * The statements of a SQL script, read in pieces, each with its semicolon. Knows what pg_dump
 * writes: quoted strings, quoted names, dollar-quoted bodies and line comments (those
 * between statements are dropped), so a semicolon or a line break inside a value never splits it
 * and a piece may end anywhere. Only the statement being read is held in memory.
 */
export async function* splitStatements(pieces: AsyncIterable<string> | Iterable<string>): AsyncGenerator<string> {
  const iterator =
    Symbol.asyncIterator in pieces
      ? (pieces as AsyncIterable<string>)[Symbol.asyncIterator]()
      : (pieces as Iterable<string>)[Symbol.iterator]()
  let text = ''
  let start = 0 // where the statement being read begins in `text`
  let i = 0
  let ended = false
  let commentStart = 0
  let mode: Mode = { kind: 'code' }
  /** Appends the next piece (dropping what was emitted); false once there is none. */
  const more = async (): Promise<boolean> => {
    if (ended) return false
    const next = await iterator.next()
    if (next.done) {
      ended = true
      return false
    }
    text = text.slice(start) + next.value
    i -= start
    commentStart -= start
    start = 0
    return true
  }
  for (;;) {
    if (i >= text.length) {
      if (await more()) continue
      break
    }
    if (mode.kind === 'comment') {
      const end = text.indexOf('\n', i)
      if (end === -1) {
        i = text.length
        continue
      }
      i = end + 1
      mode = { kind: 'code' }
      if (text.slice(start, commentStart).trim() === '') start = i
      continue
    }
    if (mode.kind === 'quote') {
      const close = text.indexOf(mode.char, i)
      if (close === -1) {
        i = text.length
        if (ended) break
        continue
      }
      // A doubled quote inside a value closes and reopens it, which splits the same way.
      i = close + 1
      mode = { kind: 'code' }
      continue
    }
    if (mode.kind === 'dollar') {
      const close = text.indexOf(mode.tag, i)
      if (close === -1) {
        if (ended) break
        // The closing tag may straddle two pieces.
        i = Math.max(i, text.length - mode.tag.length + 1)
        await more()
        continue
      }
      i = close + mode.tag.length
      mode = { kind: 'code' }
      continue
    }
    // A comment's second dash or a whole dollar tag may lie in the next piece.
    while ((text[i] === '-' || text[i] === '$') && text.length - i < 64 && (await more())) {
      // read on
    }
    const c = text[i]!
    if (c === '-' && text[i + 1] === '-') {
      commentStart = i
      mode = { kind: 'comment' }
      i += 2
    } else if (c === "'" || c === '"') {
      mode = { kind: 'quote', char: c }
      i++
    } else if (c === '$') {
      const tag = /^\$[A-Za-z_]*\$/.exec(text.slice(i, i + 64))?.[0]
      if (tag) {
        mode = { kind: 'dollar', tag }
        i += tag.length
      } else i++
    } else if (c === ';') {
      const statement = text.slice(start, i + 1).trim()
      if (statement !== ';') yield statement
      start = i + 1
      i++
    } else i++
  }
  if (mode.kind === 'quote' || mode.kind === 'dollar') throw new Error('The dump ends inside a quoted value.')
  const rest = text.slice(start).trim()
  if (rest !== '') yield rest
}
