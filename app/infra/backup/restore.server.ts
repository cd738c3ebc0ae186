// Restores a backup archive (archive.server.ts) into an empty database and a file store: the
// schema is made by this portal's migrations up to the archive's version, the rows are loaded with
// COPY in one transaction that commits only once the whole archive was read and its counts add up,
// and the later migrations then bring it to this portal's version. Files are put back as they were
// stored (their type kept, not checked again).
import { Readable, Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import zlib from 'node:zlib'
import pg from 'pg'
import tar from 'tar-stream'
import {
  addForeignKeys,
  copyIn,
  dropForeignKeys,
  holdsRows,
  journal,
  migrateTo,
  schemaVersionOf,
  setSequences,
  switchTriggers,
  type ForeignKey,
  type TableOfCopy,
} from '#db/snapshot'
import type { BlobStore } from '#app/platform/ports'
import {
  ARCHIVE_MESSAGES,
  BACKUP_FORMAT,
  END_ENTRY,
  FILE_PREFIX,
  MANIFEST_ENTRY,
  TABLE_PREFIX,
  tableEntry,
  TYPE_RECORD,
  type BackupEnd,
  type BackupManifest,
} from './archive.server'

export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError'
}

export interface RestoreTarget {
  connectionString: string
  blobs: BlobStore
  /** Applies every migration of this portal (the same lock a portal's start takes). */
  migrate(): Promise<void>
}

export interface RestoreSummary {
  manifest: BackupManifest
  rows: number
  files: number
  fileBytes: number
  gone: string[]
}

async function readJson<T>(entry: Readable): Promise<T> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of entry) {
    size += (chunk as Buffer).length
    if (size > 64 * 1024 * 1024) throw new RestoreRefusedError(ARCHIVE_MESSAGES.notArchive)
    chunks.push(chunk as Buffer)
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as T
  } catch {
    throw new RestoreRefusedError(ARCHIVE_MESSAGES.notArchive)
  }
}

/** Counts the lines (rows) of COPY text written into `target`. */
function countingInto(target: Writable): { sink: Writable; rows(): number } {
  let rows = 0
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) rows++
      if (target.write(chunk)) done()
      else target.once('drain', () => done())
    },
    final(done) {
      target.once('finish', () => done())
      target.once('error', done)
      target.end()
    },
  })
  return { sink, rows: () => rows }
}

function checkManifest(manifest: BackupManifest): void {
  if (typeof manifest?.format !== 'number' || !Array.isArray(manifest.tables)) {
    throw new RestoreRefusedError(ARCHIVE_MESSAGES.notArchive)
  }
  if (manifest.format > BACKUP_FORMAT) throw new RestoreRefusedError(ARCHIVE_MESSAGES.newerFormat(manifest.format))
  const known = journal()
  if (manifest.schema.migrations > known.length || (manifest.schema.last?.startsWith('unknown:') ?? false)) {
    throw new RestoreRefusedError(ARCHIVE_MESSAGES.newerSchema(manifest.schema.last ?? '?'))
  }
}

