// The check of a client's Yjs update (decision 166): what it costs per KB at 1 KB, 100 KB, 1 MB and
// 10 MB, beside the floor, Yjs's own decoding of the same bytes (the least any check that reads an
// update can cost), and whether it stays linear; then hostile updates sent to a running portal over
// real Yjs connections (the three whose items place themselves, 10 MB ones, and ones of the largest
// size a kind takes packed with items) while /healthz is probed: its longest wait against its quiet
// p99 (goal ≤ 10×, bench/probe.ts).
import fs from 'node:fs'
import WebSocket from 'ws'
import * as encoding from 'lib0/encoding'
import * as syncProtocol from 'y-protocols/sync'
import * as Y from 'yjs'
import { mediaOrderShape } from '../app/features/media/media-order-doc.server'
import { sampleMarkupDoc } from '../app/features/samples/index.server'
import { demoKey } from '../app/platform/ids'
import { DEMO_BRAND_KEY } from '#seed/seed'
import { refusalOf } from '../realtime/yjs/update-check'
import { cyclicUpdates, encodeRawUpdate, type RawItem } from '../tests/support/yjs-updates'
import { spawnPortal } from '../scripts/spawn-portal'
import { printProbe, probeAround, PROBE_GOALS, type ProbeFigures } from './probe'
import { demoWorkspace } from './workspace'

export const YJS_CHECK_GOALS = {
  /**
   * The check's µs per KB over its floor's at 10 MB, against the same at 100 KB: at most 1.5, so the
   * check grows no faster than Yjs's own decoding of the same bytes. (Yjs's decoding itself costs
   * more per KB as an update grows, from memory and garbage collection; that part is the floor's.)
   */
  linearity: 1.5,
  healthzMaxOverQuietP99: PROBE_GOALS.healthzMaxOverQuietP99,
}

const SIZES = [
  { label: '1 KB', bytes: 1024 },
  { label: '100 KB', bytes: 100 * 1024 },
  { label: '1 MB', bytes: 1024 * 1024 },
  { label: '10 MB', bytes: 10 * 1024 * 1024 },
]
const UNLIMITED = { maxBytes: Infinity, maxItems: Infinity, maxDepth: Infinity, maxValueBytes: Infinity }

export interface YjsCheckFigures {
  sizes: { label: string; bytes: number; items: number; checkUsPerKB: number; decodeUsPerKB: number }[]
  linearity: number
  hostile: { sent: number; codes: Record<string, number> }
  probe: ProbeFigures
}

/**
 * A listing order built item by item as a client drags photos in one at a time, each placed by the
 * one before: the most items, and the most placing, an update of its size can carry.
 */
function orderOfSize(bytes: number): { base: Uint8Array; update: Uint8Array; items: number } {
  const doc = new Y.Doc()
  const list = new Y.Array<string>()
  doc.getMap('orders').set('listing1', list)
  const client = new Y.Doc()
  Y.applyUpdate(client, Y.encodeStateAsUpdate(doc))
  const before = Y.encodeStateVector(client)
  const order = client.getMap<Y.Array<string>>('orders').get('listing1')!
  let items = 0
  client.transact(() => {
    // Inserted at the front: no two merge, each is its own item placed by its right neighbour.
    while (items * 14 < bytes) order.insert(0, [`photo${(items++).toString().padStart(6, '0')}`])
  })
  return { base: Y.encodeStateAsUpdate(doc), update: Y.encodeStateAsUpdate(client, before), items }
}

