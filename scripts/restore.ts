// `npm run restore -- FILE` restores an archive of `npm run backup` into this portal's settings:
// an empty DATA_DIR (the embedded server), or the empty database of DATABASE_URL, and the files
// into S3_BUCKET or DATA_DIR/blobs. Stop the portal first. docs/decisions/184.
import fs from 'node:fs'
import path from 'node:path'
import { parseEnv } from '#app/env.server'
import { restoreBackup } from '#app/infra/backup/restore.server'
import { openRestoreTarget } from '#app/infra/backup/targets.server'

const archive = process.argv[2]
if (!archive || !fs.existsSync(archive)) {
  console.error(archive ? `No such file: ${archive}` : 'Name the archive: npm run restore -- FILE')
  process.exit(1)
}
const env = parseEnv()
const where = env.DATABASE_URL
  ? 'the database of DATABASE_URL'
  : `the embedded database in ${path.resolve(env.DATA_DIR)}`
const files = env.S3_BUCKET ? `bucket ${env.S3_BUCKET}` : path.resolve(env.DATA_DIR, 'blobs')

const began = Date.now()
let target: Awaited<ReturnType<typeof openRestoreTarget>> | null = null
try {
  target = await openRestoreTarget(env, (line) => console.log(line))
  const summary = await restoreBackup(fs.createReadStream(archive), target)
  console.log(
    `Restored ${path.resolve(archive)} in ${((Date.now() - began) / 1000).toFixed(1)} s: the database as of ` +
      `${summary.manifest.created} (${summary.rows} rows) into ${where}, and ${summary.files} files into ${files}.`,
  )
  if (summary.gone.length > 0) {
    console.log(`${summary.gone.length} files had been deleted while the backup ran; the archive does not hold them.`)
  }
} catch (error) {
  console.error(`The restore failed: ${error instanceof Error ? error.message : String(error)}`)
  process.exitCode = 1
} finally {
  await target?.close()
}
