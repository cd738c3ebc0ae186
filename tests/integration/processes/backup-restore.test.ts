// Backup and restore end to end (docs/decisions/184): the demo workspace with data of every kind
// (listings, an import, photos with their thumbnails, a sample with markup and change requests,
// chat, library files) is backed up while a writer keeps sending chat messages, then restored into
// a fresh embedded DATA_DIR and into an empty database of the run's server (Postgres 15 in CI's
// second pass) with its files in an S3 bucket. Every table's rows and every file's bytes match the
// moment of the backup, and a portal started on the restored copy serves them.
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { eq } from 'drizzle-orm'
import pg from 'pg'
import tar from 'tar-stream'
import zlib from 'node:zlib'
import { pipeline } from 'node:stream/promises'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { inject } from 'vitest'
import { parseEnv } from '#app/env.server'
import { accounts, conversationMembers } from '#db/schema'
import { journal } from '#db/snapshot'
import { DEMO_BRAND_KEY } from '#seed/seed'
import { startImport } from '#app/features/imports/imports.server'
import { sendMessage } from '#app/features/chat/send-message.server'
import type { BlobStore } from '#app/platform/ports'
import { isAppError } from '#app/platform/errors'
import { ARCHIVE_MESSAGES, MANIFEST_ENTRY, type BackupManifest } from '#app/infra/backup/archive.server'
import { writeBackup, type BackupSummary } from '#app/infra/backup/backup.server'
import { restoreBackup } from '#app/infra/backup/restore.server'
import { scheduleBackups } from '#app/infra/backup/schedule.server'
import { openBackupSource, openRestoreTarget, openStore } from '#app/infra/backup/targets.server'
import { actorOf } from '#tests/support/factories'
import { databaseUrl } from '#tests/support/database'
import { api, eventually, sessionCookieFor, startTestPortal, type TestPortal } from '#tests/support/portal'
import { S3_TEST_CREDENTIALS, startS3Server, type TestS3Server } from '#tests/support/s3-server'

let s3: TestS3Server
let source: TestPortal
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-backup-test-'))
// Run as root, the embedded server runs as postgres, which must reach a DATA_DIR in here.
fs.chmodSync(work, 0o755)
const archive = path.join(work, 'backup.tar.gz')
let summary: BackupSummary
/** Each table's rows before the backup and after it (the writer wrote meanwhile). */
let before: Map<string, TableDigest>
let after: Map<string, TableDigest>
const savedEnv = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY }
const databases: string[] = []

interface TableDigest {
  rows: number
  digest: string
  keys: Set<string>
}

/** Every table's rows as text, in one order, and the text of each row's first column (its key). */
async function digests(connectionString: string): Promise<Map<string, TableDigest>> {
  const client = new pg.Client({ connectionString })
  await client.connect()
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    )
    const result = new Map<string, TableDigest>()
    for (const { name } of tables) {
      const { rows } = await client.query<{ row: string; first: string }>(
        `select t::text as row, (to_jsonb(t) -> (select attname from pg_attribute where attrelid = '"${name}"'::regclass and attnum = 1))::text as first from "${name}" t`,
      )
      const texts = rows.map((row) => row.row).sort()
      result.set(name, {
        rows: rows.length,
        digest: createHash('sha256').update(texts.join('\n')).digest('hex'),
        keys: new Set(rows.map((row) => row.first)),
      })
    }
    return result
  } finally {
    await client.end()
  }
}

async function filesOf(blobs: BlobStore): Promise<Map<string, string>> {
  const found = new Map<string, string>()
  for await (const key of blobs.list()) {
    const blob = await blobs.get(key)
    const hash = createHash('sha256')
    for await (const chunk of blob!.stream) hash.update(chunk as Buffer)
    found.set(key, `${blob!.info.contentType} ${hash.digest('hex')}`)
  }
  return found
}

const envOf = (vars: Record<string, string>) => parseEnv(vars as unknown as NodeJS.ProcessEnv)

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('databaseAdminUrl') })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

async function emptyDatabase(): Promise<string> {
  const name = `portal_restore_${randomBytes(6).toString('hex')}`
  await adminQuery(`create database ${name}`)
  databases.push(name)
  return databaseUrl(inject('databaseAdminUrl'), name)
}

