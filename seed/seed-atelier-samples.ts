// The demo style's virtual samples, so sample review opens on real work: renders of the garment
// from the virtual-sample maker — the front in two versions (the first declined, the second ready
// for review with the first's markup carried over), the back approved, a drape study in progress —
// with the status changes that brought them there. Idempotent: rows are keyed by name, and
// missing blobs are written again on every run.
import { eq, inArray } from 'drizzle-orm'
import * as Y from 'yjs'
import { conversations, files, messages, references, sampleStatusChanges, yjsUpdates } from '#db/schema'
import { demoKey } from '#app/platform/ids'
import { MARKUP_COLOURS, storedShape, type Shape } from '#app/features/samples'
import { markupPinThreadKey } from '#app/features/chat'
import type { ServiceDeps } from '#app/platform/context.server'
import { MARKUP_SHAPES, markupDocName } from '#app/features/samples/index.server'
import { appendDocumentUpdate } from '#app/platform/yjs-documents.server'
import {
  blobExists,
  demoAtelierStyle,
  drawing,
  ensureBlobs,
  seedFileRow,
  type SeedFile,
} from './seed-atelier-references'
import { SAMPLE_ASSET_TYPE, type SampleStatus } from '#app/features/atelier'

const DEMO_BRAND = demoKey('brand:demo')
const VSM = demoKey('account:vsm')
const DESIGNER = demoKey('account:editor')

const SAMPLES: (SeedFile & {
  status: SampleStatus
  steps: [SampleStatus, SampleStatus, string][]
  /** A later version: the series' first sample and this one's number (decision 139). */
  version?: { series: string; number: number }
})[] = [
  {
    id: 'render-front-v1',
    name: 'Render front v1.png',
    type: 'image/png',
    ext: 'png',
    image: true,
    bytes: () => drawing(900, 1200, '#ede9fe', 'Virtual sample - front, v1', '#4c1d95'),
    status: 'Declined',
    steps: [
      ['In Progress', 'Ready for Review', VSM],
      ['Ready for Review', 'Declined', DESIGNER],
    ],
  },
  {
    id: 'render-front',
    name: 'Render front v2.png',
    type: 'image/png',
    ext: 'png',
    image: true,
    bytes: () => drawing(900, 1200, '#e0e7ff', 'Virtual sample - front, v2', '#312e81'),
    status: 'Ready for Review',
    steps: [['In Progress', 'Ready for Review', VSM]],
    version: { series: 'render-front-v1', number: 2 },
  },
  {
    id: 'render-back',
    name: 'Render back v1.png',
    type: 'image/png',
    ext: 'png',
    image: true,
    bytes: () => drawing(900, 1200, '#dcfce7', 'Virtual sample - back, v1', '#14532d'),
    status: 'Approved',
    steps: [
      ['In Progress', 'Ready for Review', VSM],
      ['Ready for Review', 'Approved', DESIGNER],
    ],
  },
  {
    id: 'render-drape',
    name: 'Drape study.png',
    type: 'image/png',
    ext: 'png',
    image: true,
    bytes: () => drawing(1200, 900, '#fce7f3', 'Drape study - in progress', '#831843'),
    status: 'In Progress',
    steps: [],
  },
]

const fileKey = (id: string) => demoKey(`sample-file:${id}`)
const refKey = (id: string) => demoKey(`sample-ref:${id}`)
const originalKeyOf = (file: SeedFile) => `brands/${DEMO_BRAND}/files/${fileKey(file.id)}.${file.ext}`

export async function seedAtelierSamples(deps: ServiceDeps): Promise<void> {
  const style = await demoAtelierStyle(deps.db)
  if (!style) return
  const already = await deps.db
    .select({ key: references.key })
    .from(references)
    .where(inArray(references.key, [refKey('render-front')]))
  const seeded = already.length > 0
  const made = new Map<string, { size: number; width?: number; height?: number }>()
  for (const sample of SAMPLES) {
    if (seeded && (await blobExists(deps, originalKeyOf(sample)))) continue
    made.set(sample.id, await ensureBlobs(deps, sample, originalKeyOf(sample)))
  }
  if (seeded) return seedDemoMarkup(deps)
  const hour = 3_600_000
  const start = Date.now() - SAMPLES.length * 24 * hour
  await deps.db.transaction(async (tx) => {
    await tx.insert(files).values(
      SAMPLES.map((sample) => ({
        ...seedFileRow(sample, fileKey(sample.id), originalKeyOf(sample), 'style-file', made.get(sample.id)!),
        uploadedBy: VSM,
      })),
    )
    await tx.insert(references).values(
      SAMPLES.map((sample, index) => ({
        key: refKey(sample.id),
        brandKey: DEMO_BRAND,
        styleKey: style.key,
        fileKey: fileKey(sample.id),
        type: 'image',
        name: sample.name,
        model: 'Style',
        modelKey: style.key,
        step: 'samples',
        assetType: SAMPLE_ASSET_TYPE,
        sampleStatus: sample.status,
        sampleSeries: sample.version ? refKey(sample.version.series) : null,
        sampleVersion: sample.version?.number ?? 1,
        createdBy: VSM,
        created: new Date(start + index * 24 * hour),
      })),
    )
    const changes = SAMPLES.flatMap((sample, index) =>
      sample.steps.map(([from, to, who], step) => ({
        key: demoKey(`sample-change:${sample.id}:${step}`),
        brandKey: DEMO_BRAND,
        referenceKey: refKey(sample.id),
        accountKey: who,
        fromStatus: from,
        toStatus: to,
        created: new Date(start + index * 24 * hour + (step + 1) * 3 * hour),
      })),
    )
    if (changes.length > 0) await tx.insert(sampleStatusChanges).values(changes)
  })
  await seedDemoMarkup(deps)
}

