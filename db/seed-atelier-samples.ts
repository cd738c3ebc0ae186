// The demo style's virtual samples, so sample review opens on real work: three renders of the
// garment from the virtual-sample maker, one ready for review, one approved and one in progress,
// with the status changes that brought them there. Idempotent: rows are keyed by name, and
// missing blobs are written again on every run.
import { inArray } from 'drizzle-orm'
import { files, references, sampleStatusChanges } from '#db/schema'
import { demoKey } from '#app/lib/ids'
import { SAMPLE_ASSET_TYPE, type SampleStatus } from '#app/lib/sample-status'
import type { ServiceDeps } from '#app/services/context.server'
import {
  blobExists,
  demoAtelierStyle,
  drawing,
  ensureBlobs,
  seedFileRow,
  type SeedFile,
} from './seed-atelier-references'

const DEMO_BRAND = demoKey('brand:demo')
const VSM = demoKey('account:vsm')
const DESIGNER = demoKey('account:editor')

const SAMPLES: (SeedFile & { status: SampleStatus; steps: [SampleStatus, SampleStatus, string][] })[] = [
  {
    id: 'render-front',
    name: 'Render front v2.png',
    type: 'image/png',
    ext: 'png',
    image: true,
    bytes: () => drawing(900, 1200, '#e0e7ff', 'Virtual sample - front, v2', '#312e81'),
    status: 'Ready for Review',
    steps: [['In Progress', 'Ready for Review', VSM]],
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
    .where(inArray(references.key, [refKey(SAMPLES[0]!.id)]))
  const seeded = already.length > 0
  const made = new Map<string, { size: number; width?: number; height?: number }>()
  for (const sample of SAMPLES) {
    if (seeded && (await blobExists(deps, originalKeyOf(sample)))) continue
    made.set(sample.id, await ensureBlobs(deps, sample, originalKeyOf(sample)))
  }
  if (seeded) return
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
}
