// The worker thread that reads a spreadsheet import (started by import-parse.server.ts): the
// file's bytes come in as messages, the CSV reader and the validator turn them into staged rows,
// and the rows go back as COPY text, one batch at a time. All the per-row work happens here, so
// the portal's own thread stays free for everyone else's requests while a large file is read.
import { parentPort, workerData } from 'node:worker_threads'
import { runAtBackgroundPriority } from '#app/infra/worker-threads.server'
import { CsvFormatError, readCsv, type CsvFormat } from '#app/lib/import/reader'
import { RowStager, StagingError } from '#app/lib/import/staging'
import type { ParseRequest, ToParser, FromParser } from './import-parse.server'

runAtBackgroundPriority()
const port = parentPort!
const request = workerData as ParseRequest
const send = (message: FromParser) => port.postMessage(message)

// The file's bytes as they arrive; the portal sends more only once we said how much we took.
const chunks: Uint8Array[] = []
let ended = false
let wakeReader: (() => void) | null = null
// Batches sent and not yet written by the portal: at most two, so a slow COPY holds us back.
let unwritten = 0
let wakeWriter: (() => void) | null = null

port.on('message', (message: ToParser) => {
  if (message.type === 'chunk') chunks.push(message.bytes)
  else if (message.type === 'end') ended = true
  else if (message.type === 'written') {
    unwritten--
    wakeWriter?.()
    wakeWriter = null
    return
  }
  wakeReader?.()
  wakeReader = null
})

async function* incoming(): AsyncGenerator<Uint8Array> {
  for (;;) {
    const chunk = chunks.shift()
    if (chunk) {
      send({ type: 'consumed', bytes: chunk.byteLength })
      yield chunk
    } else if (ended) {
      return
    } else {
      await new Promise<void>((resolve) => (wakeReader = resolve))
    }
  }
}

async function run() {
  let format: CsvFormat | null = null
  const stager = new RowStager(request.importKey, request.brandKey, request.mapping, request.refs)
  for await (const batch of readCsv(incoming(), { batchSize: request.batchRows, onFormat: (f) => (format = f) })) {
    const taken = stager.take(batch.records)
    if ('outcome' in taken) return taken.outcome
    if (taken.rows === 0) continue
    while (unwritten >= 2) await new Promise<void>((resolve) => (wakeWriter = resolve))
    unwritten++
    // The batch's own buffer (allocated unpooled) is handed over, not copied.
    const csv = new Uint8Array(taken.csv.buffer, taken.csv.byteOffset, taken.csv.byteLength)
    port.postMessage({ type: 'rows', csv, rows: taken.rows } satisfies FromParser, [csv.buffer as ArrayBuffer])
  }
  return stager.finish(format)
}

run().then(
  (outcome) => send({ type: 'done', outcome }),
  (error: unknown) => {
    const known = error instanceof StagingError || error instanceof CsvFormatError
    send({
      type: 'failed',
      kind: error instanceof CsvFormatError ? 'csv' : known ? 'file' : 'unexpected',
      message: error instanceof Error ? error.message : String(error),
    })
  },
)
