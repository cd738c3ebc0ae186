// Draws a line sheet in a worker thread (line-sheet.worker.ts) and streams its PDF: this side
// reads each page's pictures from the blob store when the worker asks for them, and answers only
// once the reader has taken what was sent, so a slow reader slows the drawing instead of filling
// memory. The portal's own thread only passes bytes on.
import { PassThrough, type Readable } from 'node:stream'
import type { Worker } from 'node:worker_threads'
import { readerCaughtUp } from '#app/infra/streams.server'
import { Slots, startWorker, workerSlotCount } from '#app/infra/worker-threads.server'
import type { LineSheetDrawing } from './line-sheet-pdf.server'

export type DrawRequest = LineSheetDrawing
export type ToDrawer = { page: number; pictures: (Uint8Array | null)[] }
export type FromDrawer =
  | { type: 'pictures'; page: number; keys: (string | null)[] }
  | { type: 'bytes'; bytes: Uint8Array }
  | { type: 'end' }
  | { type: 'failed'; message: string }

// A drawer holds a page of pictures and the fonts it embeds, never the whole sheet.
const WORKER_LIMITS = { maxOldGenerationSizeMb: 192, maxYoungGenerationSizeMb: 32 }
// Line sheets beyond this many wait for a drawer.
const slots = new Slots(workerSlotCount())

/** The line sheet's PDF, drawn in a worker; `picture` reads one stored picture (null: none). */
export function drawInWorker(request: DrawRequest, picture: (key: string) => Promise<Uint8Array | null>): Readable {
  const out = new PassThrough()
  let worker: Worker | null = null
  const stop = (error?: Error) => {
    void worker?.terminate()
    worker = null
    if (error) out.destroy(error)
  }
  out.on('close', () => stop())
  void (async () => {
    const release = await slots.acquire()
    out.once('close', release)
    if (out.destroyed) return release()
    const started = await startWorker('line-sheet', import.meta.url, {
      workerData: request,
      resourceLimits: WORKER_LIMITS,
    })
    // The reader went away while the worker started: it draws nothing.
    if (out.destroyed) return void started.terminate()
    worker = started
    let ended = false
    started.on('message', (message: FromDrawer) => {
      if (message.type === 'bytes') out.write(message.bytes)
      else if (message.type === 'end') {
        ended = true
        out.end()
        // Done: its thread and fonts go now, not once the last byte has been read.
        stop()
        release()
      } else if (message.type === 'failed') stop(new Error(`The line sheet could not be drawn: ${message.message}`))
      else {
        void (async () => {
          // Copies, handed over: a small Buffer may be a view into Node's shared pool.
          const pictures = await Promise.all(
            message.keys.map(async (key) => {
              const bytes = key ? await picture(key).catch(() => null) : null
              return bytes ? new Uint8Array(bytes) : null
            }),
          )
          await readerCaughtUp(out)
          const transfer = pictures.flatMap((bytes) => (bytes ? [bytes.buffer as ArrayBuffer] : []))
          started.postMessage({ page: message.page, pictures } satisfies ToDrawer, transfer)
        })().catch((error: unknown) => stop(error instanceof Error ? error : new Error(String(error))))
      }
    })
    started.on('error', (error) => stop(error))
    started.on('exit', (code) => {
      if (!ended) stop(new Error(`The line sheet's drawer stopped (exit code ${code}).`))
    })
  })().catch((error: unknown) => stop(error instanceof Error ? error : new Error(String(error))))
  return out
}
