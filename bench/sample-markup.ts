// Live markup of a virtual sample in `npm run bench` (BENCH_ONLY=markup; issue: Virtual sample
// review, Speed). Seeds the demo workspace and gives two of the demo style's samples a markup
// document of MARKUP_BENCH_SHAPES shapes (default 10,000): one stored as one merged update, as it
// is once its last viewer has left, and one as one update per shape, as after a crash before the
// merge. Then it prints:
//  - the cold load of those documents, server side: reading the stored updates and applying them
//    to a new document copy as the portal does, in this process, on the same data (its embedded
//    server started here on the folder, before the portal starts it);
//  - the cold load over the wire: a WebSocket opened to the portal until its sync step 2 (the
//    whole document) arrives, the document not being open in the portal before; and the same for
//    a viewer joining while someone else already looks (the document open and unchanged);
//  - the stroke latency: MARKUP_BENCH_VIEWERS people (default 50) connected to one sample's
//    document, one of them committing MARKUP_BENCH_STROKES pen strokes (default 300, 20 a second),
//    timed from the writer's change to its arrival in each other viewer's document; and the same
//    for the stroke being drawn, which travels as presence (awareness) while the pointer moves.
// All viewers run in this one process, so a receipt waits for the viewers before it: the figures
// are an upper bound of what one browser would see.
import fs from 'node:fs'
import * as Y from 'yjs'
import * as decoding from 'lib0/decoding'
import * as encoding from 'lib0/encoding'
import * as syncProtocol from 'y-protocols/sync'
import { openDatabase } from '#db/client'
import { DEMO_BRAND_KEY, demoAccountKey, demoFirebaseUid } from '#seed/seed'
import { demoKey } from '#app/platform/ids'
import {
  MARKUP_COLOURS,
  parseStoredShape,
  shapeText,
  storedShape,
  type Shape,
} from '#app/features/samples/markup/shapes'
import type { ServiceDeps } from '#app/platform/context.server'
import { MARKUP_SHAPES, markupDocName } from '#app/features/samples/markup.server'
import { startSession } from '#app/features/identity/sessions.server'
import { appendDocumentUpdate, loadDocumentUpdates } from '#app/platform/yjs-documents.server'
import { SharedDoc } from '../realtime/yjs/shared-doc'
import { connectYjs, cookieWebSocket } from '../tests/support/yjs-client'
import { spawnPortal } from '../scripts/spawn-portal'
import { STATUS_GOAL_RATIO, reviewLatency, type RoomFigures } from './sample-live'
import { demoWorkspace } from './workspace'

export const MARKUP_GOALS = { strokeP99Ms: 20, coldLoadMs: 50 }

const count = (name: string, fallback: number) => {
  const value = Math.floor(Number(process.env[name] ?? fallback))
  if (!Number.isFinite(value) || value < 1) throw new Error(`${name} must be a whole number above 0`)
  return value
}
const round = (value: number) => +value.toFixed(1)

interface Latency {
  p50Ms: number
  p95Ms: number
  p99Ms: number
  samples: number
}

function latency(times: number[]): Latency {
  const sorted = [...times].sort((a, b) => a - b)
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN
  return { p50Ms: round(at(0.5)), p95Ms: round(at(0.95)), p99Ms: round(at(0.99)), samples: times.length }
}

export interface MarkupFigures {
  shapes: number
  viewers: number
  seedSeconds: number
  coldLoadMerged: Latency
  coldLoadPerShape: Latency
  coldLoadOverWire: Latency
  joinOverWire: Latency
  stroke: Latency & { strokes: number; lost: number }
  drawing: Latency & { moves: number }
  /** A status saved by an owner, to everyone with the style's pages open (bench/sample-live.ts). */
  status: Latency & { changes: number; lost: number }
  /** A change request's state set, and a new version uploaded, told the same way. */
  feedback: Latency & { changes: number; lost: number }
  statusForm: Latency & { changes: number; lost: number }
  /**
   * From the upload's start. `sinceStored` is from the version's commit (what the goal holds, as the
   * stroke's figure starts at its commit); `answered` is the upload's own answer, marks carried.
   */
  version: Latency & { changes: number; lost: number; answered: Latency; sinceStored: Latency }
}

