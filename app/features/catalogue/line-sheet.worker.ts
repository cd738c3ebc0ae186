// The worker thread that draws a line sheet (started by line-sheet-draw.server.ts): the cards come
// in its workerData, each page's pictures as messages when it asks for them, and the PDF's bytes
// go back as they are written. The drawing (PDFKit, font shaping and embedding) so never holds up
// the portal's own thread.
import { parentPort, workerData } from 'node:worker_threads'
import { runAtBackgroundPriority } from '#app/infra/worker-threads.server'
import { drawLineSheet } from './line-sheet-pdf.server'
import type { FromDrawer, ToDrawer, DrawRequest } from './line-sheet-draw.server'

runAtBackgroundPriority()
const port = parentPort!
const request = workerData as DrawRequest
const send = (message: FromDrawer, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer)

// Each page's pictures, answered to its request by the page number.
const waiting = new Map<number, (pictures: (Uint8Array | null)[]) => void>()
port.on('message', (message: ToDrawer) => {
  waiting.get(message.page)?.(message.pictures)
  waiting.delete(message.page)
})

let page = 0
const body = drawLineSheet(request, (cards) => {
  const number = page++
  return new Promise((resolve) => {
    waiting.set(number, resolve)
    send({ type: 'pictures', page: number, keys: cards.map((card) => card.picture) })
  })
})

void (async () => {
  for await (const chunk of body as AsyncIterable<Buffer>) {
    // A copy: the chunk may be a view into a buffer PDFKit goes on using.
    const bytes = new Uint8Array(chunk)
    send({ type: 'bytes', bytes }, [bytes.buffer])
  }
  send({ type: 'end' })
})().catch((error: unknown) =>
  send({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
)