/**
 * The designer's markup on the front render, ready for review: the collar boxed with a pin and its
 * thread, a note with an arrow at the sleeve (carried over from version 1, still to re-check), the
 * hem traced, and a second pin whose thread is resolved. Written once; a document that already has rows is left as its reviewers made it.
 */
async function seedDemoMarkup(deps: ServiceDeps): Promise<void> {
  const sample = refKey('render-front')
  const docName = markupDocName(DEMO_BRAND, sample)
  const [existing] = await deps.db
    .select({ id: yjsUpdates.id })
    .from(yjsUpdates)
    .where(eq(yjsUpdates.docName, docName))
    .limit(1)
  if (existing) return
  const created = Date.now() - 20 * 3_600_000
  const base = (id: string, colour: Shape['colour'], minutes: number) => ({
    id,
    colour,
    strokeWidth: 0.005,
    author: DESIGNER,
    created: created + minutes * 60_000,
  })
  const hem = Array.from({ length: 19 }, (_, i) => [0.32 + i * 0.02, 0.835 + Math.sin(i / 2) * 0.006]).flat()
  const shapes: Shape[] = [
    { ...base('demo-collar', MARKUP_COLOURS.red, 0), kind: 'rect', x: 0.35, y: 0.13, width: 0.3, height: 0.17 },
    { ...base('demo-pin-collar', MARKUP_COLOURS.red, 1), kind: 'pin', x: 0.66, y: 0.15, number: 1, resolved: false },
    {
      ...base('demo-sleeve-arrow', MARKUP_COLOURS.blue, 2),
      kind: 'arrow',
      from: { x: 0.1, y: 0.52 },
      to: { x: 0.22, y: 0.39 },
      needsRecheck: true,
    },
    {
      ...base('demo-sleeve-note', MARKUP_COLOURS.blue, 3),
      kind: 'text',
      x: 0.03,
      y: 0.54,
      text: 'Sleeve 1 cm shorter',
      size: 0.03,
      needsRecheck: true,
    },
    { ...base('demo-hem', MARKUP_COLOURS.orange, 4), kind: 'pen', points: hem },
    { ...base('demo-pin-hem', MARKUP_COLOURS.green, 5), kind: 'pin', x: 0.5, y: 0.79, number: 2, resolved: true },
  ]
  const doc = new Y.Doc()
  const map = doc.getMap<unknown>(MARKUP_SHAPES)
  doc.transact(() => shapes.forEach((shape) => map.set(shape.id, storedShape(shape))))
  await appendDocumentUpdate(deps, docName, DEMO_BRAND, Y.encodeStateAsUpdateV2(doc))
  doc.destroy()

  const threads: [pinId: string, [who: string, text: string][]][] = [
    [
      'demo-pin-collar',
      [
        [DESIGNER, 'The collar stand still reads about 2 mm high against the block. Lower it before sign-off.'],
        [VSM, 'Lowered it in the pattern; a new render follows tomorrow morning.'],
      ],
    ],
    [
      'demo-pin-hem',
      [
        [DESIGNER, 'Hem sits straight on the avatar now.'],
        [VSM, 'Great, resolving this one.'],
      ],
    ],
  ]
  await deps.db.transaction(async (tx) => {
    for (const [pinId, script] of threads) {
      await seedPinThread(tx, { sampleKey: sample, pinId, script, created, minutesApart: 45 })
    }
  })
}

type Tx = Parameters<Parameters<ServiceDeps['db']['transaction']>[0]>[0]

/**
 * A demo pin's comment thread: its conversation, opened by the designer, and the script's messages
 * `minutesApart` after each other from `created`. Keys come from the pin id, so a rerun adds nothing.
 */
export async function seedPinThread(
  tx: Tx,
  thread: {
    sampleKey: string
    pinId: string
    script: [senderKey: string, text: string][]
    created: number
    minutesApart: number
  },
): Promise<void> {
  const { sampleKey, pinId, script, created, minutesApart } = thread
  const conversationKey = demoKey(`pin-thread:${pinId}`)
  await tx
    .insert(conversations)
    .values({
      key: conversationKey,
      brandKey: DEMO_BRAND,
      kind: 'thread',
      model: 'MarkupPin',
      modelKey: markupPinThreadKey(sampleKey, pinId),
      createdBy: DESIGNER,
    })
    .onConflictDoNothing()
  await tx
    .insert(messages)
    .values(
      script.map(([senderKey, text], index) => ({
        key: demoKey(`pin-message:${pinId}:${index}`),
        conversationKey,
        brandKey: DEMO_BRAND,
        senderKey,
        text,
        created: new Date(created + (index + 1) * minutesApart * 60_000),
      })),
    )
    .onConflictDoNothing()
}