const sampleKey = (id: string) => demoKey(`sample-ref:${id}`)
const MERGED = sampleKey('render-drape')
const PER_SHAPE = sampleKey('render-back')
const LIVE = sampleKey('render-front')

/** A studio's markup: mostly freehand strokes, with boxes, arrows, notes and pins among them. */
function benchShape(i: number): Shape {
  const base = {
    id: `bench-${i}`,
    colour: Object.values(MARKUP_COLOURS)[i % 6]!,
    strokeWidth: 0.004,
    author: demoAccountKey('editor'),
    created: 1_700_000_000_000 + i,
  }
  const x = (i * 0.6180339) % 0.9
  const y = (i * 0.4142135) % 0.9
  switch (i % 6) {
    case 0:
    case 1:
      return {
        ...base,
        kind: 'pen',
        points: Array.from({ length: 40 }, (_, p) => [x + p * 0.002, y + Math.sin(p / 4) * 0.01]).flat(),
      }
    case 2:
      return { ...base, kind: 'rect', x, y, width: 0.08, height: 0.05 }
    case 3:
      return { ...base, kind: 'arrow', from: { x, y }, to: { x: x + 0.05, y: y + 0.04 } }
    case 4:
      return { ...base, kind: 'text', x, y, text: `Raise hem ${i} mm`, size: 0.02 }
    default:
      return { ...base, kind: 'pin', x, y, number: (i % 9999) + 1, resolved: false }
  }
}

async function seedMarkup(deps: ServiceDeps, shapes: number) {
  const merged = new Y.Doc()
  const map = merged.getMap<unknown>(MARKUP_SHAPES)
  merged.transact(() => {
    for (let i = 0; i < shapes; i++) map.set(`bench-${i}`, storedShape(benchShape(i)))
  })
  await appendDocumentUpdate(
    deps,
    markupDocName(DEMO_BRAND_KEY, MERGED),
    DEMO_BRAND_KEY,
    Y.encodeStateAsUpdateV2(merged),
  )
  merged.destroy()
  // One update per shape, as the portal stores what browsers send.
  const drawn = new Y.Doc()
  const updates: Uint8Array[] = []
  drawn.on('updateV2', (update: Uint8Array) => updates.push(update))
  const drawnMap = drawn.getMap<unknown>(MARKUP_SHAPES)
  for (let i = 0; i < shapes; i++) drawnMap.set(`bench-${i}`, storedShape(benchShape(i)))
  drawn.destroy()
  const docName = markupDocName(DEMO_BRAND_KEY, PER_SHAPE)
  for (const update of updates) await appendDocumentUpdate(deps, docName, DEMO_BRAND_KEY, update)
}

/** Reading a document's stored updates into a new copy, as the portal does on first open. */
async function coldLoadInProcess(dataDir: string, docName: string, runs: number, shapes: number): Promise<Latency> {
  const database = await openDatabase({ dataDir })
  try {
    const deps = { db: database.db } as ServiceDeps
    const times: number[] = []
    for (let run = 0; run < runs + 3; run++) {
      const start = performance.now()
      const doc = new SharedDoc(docName)
      doc.loadStored(await loadDocumentUpdates(deps, docName), 'store')
      const elapsed = performance.now() - start
      const held = doc.getMap(MARKUP_SHAPES).size
      doc.destroy()
      if (held !== shapes) throw new Error(`${docName} held ${held} shapes, not ${shapes}`)
      if (run >= 3) times.push(elapsed) // the first runs warm the query and the code up
    }
    return latency(times)
  } finally {
    await database.close()
  }
}