let writersConversation = ''
/** Sent once the read markers were in the archive and before the messages were. */
let lateMessage = ''
let writerKey = ''

/**
 * One moment across tables: the writer's read marker (conversation_members) is the number of the
 * newest message (messages), as every send leaves them. Tables read at different moments would
 * hold messages sent after the marker was read.
 */
async function expectOneMoment(connectionString: string) {
  const client = new pg.Client({ connectionString })
  await client.connect()
  try {
    const { rows } = await client.query<{ marker: string; newest: string }>(
      `select m.last_read_seq::text as marker,
              (select max(seq)::text from messages where conversation_key = m.conversation_key) as newest
         from conversation_members m where m.conversation_key = $1 and m.account_key = $2`,
      [writersConversation, writerKey],
    )
    expect(rows[0]!.marker).toBe(rows[0]!.newest)
    const late = await client.query('select 1 from messages where key = $1', [lateMessage])
    expect(late.rows).toHaveLength(0)
  } finally {
    await client.end()
  }
}

/** The restored database holds the moment of the backup: the writer's table as far as it had come. */
function expectSameMoment(restored: Map<string, TableDigest>) {
  expect([...restored.keys()]).toEqual([...before.keys()])
  for (const [table, was] of before) {
    const now = restored.get(table)!
    if (after.get(table)!.digest === was.digest) {
      expect({ table, digest: now.digest }).toEqual({ table, digest: was.digest })
      continue
    }
    // Written during the backup: as many rows as the archive counted, each one the source has.
    expect({ table, rows: now.rows }).toEqual({ table, rows: summary.rowsByTable[table] })
    for (const key of now.keys) expect(after.get(table)!.keys.has(key)).toBe(true)
  }
}

beforeAll(async () => {
  s3 = await startS3Server()
  process.env.AWS_ACCESS_KEY_ID = S3_TEST_CREDENTIALS.accessKeyId
  process.env.AWS_SECRET_ACCESS_KEY = S3_TEST_CREDENTIALS.secretAccessKey
  source = await startTestPortal()
  const [admin] = await source.deps.db.select().from(accounts).where(eq(accounts.email, 'admin@demo.test'))
  const actor = await actorOf(source.deps, { uid: admin!.firebaseUid, email: admin!.email })
  // An import beside the demo's listings, photos, sample review, chat and library.
  const csv = ['Listing Unique Id,Style Name,Style Number', 'BK-1,Backup Shirt,BK-1', 'BK-2,Backup Skirt,BK-2'].join(
    '\n',
  )
  await startImport(
    source.deps,
    actor,
    { brandKey: DEMO_BRAND_KEY },
    { filename: 'backup.csv', addition: false, body: Readable.from([Buffer.from(csv)]) },
  )
  before = await digests(source.databaseUrl)
  for (const table of ['listings', 'imports', 'import_rows', 'media', 'yjs_updates', 'sample_feedback', 'messages']) {
    expect({ table, rows: before.get(table)!.rows > 0 }).toEqual({ table, rows: true })
  }
  expect(before.get('asset_entries')!.rows).toBeGreaterThan(0)

  // A writer keeps sending messages while the backup runs.
  const [membership] = await source.deps.db
    .select()
    .from(conversationMembers)
    .where(eq(conversationMembers.accountKey, admin!.key))
  writersConversation = membership!.conversationKey
  writerKey = admin!.key
  let writing = true
  let sent = 0
  const writer = (async () => {
    while (writing) {
      // At a person's pace: the chat's burst limit refuses faster sending (and is waited out).
      const answer = await sendMessage(source.deps, actor, {
        conversation: membership!.conversationKey,
        text: `during ${sent}`,
      }).catch((error: unknown) => {
        if (isAppError(error) && error.type === 'RateLimited') return null
        throw error
      })
      if (answer) sent++
      await new Promise((resolve) => setTimeout(resolve, answer ? 100 : 1000))
    }
  })()
  // The moment of the backup comes after the first message, so the sender's read marker is that of
  // the newest message in every consistent copy.
  while (sent === 0) await new Promise((resolve) => setTimeout(resolve, 10))
  try {
    summary = await writeBackup(
      { connectionString: source.databaseUrl, blobs: source.deps.blobs },
      archive,
      async ({ table }) => {
        // Read markers are in the archive; a message sent now must not be, nor its marker's move.
        if (table !== 'conversation_members') return
        const late = await sendMessage(source.deps, actor, { conversation: writersConversation, text: 'late' })
        lateMessage = late.key
      },
    )
  } finally {
    writing = false
    await writer
  }
  expect(sent).toBeGreaterThan(0)
  after = await digests(source.databaseUrl)
}, 180_000)

