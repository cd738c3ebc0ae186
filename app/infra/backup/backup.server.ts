// Writes a backup archive (archive.server.ts) of a running or stopped portal: the database as of
// one moment, then every stored file. The database is read on a connection of its own inside one
// read-only REPEATABLE READ transaction, so people keep working and every table shows the same
// moment; the archive is written under a .partial name and renamed once complete.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import zlib from 'node:zlib'
import pg from 'pg'
import tar from 'tar-stream'
import { lowerBackendPriority } from '#db/backend-priority'
import { copyOut, schemaVersionOf, sequencesOf, tablesOf } from '#db/snapshot'
import type { BlobStore } from '#app/platform/ports'
import {
  addEntry,
  BACKUP_FORMAT,
  END_ENTRY,
  FILE_PREFIX,
  MANIFEST_ENTRY,
  portalVersion,
  tableEntry,
  TYPE_RECORD,
  type BackupEnd,
  type BackupManifest,
} from './archive.server'

export interface BackupSource {
  connectionString: string
  blobs: BlobStore
  /**
   * The embedded server this machine runs: its process serving the backup gets background
   * priority, so the processes answering people's pages get the cores first (db/background-connection.ts).
   */
  local?: boolean
}

export interface BackupSummary {
  file: string
  bytes: number
  tables: number
  rows: number
  rowsByTable: Record<string, number>
  files: number
  fileBytes: number
  gone: string[]
  /** When the database's moment was taken. */
  created: string
}

/** Archive names sort by time: brand-portal-2026-12-07T20-15-03Z.tar.gz */
export const ARCHIVE_PATTERN = /^brand-portal-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.gz$/

export function archiveName(at = new Date()): string {
  return `brand-portal-${at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-')}.tar.gz`
}

/** Counts the lines (rows) of COPY text as it passes. */
function rowCounter(): Transform & { rows(): number } {
  let rows = 0
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) rows++
      done(null, chunk)
    },
  })
  return Object.assign(counter, { rows: () => rows })
}

/** Told after each table is in the archive (the command prints it; a test acts between tables). */
export type BackupProgress = (step: { table: string; rows: number }) => void | Promise<void>

export async function writeBackup(
  source: BackupSource,
  file: string,
  progress: BackupProgress = () => {},
): Promise<BackupSummary> {
  const partial = `${file}.partial`
  await fs.promises.mkdir(path.dirname(file), { recursive: true })
  const pack = tar.pack()
  // Level 3: most of the size gain of the default at half its time (a backup runs beside people).
  const written = pipeline(Readable.from(pack), zlib.createGzip({ level: 3 }), fs.createWriteStream(partial))
  written.catch(() => undefined)
  const spool = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'portal-backup-'))
  try {
    const { manifest, rows } = await writeDatabase(source, pack, spool, progress)
    const files = await writeFiles(source.blobs, pack)
    const end: BackupEnd = { rows, ...files }
    await addEntry(pack, { name: END_ENTRY, size: 0 }, Buffer.from(JSON.stringify(end)))
    pack.finalize()
    await written
    await fs.promises.rename(partial, file)
    return {
      file,
      bytes: (await fs.promises.stat(file)).size,
      tables: manifest.tables.length,
      rows: Object.values(rows).reduce((sum, count) => sum + count, 0),
      rowsByTable: rows,
      files: files.files,
      fileBytes: files.fileBytes,
      gone: files.gone,
      created: manifest.created,
    }
  } catch (error) {
    pack.destroy(error as Error)
    await written.catch(() => undefined)
    await fs.promises.rm(partial, { force: true })
    throw error
  } finally {
    await fs.promises.rm(spool, { recursive: true, force: true })
  }
}

async function writeDatabase(source: BackupSource, pack: tar.Pack, spool: string, progress: BackupProgress) {
  const client = new pg.Client({ connectionString: source.connectionString, application_name: 'portal backup' })
  client.on('error', () => undefined)
  await client.connect()
  try {
    if (source.local) await lowerBackendPriority(client)
    // Every read below sees the database as of the first one; nothing waits on this transaction.
    await client.query('begin isolation level repeatable read, read only')
    const tables = await tablesOf(client)
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      portal: portalVersion(),
      created: new Date().toISOString(),
      schema: await schemaVersionOf(client),
      tables,
      // Read after the moment began: at least as far as any row of it has counted.
      sequences: await sequencesOf(client),
    }
    const json = Buffer.from(JSON.stringify(manifest, null, 2))
    await addEntry(pack, { name: MANIFEST_ENTRY, size: json.length }, json)
    const rows: Record<string, number> = {}
    for (const table of tables) {
      // A tar entry says its size first: each table is spooled to disk, then added.
      const spooled = path.join(spool, 'table.copy')
      const counter = rowCounter()
      await pipeline(copyOut(client, table), counter, fs.createWriteStream(spooled))
      const { size } = await fs.promises.stat(spooled)
      await addEntry(pack, { name: tableEntry(table.name), size }, fs.createReadStream(spooled))
      rows[table.name] = counter.rows()
      await progress({ table: table.name, rows: counter.rows() })
    }
    await client.query('commit')
    return { manifest, rows }
  } finally {
    await client.end().catch(() => undefined)
  }
}

async function writeFiles(blobs: BlobStore, pack: tar.Pack): Promise<Omit<BackupEnd, 'rows'>> {
  let files = 0
  let fileBytes = 0
  const gone: string[] = []
  for await (const key of blobs.list()) {
    const blob = await blobs.get(key)
    if (!blob) {
      gone.push(key)
      continue
    }
    await addEntry(
      pack,
      { name: `${FILE_PREFIX}${key}`, size: blob.info.size, pax: { [TYPE_RECORD]: blob.info.contentType } },
      blob.stream,
    )
    files++
    fileBytes += blob.info.size
  }
  return { files, fileBytes, gone }
}

/** Keeps the newest `keep` archives of `dir` (by name, which sorts by time) and deletes the rest. */
export async function pruneArchives(dir: string, keep: number): Promise<string[]> {
  const names = (await fs.promises.readdir(dir).catch(() => [] as string[])).filter((name) =>
    ARCHIVE_PATTERN.test(name),
  )
  const old = names.sort().slice(0, Math.max(0, names.length - keep))
  for (const name of old) await fs.promises.rm(path.join(dir, name), { force: true })
  return old
}