/** Opens the document over the wire and times until the portal's sync step 2 has arrived. */
function openUntilSynced(port: number, docName: string, cookie: string): Promise<{ ms: number; shapes: number }> {
  return new Promise((resolve, reject) => {
    const doc = new Y.Doc()
    const started = performance.now()
    const Socket = cookieWebSocket(cookie)
    const socket = new Socket(`ws://127.0.0.1:${port}/yjs/${docName}`)
    socket.binaryType = 'arraybuffer'
    socket.on('open', () => {
      const encoder = encoding.createEncoder()
      encoding.writeVarUint(encoder, 0)
      syncProtocol.writeSyncStep1(encoder, doc)
      socket.send(encoding.toUint8Array(encoder))
    })
    socket.on('message', (data: ArrayBuffer) => {
      const decoder = decoding.createDecoder(new Uint8Array(data))
      if (decoding.readVarUint(decoder) !== 0) return
      if (decoding.readVarUint(decoder) !== syncProtocol.messageYjsSyncStep2) return
      const ms = performance.now() - started
      Y.applyUpdate(doc, decoding.readVarUint8Array(decoder))
      const shapes = doc.getMap(MARKUP_SHAPES).size
      doc.destroy()
      socket.once('close', () => resolve({ ms, shapes }))
      socket.close()
    })
    socket.on('unexpected-response', (_request, response) => reject(new Error(`refused: ${response.statusCode}`)))
    socket.on('error', reject)
  })
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function coldLoadOverWire(port: number, cookie: string, runs: number, shapes: number): Promise<Latency> {
  const docName = markupDocName(DEMO_BRAND_KEY, MERGED)
  const times: number[] = []
  for (let run = 0; run < runs + 2; run++) {
    const { ms, shapes: held } = await openUntilSynced(port, docName, cookie)
    if (held !== shapes) throw new Error(`the portal sent ${held} shapes, not ${shapes}`)
    if (run >= 2) times.push(ms)
    // The portal lets go of the document once its last viewer has left and merges its rows; the
    // next open is a cold one only after that.
    await pause(400)
  }
  return latency(times)
}

/** Viewers opening the document one after the other while another viewer keeps it open. */
async function joinOverWire(port: number, cookie: string, runs: number, shapes: number): Promise<Latency> {
  const docName = markupDocName(DEMO_BRAND_KEY, MERGED)
  const holder = connectYjs(port, docName, cookie)
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the first viewer did not sync in 30 s')), 30_000)
      holder.provider.once('sync', () => {
        clearTimeout(timer)
        resolve()
      })
    })
    const times: number[] = []
    for (let run = 0; run < runs + 2; run++) {
      const { ms, shapes: held } = await openUntilSynced(port, docName, cookie)
      if (held !== shapes) throw new Error(`the portal sent ${held} shapes, not ${shapes}`)
      if (run >= 2) times.push(ms)
    }
    return latency(times)
  } finally {
    holder.destroy()
    await pause(400)
  }
}

interface LiveFigures {
  stroke: MarkupFigures['stroke']
  drawing: MarkupFigures['drawing']
}

