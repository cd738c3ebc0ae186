// The worker thread that reads a spreadsheet import (started by import-parse.server.ts): the
// file's bytes come in as messages, the CSV or workbook reader and the validator turn them into staged rows,
// and this thread writes them into import_rows by one COPY on a database connection of its own,
// telling the portal only how many. All the per-row work and every byte of COPY text stay here,
// so the portal's own thread is free for everyone else while a large file is read.
import { parentPort, workerData } from 'node:worker_threads'
import pg from 'pg'
import { runAtBackgroundPriority } from '#app/infra/worker-threads.server'
import { lowerBackendPriority } from '#db/backend-priority'
import { CsvFormatError } from '#app/features/imports/reader'
import { readSpreadsheet, type SheetFormat } from '#app/features/imports/sheet-reader'
import { RowStager, StagingError } from '#app/features/imports/staging'
import { startStagingCopy } from './import-copy.server'
import type { ParseRequest, ToParser, FromParser } from './import-parse.server'

const ROWS_PER_COPY = 200_000

runAtBackgroundPriority()
const port = parentPort!
const request = workerData as ParseRequest
const send = (message: FromParser) => port.postMessage(message)

// The file's bytes as they arrive; the portal sends more only once we said how much we took.
const chunks: Uint8Array[] = []
let ended = false
let wakeReader: (() => void) | null = null

port.on('message', (message: ToParser) => {
  if (message.type === 'chunk') chunks.push(message.bytes)
  else ended = true
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

async function run(client: pg.Client) {
  const stager = new RowStager(request.importKey, request.brandKey, request.mapping, request.refs)
  const onFormat = (read: SheetFormat) => stager.setFormat(read)
  // A COPY is ended and a new one begun every ROWS_PER_COPY rows: a file of millions of rows
  // then becomes visible (and analysed by autovacuum) as it goes, not in one statement at the end.
  let copy = startStagingCopy(client)
  let inCopy = 0
  try {
    const reading = readSpreadsheet(incoming(), { batchSize: request.batchRows, sheet: request.sheet, onFormat })
    for await (const batch of reading) {
      const taken = stager.take(batch.records)
      if ('outcome' in taken) {
        await copy.finish()
        return taken.outcome
      }
      if (taken.rows === 0) continue
      await copy.write(taken.csv)
      inCopy += taken.rows
      if (inCopy >= ROWS_PER_COPY) {
        await copy.finish()
        copy = startStagingCopy(client)
        inCopy = 0
      }
      send({ type: 'rows', rows: taken.rows })
    }
    const outcome = stager.finish()
    await copy.finish()
    return outcome
  } catch (error) {
    copy.abort()
    throw error
  }
}

async function main() {
  const client = new pg.Client({ connectionString: request.databaseUrl })
  // A connection that breaks is reported by the COPY that uses it; this keeps it from ending the thread.
  client.on('error', () => undefined)
  try {
    await client.connect()
    if (request.lowerPriority) await lowerBackendPriority(client)
    send({ type: 'done', outcome: await run(client) })
  } catch (error) {
    const known = error instanceof StagingError || error instanceof CsvFormatError
    send({
      type: 'failed',
      kind: error instanceof CsvFormatError ? 'csv' : known ? 'file' : 'unexpected',
      message: error instanceof Error ? error.message : String(error),
    })
  } finally {
    await client.end().catch(() => undefined)
  }
}

void main()
