// The backup archive (docs/decisions/184): a gzip-compressed tar file that any tar can list and
// unpack. In order:
//   backup.json             what the archive holds: format, portal version, schema version, the
//                           tables with their columns, the sequences
//   database/<table>.copy   each table's rows in Postgres COPY text format, one line a row
//   files/<key>             each stored file's bytes, its content type in a pax record (the
//                           extended attribute user.mime_type, which tar tools know)
//   end.json                the counts, written last: an archive without it was cut off
import type { Readable } from 'node:stream'
import type { Pack } from 'tar-stream'
export { portalVersion } from '../portal-version.server'
import type { SchemaVersion, SequenceState, TableOfCopy } from '#db/snapshot'

/** The archive format this portal writes and reads. */
export const BACKUP_FORMAT = 1

export const MANIFEST_ENTRY = 'backup.json'
export const END_ENTRY = 'end.json'
export const TABLE_PREFIX = 'database/'
export const FILE_PREFIX = 'files/'
/** The pax record that keeps a file's content type: an extended attribute, as tar tools write them. */
export const TYPE_RECORD = 'SCHILY.xattr.user.mime_type'

export interface BackupManifest {
  format: number
  /** The portal's package version that wrote it. */
  portal: string
  created: string
  schema: SchemaVersion
  tables: TableOfCopy[]
  sequences: SequenceState[]
}

export interface BackupEnd {
  rows: Record<string, number>
  files: number
  fileBytes: number
  /** Files deleted after the database was read and before their turn came (decision 184). */
  gone: string[]
}

export const tableEntry = (table: string) => `${TABLE_PREFIX}${table}.copy`

export const ARCHIVE_MESSAGES = {
  notArchive: 'This file is not a backup of the portal (it has no backup.json at its start).',
  cutOff: 'The archive ends before its last entry: it was cut off while it was written or copied. Use another backup.',
  newerFormat: (format: number) =>
    `This archive is in format ${format}, newer than this portal reads (${BACKUP_FORMAT}): update the portal first.`,
  newerSchema: (tag: string) =>
    `This archive was made by a newer version of the portal (its last migration is ${tag}): update the portal first.`,
  notEmpty: (table: string) =>
    `The database already holds data (table ${table}): restore into an empty database, a new DATA_DIR or a new database for DATABASE_URL.`,
  newerTarget:
    'The database was set up by a newer version of the portal than the archive: restore into an empty database.',
  countsDiffer: (what: string, expected: number, found: number) =>
    `The archive's ${what} do not add up (${found} read, ${expected} written): it is damaged. Use another backup.`,
} as const

/** Adds an entry whose bytes come from `body`; answers once the archive has taken them all. */
export function addEntry(
  pack: Pack,
  header: { name: string; size: number; pax?: Record<string, string> },
  body: Readable | Buffer,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const full = { ...header, mode: 0o644, mtime: new Date() }
    const done = (error?: Error | null) => (error ? reject(error) : resolve())
    if (Buffer.isBuffer(body)) {
      pack.entry(full, body, done)
      return
    }
    // The archive's streams are not Node's (tar-stream's own): written by hand, waiting when full.
    const entry = pack.entry(full, done)
    void (async () => {
      for await (const chunk of body) {
        if (!entry.write(chunk as Buffer)) await new Promise<void>((resume) => entry.once('drain', () => resume()))
      }
      entry.end(Buffer.alloc(0))
    })().catch((error: unknown) => {
      entry.destroy(error as Error)
      reject(error as Error)
    })
  })
}