function timeUs(run: () => void, budgetMs = 1500): number {
  run()
  const times: number[] = []
  const started = performance.now()
  while (times.length < 3 || (performance.now() - started < budgetMs && times.length < 50)) {
    const at = performance.now()
    run()
    times.push((performance.now() - at) * 1000)
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!
}

function checkFigures() {
  return SIZES.map(({ label, bytes }) => {
    const { base, update, items } = orderOfSize(bytes)
    // The server's copy: the document the client started from.
    const doc = new Y.Doc()
    Y.applyUpdate(doc, base)
    const check = mediaOrderShape({ doc, accountKey: 'bench' })
    const verdict = refusalOf(doc, update, check, UNLIMITED)
    if (verdict) throw new Error(`the bench's own update was refused: ${verdict}`)
    const kb = update.byteLength / 1024
    const checkUs = timeUs(() => refusalOf(doc, update, check, UNLIMITED))
    const decodeUs = timeUs(() => Y.decodeUpdate(update))
    return {
      label,
      bytes: update.byteLength,
      items,
      checkUsPerKB: +(checkUs / kb).toFixed(1),
      decodeUsPerKB: +(decodeUs / kb).toFixed(1),
    }
  })
}

/** Sends one update after sync step 1 on a fresh connection; answers its close code. */
function sendOnce(port: number, docName: string, cookie: string, update: Uint8Array): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/yjs/${docName}`, { headers: { cookie } })
    const timer = setTimeout(() => ws.terminate(), 30_000)
    ws.on('error', () => undefined)
    ws.on('open', () => {
      for (const write of [
        (encoder: encoding.Encoder) => syncProtocol.writeSyncStep1(encoder, new Y.Doc()),
        (encoder: encoding.Encoder) => syncProtocol.writeUpdate(encoder, update),
      ]) {
        const encoder = encoding.createEncoder()
        encoding.writeVarUint(encoder, 0)
        write(encoder)
        ws.send(encoding.toUint8Array(encoder))
      }
    })
    ws.on('close', (code) => {
      clearTimeout(timer)
      resolve(code)
    })
  })
}

function packed(bytes: number, client: number): Uint8Array {
  const value = 'p'.repeat(10)
  const items: RawItem[] = [
    { parent: 'elsewhere', content: { kind: 'any', values: Array(Math.floor(bytes / 12)).fill(value) } },
  ]
  return encodeRawUpdate([{ client, clock: 0, items }]).slice(0, bytes)
}

export async function yjsCheckBench(): Promise<YjsCheckFigures> {
  const sizes = checkFigures()
  const overFloor = (label: string) => {
    const size = sizes.find((each) => each.label === label)!
    return size.checkUsPerKB / size.decodeUsPerKB
  }
  const workspace = await demoWorkspace('yjs-check-bench', async () => {})
  try {
    const portal = await spawnPortal('yjs-check-bench', {
      dataDir: workspace.dataDir,
      compiled: true,
      env: { SEED_DEMO: 'false' },
    })
    try {
      const port = Number(new URL(portal.baseURL).port)
      const orders = `media-order:${DEMO_BRAND_KEY}`
      const markupLimit = sampleMarkupDoc.limits!.maxBytes!
      const markup = `sample-markup:${DEMO_BRAND_KEY}:${demoKey('sample-ref:render-front')}`
      const hostile = [
        ...cyclicUpdates().map(({ name, update }) => ({ name, docName: orders, update })),
        { name: '10 MB', docName: orders, update: packed(10 * 1024 * 1024, 424_242) },
        {
          name: `${markupLimit / 1024} KB packed (the largest markup update)`,
          docName: markup,
          update: packed(markupLimit, 434_343),
        },
      ]
      const { result, probe } = await probeAround(portal, workspace.cookie, async () => {
        const codes: Record<string, number> = {}
        let sent = 0
        const until = performance.now() + 10_000
        while (performance.now() < until) {
          for (const { name, docName, update } of hostile) {
            const answer = `${name} → ${await sendOnce(port, docName, workspace.cookie, update)}`
            codes[answer] = (codes[answer] ?? 0) + 1
            sent++
          }
        }
        return { sent, codes }
      })
      return {
        sizes,
        linearity: +(overFloor('10 MB') / overFloor('100 KB')).toFixed(2),
        hostile: result,
        probe,
      }
    } finally {
      await portal.stop()
    }
  } finally {
    fs.rmSync(workspace.dataDir, { recursive: true, force: true })
  }
}

export function printYjsCheckFigures(figures: YjsCheckFigures) {
  console.log('Yjs update check (a listing order built photo by photo, each item placed by its neighbour)')
  for (const size of figures.sizes) {
    console.log(
      `  ${size.label.padEnd(7)} ${String(size.items).padStart(8)} items: check ${size.checkUsPerKB} µs/KB` +
        `   floor, Yjs decoding the same bytes: ${size.decodeUsPerKB} µs/KB` +
        `   (${(size.checkUsPerKB / size.decodeUsPerKB).toFixed(1)}× the floor)`,
    )
  }
  console.log(
    `  linear: the check over its floor at 10 MB against at 100 KB ${figures.linearity} (goal ≤ ${YJS_CHECK_GOALS.linearity}) ` +
      `${figures.linearity <= YJS_CHECK_GOALS.linearity ? 'OK' : 'MISSED'}`,
  )
  console.log(`  hostile updates sent: ${figures.hostile.sent}; close codes: ${JSON.stringify(figures.hostile.codes)}`)
  printProbe('hostile Yjs updates are sent', figures.probe)
}