async function liveLatency(port: number, cookies: string[], viewers: number, strokes: number): Promise<LiveFigures> {
  const docName = markupDocName(DEMO_BRAND_KEY, LIVE)
  // Each y-websocket client adds a process 'exit' listener until it is destroyed: this many on
  // purpose, not a leak.
  const maxListeners = process.getMaxListeners()
  process.setMaxListeners(maxListeners + viewers)
  const clients = Array.from({ length: viewers }, (_, i) => connectYjs(port, docName, cookies[i % cookies.length]))
  try {
    await Promise.all(
      clients.map(
        ({ provider }) =>
          new Promise<void>((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error('a viewer did not sync in 30 s')), 30_000)
            provider.once('sync', () => {
              clearTimeout(timer)
              resolve()
            })
          }),
      ),
    )
    const [writer, ...others] = clients
    const sentAt = new Map<string, number>()
    const strokeTimes: number[] = []
    let received = 0
    for (const viewer of others) {
      viewer.doc.getMap<unknown>(MARKUP_SHAPES).observe((event) => {
        const now = performance.now()
        for (const id of event.keysChanged) {
          const sent = sentAt.get(id)
          if (sent === undefined) continue
          if (!parseStoredShape(viewer.doc.getMap<unknown>(MARKUP_SHAPES).get(id)))
            throw new Error(`shape ${id} unreadable`)
          strokeTimes.push(now - sent)
          received++
        }
      })
    }
    const drawingTimes: number[] = []
    const moveSentAt = new Map<number, number>()
    const writerId = writer!.doc.clientID
    for (const viewer of others) {
      viewer.provider.awareness.on('change', ({ updated }: { updated: number[] }) => {
        if (!updated.includes(writerId)) return
        const now = performance.now()
        const move = (viewer.provider.awareness.getStates().get(writerId) as { move?: number } | undefined)?.move
        const sent = move === undefined ? undefined : moveSentAt.get(move)
        if (sent !== undefined) drawingTimes.push(now - sent)
      })
    }
    const writerMap = writer!.doc.getMap<unknown>(MARKUP_SHAPES)
    const awareness = writer!.provider.awareness
    let moves = 0
    for (let s = 0; s < strokes; s++) {
      const shape = { ...benchShape(s), id: `live-${s}`, created: Date.now() }
      // The stroke being drawn: a few pointer moves, each a presence update with the points so far.
      for (let m = 1; m <= 3; m++) {
        const points = shape.kind === 'pen' ? shape.points.slice(0, (shape.points.length * m) / 3) : []
        moveSentAt.set(++moves, performance.now())
        awareness.setLocalStateField('move', moves)
        awareness.setLocalStateField('drawing', shapeText({ ...shape, points } as Shape))
        await pause(10)
      }
      awareness.setLocalStateField('drawing', null)
      sentAt.set(shape.id, performance.now())
      writerMap.set(shape.id, storedShape(shape))
      await pause(20)
    }
    const expected = strokes * others.length
    const deadline = Date.now() + 10_000
    while (received < expected && Date.now() < deadline) await pause(50)
    return {
      stroke: { ...latency(strokeTimes), strokes, lost: expected - received },
      drawing: { ...latency(drawingTimes), moves },
    }
  } finally {
    for (const client of clients) client.destroy()
    process.setMaxListeners(maxListeners)
  }
}