afterAll(async () => {
  await source?.destroy()
  await s3?.stop()
  for (const name of databases) await adminQuery(`drop database if exists ${name} with (force)`).catch(() => {})
  fs.rmSync(work, { recursive: true, force: true })
  process.env.AWS_ACCESS_KEY_ID = savedEnv.id
  process.env.AWS_SECRET_ACCESS_KEY = savedEnv.secret
  if (savedEnv.id === undefined) delete process.env.AWS_ACCESS_KEY_ID
  if (savedEnv.secret === undefined) delete process.env.AWS_SECRET_ACCESS_KEY
})

it('restores into a fresh embedded DATA_DIR: every row and every file as backed up', async () => {
  const dataDir = path.join(work, 'restored-embedded')
  const target = await openRestoreTarget(envOf({ DATA_DIR: dataDir }), () => {})
  try {
    const restored = await restoreBackup(fs.createReadStream(archive), target)
    expect(restored.rows).toBe(summary.rows)
    expect(restored.files).toBe(summary.files)
    expectSameMoment(await digests(target.connectionString))
    await expectOneMoment(target.connectionString)
  } finally {
    await target.close()
  }
  const sourceFiles = await filesOf(source.deps.blobs)
  expect(await filesOf(openStore({ kind: 'local', dir: path.join(dataDir, 'blobs') }))).toEqual(sourceFiles)
}, 120_000)

it("an archive of the embedded server restores into the run's Postgres server (Postgres 15 in CI's second pass)", async () => {
  // The copy restored above, backed up from its own embedded server (started for the command).
  const env = envOf({ DATA_DIR: path.join(work, 'restored-embedded') })
  const embedded = await openBackupSource(env, () => {})
  const second = path.join(work, 'from-embedded.tar.gz')
  let fromEmbedded: Map<string, TableDigest>
  try {
    fromEmbedded = await digests(embedded.connectionString)
    await writeBackup(embedded, second)
  } finally {
    await embedded.close()
  }
  const url = await emptyDatabase()
  const target = await openRestoreTarget(envOf({ DATA_DIR: path.join(work, 'to-server'), DATABASE_URL: url }), () => {})
  try {
    await restoreBackup(fs.createReadStream(second), target)
  } finally {
    await target.close()
  }
  const restored = await digests(url)
  expect([...restored.entries()].map(([table, { digest }]) => [table, digest])).toEqual(
    [...fromEmbedded.entries()].map(([table, { digest }]) => [table, digest]),
  )
}, 120_000)