export async function restoreBackup(archive: Readable, target: RestoreTarget): Promise<RestoreSummary> {
  const extract = tar.extract()
  const unpacked = pipeline(archive, zlib.createGunzip(), extract)
  unpacked.catch(() => undefined)
  const client = new pg.Client({ connectionString: target.connectionString, application_name: 'portal restore' })
  client.on('error', () => undefined)
  let manifest: BackupManifest | null = null
  let end: BackupEnd | null = null
  const rows: Record<string, number> = {}
  let files = 0
  let fileBytes = 0
  let open = false
  let foreignKeys: ForeignKey[] = []
  try {
    for await (const tarEntry of extract) {
      const name = tarEntry.header.name
      // The archive's streams are tar-stream's own: read through a Node stream.
      const entry = Readable.from(tarEntry)
      if (!manifest) {
        if (name !== MANIFEST_ENTRY) throw new RestoreRefusedError(ARCHIVE_MESSAGES.notArchive)
        manifest = await readJson<BackupManifest>(entry)
        checkManifest(manifest)
        await client.connect()
        await prepareDatabase(client, manifest)
        await client.query('begin')
        open = true
        foreignKeys = await dropForeignKeys(client)
        await switchTriggers(client, manifest.tables, false)
        continue
      }
      if (name.startsWith(TABLE_PREFIX)) {
        const table = manifest.tables.find((each) => tableEntry(each.name) === name)
        if (!table) throw new RestoreRefusedError(ARCHIVE_MESSAGES.notArchive)
        rows[table.name] = await loadTable(client, table, entry)
      } else if (name.startsWith(FILE_PREFIX)) {
        const key = name.slice(FILE_PREFIX.length)
        const contentType =
          (tarEntry.header.pax as Record<string, string> | undefined)?.[TYPE_RECORD] ?? 'application/octet-stream'
        const info = await target.blobs.put(key, entry, {
          contentType,
          maxBytes: Number.MAX_SAFE_INTEGER,
          verbatim: true,
        })
        files++
        fileBytes += info.size
      } else if (name === END_ENTRY) {
        end = await readJson<BackupEnd>(entry)
      } else {
        tarEntry.resume()
      }
    }
    await unpacked
    if (!manifest) throw new RestoreRefusedError(ARCHIVE_MESSAGES.notArchive)
    if (!end) throw new RestoreRefusedError(ARCHIVE_MESSAGES.cutOff)
    for (const table of manifest.tables) {
      const expected = end.rows[table.name] ?? 0
      if ((rows[table.name] ?? 0) !== expected) {
        throw new RestoreRefusedError(
          ARCHIVE_MESSAGES.countsDiffer(`rows of ${table.name}`, expected, rows[table.name] ?? 0),
        )
      }
    }
    if (files !== end.files) throw new RestoreRefusedError(ARCHIVE_MESSAGES.countsDiffer('files', end.files, files))
    await switchTriggers(client, manifest.tables, true)
    await addForeignKeys(client, foreignKeys)
    await setSequences(client, manifest.sequences)
    await client.query('commit')
    open = false
  } catch (error) {
    if (open) await client.query('rollback').catch(() => undefined)
    extract.destroy()
    throw unreadable(error, manifest !== null)
  } finally {
    await client.end().catch(() => undefined)
  }
  // Rows of an older version move on as that version's databases do at a portal's start.
  await target.migrate()
  return {
    manifest,
    rows: Object.values(rows).reduce((sum, count) => sum + count, 0),
    files,
    fileBytes,
    gone: end.gone,
  }
}

/**
 * What a person is told of an archive gzip or tar could not read: not an archive at all, or one
 * cut off (its manifest was read).
 */
function unreadable(error: unknown, begun: boolean): unknown {
  const code = (error as { code?: string }).code ?? ''
  const message = error instanceof Error ? error.message : ''
  const broken = /^Z_/.test(code) || /unexpected end|invalid tar header|incorrect header/i.test(message)
  if (!broken) return error
  return new RestoreRefusedError(begun ? ARCHIVE_MESSAGES.cutOff : ARCHIVE_MESSAGES.notArchive)
}

/** Refuses a database that holds data or a newer schema; makes the archive's schema on an empty one. */
async function prepareDatabase(client: pg.Client, manifest: BackupManifest): Promise<void> {
  const filled = await holdsRows(client)
  if (filled) throw new RestoreRefusedError(ARCHIVE_MESSAGES.notEmpty(filled))
  const current = await schemaVersionOf(client)
  if (current.migrations > manifest.schema.migrations || current.last?.startsWith('unknown:')) {
    throw new RestoreRefusedError(ARCHIVE_MESSAGES.newerTarget)
  }
  await migrateTo(client, manifest.schema.migrations)
}

async function loadTable(client: pg.Client, table: TableOfCopy, entry: Readable): Promise<number> {
  const { sink, rows } = countingInto(copyIn(client, table))
  await pipeline(entry, sink)
  return rows()
}
