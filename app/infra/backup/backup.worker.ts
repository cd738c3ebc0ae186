// The worker thread of a scheduled backup (schedule.server.ts): reading the database, compressing
// and writing the archive run here at background priority, so the portal's own thread keeps
// answering requests meanwhile.
import { parentPort, workerData } from 'node:worker_threads'
import { runAtBackgroundPriority } from '../worker-threads.server'
import { writeBackup } from './backup.server'
import { openStore } from './targets.server'
import type { BackupJob, BackupJobOutcome } from './schedule.server'

runAtBackgroundPriority()
const job = workerData as BackupJob
const blobs = openStore(job.store)
const send = (outcome: BackupJobOutcome) => parentPort!.postMessage(outcome)

writeBackup({ connectionString: job.connectionString, local: job.local, blobs }, job.file)
  .then((summary) => send({ ok: true, summary }))
  .catch((error: unknown) => send({ ok: false, message: error instanceof Error ? error.message : String(error) }))
  .finally(() => blobs.close())