it('restores into an empty Postgres database and an S3 bucket, and a portal started on them serves the data', async () => {
  await s3.createBucket('restored')
  const databaseUrlOfCopy = await emptyDatabase()
  const dataDir = path.join(work, 'restored-s3')
  const s3Env = { S3_BUCKET: 'restored', S3_ENDPOINT: s3.endpoint, S3_FORCE_PATH_STYLE: 'true' }
  const env = envOf({ DATA_DIR: dataDir, DATABASE_URL: databaseUrlOfCopy, ...s3Env })
  const target = await openRestoreTarget(env, () => {})
  try {
    await restoreBackup(fs.createReadStream(archive), target)
  } finally {
    await target.close()
  }
  expectSameMoment(await digests(databaseUrlOfCopy))
  await expectOneMoment(databaseUrlOfCopy)
  const bucket = openStore({
    kind: 's3',
    bucket: 'restored',
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
  })
  expect(await filesOf(bucket)).toEqual(await filesOf(source.deps.blobs))
  bucket.close()

  fs.mkdirSync(dataDir, { recursive: true })
  const restored = await startTestPortal({
    reuse: { projectId: source.projectId, dataDir, databaseUrl: databaseUrlOfCopy },
    env: s3Env,
  })
  try {
    const cookie = await sessionCookieFor(restored, 'admin@demo.test')
    const listed = await api(restored, 'GET', `/api/listing/query/filter?brand=${DEMO_BRAND_KEY}&limit=100`, { cookie })
    expect(listed.status).toBe(200)
    const names = (listed.body.data as { style_name?: string; styleName?: string }[]).map(
      (row) => row.style_name ?? row.styleName,
    )
    expect(names.length).toBeGreaterThan(0)
    // A photo's bytes, through the restored portal's signed address, from the bucket.
    const [key] = [...(await filesOf(source.deps.blobs)).keys()].filter((each) => each.endsWith('_300x400.jpg'))
    const served = await fetch(`${restored.url}${restored.deps.blobs.signedUrl(key!)}`)
    expect(served.status).toBe(200)
    const original = await source.deps.blobs.get(key!)
    const bytes: Buffer[] = []
    for await (const chunk of original!.stream) bytes.push(chunk as Buffer)
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.concat(bytes))).toBe(true)
    // Work goes on where it stopped: a new message takes the next number of the restored sequence.
    const [admin] = await restored.deps.db.select().from(accounts).where(eq(accounts.email, 'admin@demo.test'))
    const [membership] = await restored.deps.db
      .select()
      .from(conversationMembers)
      .where(eq(conversationMembers.accountKey, admin!.key))
    const actor = await actorOf(restored.deps, { uid: admin!.firebaseUid, email: admin!.email })
    const message = await sendMessage(restored.deps, actor, {
      conversation: membership!.conversationKey,
      text: 'after',
    })
    expect(message.text).toBe('after')
  } finally {
    await restored.stop()
  }
}, 180_000)

/** The archive again, with backup.json changed by `change` (an archive of another version, or a damaged one). */
async function rewritten(change: (manifest: BackupManifest) => BackupManifest): Promise<string> {
  const file = path.join(work, `changed-${randomBytes(4).toString('hex')}.tar.gz`)
  const extract = tar.extract()
  const pack = tar.pack()
  const written = pipeline(Readable.from(pack), zlib.createGzip(), fs.createWriteStream(file))
  const reading = pipeline(fs.createReadStream(archive), zlib.createGunzip(), extract)
  for await (const entry of extract) {
    const chunks: Buffer[] = []
    for await (const chunk of entry) chunks.push(chunk as Buffer)
    let body = Buffer.concat(chunks)
    if (entry.header.name === MANIFEST_ENTRY) body = Buffer.from(JSON.stringify(change(JSON.parse(body.toString()))))
    await new Promise<void>((resolve, reject) =>
      pack.entry({ ...entry.header, size: body.length }, body, (error) => (error ? reject(error) : resolve())),
    )
  }
  await reading
  pack.finalize()
  await written
  return file
}

it('restores an archive of an older schema and brings it to this version with the later migrations', async () => {
  const migrations = journal()
  // The last migration changed only a generated column, which an archive does not carry: the same
  // rows are what the version before it would have written.
  const older = await rewritten((manifest) => ({
    ...manifest,
    schema: { migrations: migrations.length - 1, last: migrations.at(-2)!.tag },
  }))
  const url = await emptyDatabase()
  const target = await openRestoreTarget(envOf({ DATA_DIR: path.join(work, 'older'), DATABASE_URL: url }), () => {})
  try {
    await restoreBackup(fs.createReadStream(older), target)
  } finally {
    await target.close()
  }
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ count: string }>('select count(*) from drizzle.__drizzle_migrations')
    expect(Number(rows[0]!.count)).toBe(migrations.length)
    // The generated search column was made again by the later migration, as the source has it.
    const searchTexts = `select key, search_text from listings order by key`
    const { rows: found } = await client.query(searchTexts)
    expect(found.length).toBeGreaterThan(0)
    const sourceClient = new pg.Client({ connectionString: source.databaseUrl })
    await sourceClient.connect()
    const { rows: wanted } = await sourceClient.query(searchTexts).finally(() => sourceClient.end())
    expect(found).toEqual(wanted)
  } finally {
    await client.end()
  }
}, 120_000)

