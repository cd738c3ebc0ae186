// Reads a spreadsheet import in a worker thread (import-parse.worker.ts): this side streams the
// file's bytes to it and writes the staged rows it answers into the database. The bytes in flight
// and the batches not yet written are bounded both ways, so a 2 GB file holds a few megabytes,
// and the portal's own thread only moves bytes while the worker parses and validates.
import type { Worker } from 'node:worker_threads'
import { Slots, startWorker, workerSlotCount } from '#app/infra/worker-threads.server'
import { CsvFormatError } from '#app/lib/import/reader'
import { StagingError, type ParseOutcome } from '#app/lib/import/staging'
import type { ImportRefs } from '#app/lib/import/validate'

/** What the worker is given to start: whose import it reads and how to read its headers. */
export interface ParseRequest {
  importKey: string
  brandKey: string
  mapping: Record<string, string | null>
  refs: ImportRefs
  batchRows: number
}

export type ToParser = { type: 'chunk'; bytes: Uint8Array } | { type: 'end' } | { type: 'written' }
export type FromParser =
  | { type: 'consumed'; bytes: number }
  | { type: 'rows'; csv: Uint8Array; rows: number }
  | { type: 'done'; outcome: ParseOutcome }
  | { type: 'failed'; kind: 'csv' | 'file' | 'unexpected'; message: string }

/** Bytes sent to the worker and not yet taken by its reader. */
const MAX_BYTES_IN_FLIGHT = 4 * 1024 * 1024
// A worker's own heap: it holds one batch of rows and the record being read, never the file.
const WORKER_LIMITS = { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 48 }
// Imports beyond this many wait for a worker (their upload waits with them).
const slots = new Slots(workerSlotCount())

/**
 * Reads `source` through a worker: `write` is called with each batch's COPY text, one at a
 * time, in order. Resolves with the outcome once every batch is written; rejects with the
 * reader's CsvFormatError, a StagingError, the source's own error, or what `write` threw.
 */
export async function parseInWorker(
  request: ParseRequest,
  source: AsyncIterable<Uint8Array>,
  write: (csv: Uint8Array, rows: number) => Promise<void>,
): Promise<ParseOutcome> {
  const release = await slots.acquire()
  let worker: Worker | null = null
  try {
    worker = startWorker('import-parse', import.meta.url, { workerData: request, resourceLimits: WORKER_LIMITS })
    return await converse(worker, source, write)
  } finally {
    release()
    await worker?.terminate()
  }
}

function converse(
  worker: Worker,
  source: AsyncIterable<Uint8Array>,
  write: (csv: Uint8Array, rows: number) => Promise<void>,
): Promise<ParseOutcome> {
  return new Promise<ParseOutcome>((resolve, reject) => {
    let settled = false
    let inFlight = 0
    let wakeFeeder: (() => void) | null = null
    let writing = Promise.resolve()
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
          writing = writing.then(async () => {
            if (settled) return
            await write(message.csv, message.rows)
            post({ type: 'written' })
          })
          writing.catch(fail)
          break
        case 'done':
          void writing.then(() => {
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
