// Moves a data folder of the earlier embedded database (PGlite, retired by docs/decisions/142)
// into the embedded Postgres server, at the first start after an upgrade. PGlite's own pg_dump
// writes the whole database as SQL; the old folder is set aside (never deleted) and the SQL is
// restored into the new server's empty database in one transaction. Each step survives a crash:
// the dump is complete before the folder moves, and a restore that did not commit runs again.
import fs from 'node:fs'
import path from 'node:path'
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

/** The whole PGlite database as SQL, made by PGlite's own pg_dump. */
async function dumpPglite(dir: string): Promise<string> {
  // Loaded only here: a portal that has nothing to upgrade never loads PGlite.
  const { PGlite } = await import('@electric-sql/pglite')
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
  const { pgDump } = await import('@electric-sql/pglite-tools/pg_dump')
  const client = new PGlite({ dataDir: dir, extensions: { pg_trgm } })
  try {
    await client.waitReady
    const file = await pgDump({ pg: client, args: ['--no-owner', '--no-privileges'] })
    return await file.text()
  } finally {
    await client.close()
  }
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
    const sqlText = await dumpPglite(cluster)
    const partial = `${dumpFile}.partial`
    fs.writeFileSync(partial, sqlText)
    const fd = fs.openSync(partial, 'r')
    fs.fsyncSync(fd)
    fs.closeSync(fd)
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
        const counts = await restoreDump(client, fs.readFileSync(dumpFile, 'utf8'))
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
export async function restoreDump(client: pg.Client, sqlText: string): Promise<{ tables: number; rows: number }> {
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
    for (const statement of splitStatements(sqlText)) {
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

/**
 * The statements of a SQL script, each with its semicolon, comments dropped. Knows what pg_dump
 * writes: quoted strings ('' inside), quoted names, dollar-quoted bodies and line comments, so a
 * semicolon or a line break inside a value never splits it.
 */
export function* splitStatements(sqlText: string): Generator<string> {
  let start = 0
  let i = 0
  const n = sqlText.length
  const emit = function* (end: number) {
    const statement = sqlText.slice(start, end).trim()
    if (statement !== '' && statement !== ';') yield statement
  }
  while (i < n) {
    const c = sqlText[i]!
    if (c === '-' && sqlText[i + 1] === '-') {
      // A comment between statements is skipped with the text before it (only whitespace).
      const end = sqlText.indexOf('\n', i)
      const stop = end === -1 ? n : end + 1
      if (sqlText.slice(start, i).trim() === '') start = stop
      i = stop
    } else if (c === "'" || c === '"') {
      let j = i + 1
      for (;;) {
        const close = sqlText.indexOf(c, j)
        if (close === -1) throw new Error('The dump ends inside a quoted value.')
        if (sqlText[close + 1] === c) j = close + 2
        else {
          i = close + 1
          break
        }
      }
    } else if (c === '$') {
      const tag = /^\$[A-Za-z_]*\$/.exec(sqlText.slice(i, i + 64))?.[0]
      if (tag) {
        const close = sqlText.indexOf(tag, i + tag.length)
        if (close === -1) throw new Error('The dump ends inside a dollar-quoted body.')
        i = close + tag.length
      } else i++
    } else if (c === ';') {
      yield* emit(i + 1)
      start = i + 1
      i++
    } else i++
  }
  yield* emit(n)
}