it('refuses a database that holds data, an archive cut off, a file that is no archive and a newer archive, changing nothing', async () => {
  const env = envOf({ DATA_DIR: path.join(work, 'refusals'), DATABASE_URL: source.databaseUrl })
  const target = await openRestoreTarget(env, () => {})
  try {
    await expect(restoreBackup(fs.createReadStream(archive), target)).rejects.toThrow(
      ARCHIVE_MESSAGES.notEmpty('accounts'),
    )
  } finally {
    await target.close()
  }
  const url = await emptyDatabase()
  const emptyEnv = envOf({ DATA_DIR: path.join(work, 'refusals'), DATABASE_URL: url })
  const cut = path.join(work, 'cut.tar.gz')
  fs.writeFileSync(cut, fs.readFileSync(archive).subarray(0, Math.floor(fs.statSync(archive).size / 2)))
  const notArchive = path.join(work, 'not-archive.tar.gz')
  fs.writeFileSync(notArchive, 'Listing Unique Id,Style Name\n')
  const newer = await rewritten((manifest) => ({
    ...manifest,
    schema: { migrations: journal().length + 1, last: '9999_from_the_future' },
  }))
  for (const [file, message] of [
    [cut, ARCHIVE_MESSAGES.cutOff],
    [notArchive, ARCHIVE_MESSAGES.notArchive],
    [newer, ARCHIVE_MESSAGES.newerSchema('9999_from_the_future')],
  ] as const) {
    const each = await openRestoreTarget(emptyEnv, () => {})
    try {
      await expect(restoreBackup(fs.createReadStream(file), each)).rejects.toThrow(message)
    } finally {
      await each.close()
    }
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    const { rows } = await client.query(
      `select 1 from pg_tables where schemaname = 'public' and tablename = 'accounts'`,
    )
    const accountsLeft = rows.length ? (await client.query('select count(*)::int as n from accounts')).rows[0].n : 0
    await client.end()
    expect({ file: path.basename(file), accountsLeft }).toEqual({ file: path.basename(file), accountsLeft: 0 })
  }
}, 120_000)

it('backs up on a schedule in a worker thread, once an interval, and keeps the newest BACKUP_KEEP', async () => {
  const dir = path.join(work, 'scheduled')
  fs.mkdirSync(dir)
  const old = ['01', '02', '03'].map((day) => `brand-portal-2020-01-${day}T00-00-00Z.tar.gz`)
  for (const name of old) fs.writeFileSync(path.join(dir, name), 'an old archive')
  fs.writeFileSync(path.join(dir, 'brand-portal-2020-01-04T00-00-00Z.tar.gz.partial'), 'left by a stopped process')
  const env = envOf({ DATA_DIR: source.dataDir, BACKUP_DIR: dir, BACKUP_EVERY: '5m', BACKUP_KEEP: '2' })
  const stop = scheduleBackups(env, source.databaseUrl, 100)
  try {
    const names = await eventually(() => {
      const found = fs.readdirSync(dir).sort()
      expect(found.filter((name) => !name.startsWith('brand-portal-2020'))).toHaveLength(1)
      expect(found).toHaveLength(2)
      return found
    }, 60_000)
    // The newest old one and the new one; the half-written file is gone.
    expect(names[0]).toBe(old[2])
    // Not due again within the interval: looking on writes nothing more.
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    expect(fs.readdirSync(dir).sort()).toEqual(names)
    const entries: string[] = []
    const extract = tar.extract()
    const reading = pipeline(fs.createReadStream(path.join(dir, names[1]!)), zlib.createGunzip(), extract)
    for await (const entry of extract) {
      entries.push(entry.header.name)
      entry.resume()
    }
    await reading
    expect(entries[0]).toBe(MANIFEST_ENTRY)
    expect(entries.at(-1)).toBe('end.json')
    expect(entries.filter((name) => name.startsWith('files/'))).toHaveLength(summary.files)
  } finally {
    await stop()
  }
}, 120_000)
