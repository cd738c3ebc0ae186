// Reads a spreadsheet import in a worker thread (import-parse.worker.ts): this side streams the
// file's bytes to it, and the worker parses, validates and stages the rows by COPY on its own
// database connection, answering how many. The bytes in flight are bounded, so a 2 GB file holds
// a few megabytes, and the portal's own thread only passes the upload's bytes on.
import type { Worker } from 'node:worker_threads'
import { Slots, startWorker, workerSlotCount } from '#app/infra/worker-threads.server'
import { CsvFormatError } from '#app/features/imports/reader'
import { StagingError, type ParseOutcome } from '#app/features/imports/staging'
import type { ImportRefs } from '#app/features/imports/validate'

/** What the worker is given to start: whose import it reads and how to read its headers. */
export interface ParseRequest {
  importKey: string
  brandKey: string
  mapping: Record<string, string | null>
  refs: ImportRefs
  batchRows: number
  /** The workbook's sheet to read (null: its first); a CSV has none. */
  sheet: string | null
  /** The file is named as a workbook (.xlsx); its bytes decide how it is read. */
  workbook: boolean
  /** Where the worker connects to stage the rows. */
  databaseUrl: string
  /** The server is the embedded one: the staging connection's backend runs at background priority. */
  lowerPriority: boolean
}

export type ToParser = { type: 'chunk'; bytes: Uint8Array } | { type: 'end' }
export type FromParser =
  | { type: 'consumed'; bytes: number }
  | { type: 'rows'; rows: number }
  | { type: 'done'; outcome: ParseOutcome }
  | { type: 'failed'; kind: 'csv' | 'file' | 'unexpected'; message: string }

/** Bytes sent to the worker and not yet taken by its reader. */
const MAX_BYTES_IN_FLIGHT = 4 * 1024 * 1024
// A worker's own heap: it holds one batch of rows and the record being read, never the file. A
// workbook's worker also holds its shared strings, so its young generation is kept smaller: a
// workbook's cells become garbage a row at a time, and a large nursery only raised the peak.
const WORKER_LIMITS = {
  csv: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 48 },
  xlsx: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 16 },
}
// Imports beyond this many wait for a worker (their upload waits with them).
const slots = new Slots(workerSlotCount())

/**
 * Reads `source` through a worker that stages its rows: `staged` is called with the number of
 * rows of each batch once it is in the database, one call at a time, in order. Resolves with the
 * outcome once every batch is staged; rejects with the reader's CsvFormatError, a StagingError,
 * the source's own error, or what `staged` threw.
 */
export async function parseInWorker(
  request: ParseRequest,
  source: AsyncIterable<Uint8Array>,
  staged: (rows: number) => Promise<void>,
): Promise<ParseOutcome> {
  const release = await slots.acquire()
  let worker: Worker | null = null
  try {
    worker = await startWorker('import-parse', import.meta.url, {
      workerData: request,
      resourceLimits: WORKER_LIMITS[request.workbook ? 'xlsx' : 'csv'],
    })
    return await converse(worker, source, staged)
  } finally {
    release()
    await worker?.terminate()
  }
}

function converse(
  worker: Worker,
  source: AsyncIterable<Uint8Array>,
  staged: (rows: number) => Promise<void>,
): Promise<ParseOutcome> {
  return new Promise<ParseOutcome>((resolve, reject) => {
    let settled = false
    let inFlight = 0
    let wakeFeeder: (() => void) | null = null
    let reporting = Promise.resolve()
    const post = (message: ToParser, transfer: ArrayBuffer[] = []) => {
      if (!settled) worker.postMessage(message, transfer)
    }
    const fail = (error: unknown) => {
      if (settled) return
      settled = true
      wakeFeeder?.()
      reject(error instanceof Error ? error : new Error(String(error)))
    }

    worker.on('message', (message: FromParser) => {
      switch (message.type) {
        case 'consumed':
          inFlight -= message.bytes
          wakeFeeder?.()
          wakeFeeder = null
          break
        case 'rows':
          reporting = reporting.then(() => (settled ? undefined : staged(message.rows)))
          reporting.catch(fail)
          break
        case 'done':
          void reporting.then(() => {
            if (settled) return
            settled = true
            wakeFeeder?.()
            resolve(message.outcome)
          }, fail)
          break
        case 'failed':
          fail(
            message.kind === 'csv'
              ? new CsvFormatError(message.message)
              : message.kind === 'file'
                ? new StagingError(message.message)
                : new Error(`The import's reader failed: ${message.message}`),
          )
          break
      }
    })
    worker.on('error', fail)
    worker.on('exit', (code) => fail(new Error(`The import's reader stopped (exit code ${code}).`)))

    // The bytes go to the worker as the upload brings them: a copy of each chunk (the blob store
    // is writing the same one, which may be a view into a larger buffer), handed over, not cloned.
    // Stops early once the worker has its outcome (headers to map).
    void (async () => {
      for await (const chunk of source) {
        if (settled) return
        const bytes = new Uint8Array(chunk)
        post({ type: 'chunk', bytes }, [bytes.buffer])
        inFlight += chunk.byteLength
        while (inFlight > MAX_BYTES_IN_FLIGHT && !settled) {
          await new Promise<void>((wake) => (wakeFeeder = wake))
        }
      }
      post({ type: 'end' })
    })().catch(fail)
  })
}