export async function markupBench(): Promise<MarkupFigures> {
  const shapes = count('MARKUP_BENCH_SHAPES', 10_000)
  const viewers = count('MARKUP_BENCH_VIEWERS', 50)
  const strokes = count('MARKUP_BENCH_STROKES', 300)
  const runs = count('MARKUP_BENCH_RUNS', 20)
  const cookies: string[] = []
  const workspace = await demoWorkspace('markup-bench', async (deps) => {
    await seedMarkup(deps, shapes)
    // The viewers: the demo studio's people, each with sessions of their own.
    for (const id of ['editor', 'vsm', 'admin', 'viewer']) {
      const session = await startSession(deps, {
        accountKey: demoAccountKey(id),
        firebaseUid: demoFirebaseUid(id),
        remember: true,
      })
      cookies.push(`__session=${session.id}`)
    }
  })
  const { dataDir, cookie, seedSeconds } = workspace
  try {
    console.log(
      `\nSample markup: documents of ${shapes.toLocaleString('en')} shapes and ${viewers} viewers, seeded in ${seedSeconds.toFixed(1)} s`,
    )
    const coldLoadMerged = await coldLoadInProcess(dataDir, markupDocName(DEMO_BRAND_KEY, MERGED), runs, shapes)
    const coldLoadPerShape = await coldLoadInProcess(dataDir, markupDocName(DEMO_BRAND_KEY, PER_SHAPE), runs, shapes)
    const portal = await spawnPortal('markup-bench', {
      dataDir,
      compiled: true,
      env: { SEED_DEMO: 'false' },
    })
    try {
      const port = Number(new URL(portal.baseURL).port)
      const overWire = await coldLoadOverWire(port, cookie, runs, shapes)
      const joining = await joinOverWire(port, cookie, runs, shapes)
      const live = await liveLatency(port, cookies, viewers, strokes)
      const review = await reviewLatency(
        port,
        { brandKey: DEMO_BRAND_KEY, styleKey: demoKey('style:linen-shirt'), sampleKey: MERGED },
        cookies[2]!,
        cookies,
        viewers,
        count('MARKUP_BENCH_STATUS_CHANGES', 40),
      )
      return {
        status: roomLatency(review.status),
        feedback: roomLatency(review.feedback),
        statusForm: roomLatency(review.statusForm),
        version: roomLatency(review.version),
        shapes,
        viewers,
        seedSeconds: round(seedSeconds),
        coldLoadMerged,
        coldLoadPerShape,
        coldLoadOverWire: overWire,
        joinOverWire: joining,
        ...live,
      }
    } finally {
      await portal.stop()
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

function roomLatency(figures: RoomFigures) {
  return {
    ...latency(figures.times),
    answered: latency(figures.answers),
    sinceStored: latency(figures.sinceStored),
    changes: figures.changes,
    lost: figures.lost,
  }
}

export function printMarkupFigures(figures: MarkupFigures) {
  const line = (label: string, value: Latency, goal?: { p: 'p95Ms' | 'p99Ms'; ms: number }) =>
    console.log(
      `  ${label.padEnd(46)} p50 ${value.p50Ms} ms   p95 ${value.p95Ms} ms   p99 ${value.p99Ms} ms   (${value.samples})` +
        (goal ? `   goal ${goal.p.slice(0, 3)} ≤ ${goal.ms} ms ${value[goal.p] <= goal.ms ? 'OK' : 'MISSED'}` : ''),
    )
  const shapes = figures.shapes.toLocaleString('en')
  console.log(`Sample markup, ${shapes} shapes; ${figures.viewers} viewers of one sample`)
  line(`cold load, server side (one merged update)`, figures.coldLoadMerged, {
    p: 'p95Ms',
    ms: MARKUP_GOALS.coldLoadMs,
  })
  line(`cold load, server side (${shapes} updates)`, figures.coldLoadPerShape)
  line('cold load over the wire (open to sync step 2)', figures.coldLoadOverWire)
  line('joining an open document, over the wire', figures.joinOverWire)
  line(`a committed stroke to ${figures.viewers - 1} viewers`, figures.stroke, {
    p: 'p99Ms',
    ms: MARKUP_GOALS.strokeP99Ms,
  })
  line(`a stroke being drawn (presence) to ${figures.viewers - 1}`, figures.drawing)
  if (figures.stroke.lost > 0) console.log(`  LOST: ${figures.stroke.lost} stroke deliveries never arrived`)
  // The same run's committed stroke is the floor a live review change is held to.
  // The goal holds for the page with JavaScript (its decisions go over the socket); the form's
  // figure, the page without JavaScript, is printed beside it for what the page round trip costs.
  const told = [
    ['a status saved', figures.status, true],
    ['a change request’s state set', figures.feedback, true],
    ['a status saved without JavaScript (form)', figures.statusForm, false],
    // A version exists once its file is received and stored: the notice is held to the stroke from
    // that commit; from the upload's start it also carries the file's trip and checks.
    ['a new version, from its commit', { ...figures.version, ...figures.version.sinceStored }, true],
    ['a new version, from the upload’s start', figures.version, false],
  ] as const
  for (const [what, value, held] of told) {
    const ratio = value.p95Ms / Math.max(figures.stroke.p95Ms, 0.1)
    line(`${what}, to ${figures.viewers - 1} open pages`, value)
    const verdict = held ? `goal ≤ ${STATUS_GOAL_RATIO}× ${ratio <= STATUS_GOAL_RATIO ? 'OK' : 'MISSED'}` : 'no goal'
    console.log(`  ${'  its p95 against the stroke p95'.padEnd(46)} ${ratio.toFixed(1)}×   ${verdict}`)
    if (value.lost > 0) console.log(`  LOST: ${value.lost} deliveries never arrived`)
  }
  line('  the upload’s own answer (its floor)', figures.version.answered)
}
