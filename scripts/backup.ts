// `npm run backup` writes one archive of the portal's database and files into BACKUP_DIR
// (default DATA_DIR/backups), with the portal running or stopped; `-- --out FILE` names the file.
// What it holds and why: docs/decisions/184. Restore with `npm run restore -- FILE`.
import os from 'node:os'
import path from 'node:path'
import { parseEnv } from '#app/env.server'
import { archiveName, writeBackup } from '#app/infra/backup/backup.server'
import { backupDir, openBackupSource } from '#app/infra/backup/targets.server'

// People's pages get the cores first: this command takes what is left (as the database's process
// serving it does, when it is the embedded server).
try {
  os.setPriority(10)
} catch {
  // not allowed: the normal priority
}
const env = parseEnv()
const outIndex = process.argv.indexOf('--out')
const file = path.resolve(
  outIndex === -1 ? path.join(backupDir(env), archiveName()) : (process.argv[outIndex + 1] ?? ''),
)
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

const began = Date.now()
const source = await openBackupSource(env, (line) => console.log(line))
try {
  const summary = await writeBackup(source, file)
  console.log(
    `Backup written: ${summary.file} (${mb(summary.bytes)}) in ${((Date.now() - began) / 1000).toFixed(1)} s: ` +
      `the database as of ${summary.created} (${summary.tables} tables, ${summary.rows} rows) and ` +
      `${summary.files} files (${mb(summary.fileBytes)}).`,
  )
  if (summary.gone.length > 0) {
    console.log(`${summary.gone.length} files were deleted while the backup ran and are not in it.`)
  }
} catch (error) {
  console.error(`The backup failed: ${error instanceof Error ? error.message : String(error)}`)
  process.exitCode = 1
} finally {
  await source.close()
}
