// The demo style's 3D virtual sample (docs/decisions/137): the Linen Shirt on a dress form as a
// .glb made here (seed/demo-garment-glb.ts), ready for review, with the designer's 3D pin on the
// chest pocket and its thread. Idempotent: its own keys decide, so a workspace seeded before 3D
// samples existed gets it on the next start; a missing file is written again.
import { eq } from 'drizzle-orm'
import * as Y from 'yjs'
import { files, references, sampleStatusChanges, yjsUpdates } from '#db/schema'
import { demoKey } from '#app/platform/ids'
import { MARKUP_COLOURS, storedShape, type ModelPinShape } from '#app/features/samples'
import type { ServiceDeps } from '#app/platform/context.server'
import { MARKUP_SHAPES, markupDocName } from '#app/features/samples/index.server'
import { appendDocumentUpdate } from '#app/platform/yjs-documents.server'
import { demoGarmentGlb, demoPinSpot } from './demo-garment-glb'
import { blobExists, demoAtelierStyle, ensureBlobs, seedFileRow, type SeedFile } from './seed-atelier-references'
import { seedPinThread } from './seed-atelier-samples'
import { SAMPLE_ASSET_TYPE } from '#app/features/atelier'

const DEMO_BRAND = demoKey('brand:demo')
const VSM = demoKey('account:vsm')
const DESIGNER = demoKey('account:editor')

export const DEMO_MODEL_SAMPLE: SeedFile = {
  id: 'linen-shirt-3d',
  name: 'Linen shirt 3D v1.glb',
  type: 'model/gltf-binary',
  ext: 'glb',
  bytes: demoGarmentGlb,
}
const FILE_KEY = demoKey(`sample-file:${DEMO_MODEL_SAMPLE.id}`)
export const DEMO_MODEL_SAMPLE_KEY = demoKey(`sample-ref:${DEMO_MODEL_SAMPLE.id}`)
const ORIGINAL_KEY = `brands/${DEMO_BRAND}/files/${FILE_KEY}.${DEMO_MODEL_SAMPLE.ext}`
const PIN_ID = 'demo-pin-pocket'

export async function seedAtelierModelSample(deps: ServiceDeps): Promise<void> {
  const style = await demoAtelierStyle(deps.db)
  if (!style) return
  const [existing] = await deps.db
    .select({ key: references.key })
    .from(references)
    .where(eq(references.key, DEMO_MODEL_SAMPLE_KEY))
  if (existing) {
    if (!(await blobExists(deps, ORIGINAL_KEY))) await ensureBlobs(deps, DEMO_MODEL_SAMPLE, ORIGINAL_KEY)
    return
  }
  const made = await ensureBlobs(deps, DEMO_MODEL_SAMPLE, ORIGINAL_KEY)
  // Older than the renders, so the style's slideshow still opens on a picture.
  const created = Date.now() - 5 * 24 * 3_600_000
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(files)
      .values({ ...seedFileRow(DEMO_MODEL_SAMPLE, FILE_KEY, ORIGINAL_KEY, 'style-file', made), uploadedBy: VSM })
      .onConflictDoNothing()
    await tx.insert(references).values({
      key: DEMO_MODEL_SAMPLE_KEY,
      brandKey: DEMO_BRAND,
      styleKey: style.key,
      fileKey: FILE_KEY,
      type: 'model',
      name: DEMO_MODEL_SAMPLE.name,
      model: 'Style',
      modelKey: style.key,
      step: 'samples',
      assetType: SAMPLE_ASSET_TYPE,
      sampleStatus: 'Ready for Review',
      createdBy: VSM,
      created: new Date(created),
    })
    await tx.insert(sampleStatusChanges).values({
      key: demoKey(`sample-change:${DEMO_MODEL_SAMPLE.id}:0`),
      brandKey: DEMO_BRAND,
      referenceKey: DEMO_MODEL_SAMPLE_KEY,
      accountKey: VSM,
      fromStatus: 'In Progress',
      toStatus: 'Ready for Review',
      created: new Date(created + 2 * 3_600_000),
    })
  })
  await seedPocketPin(deps, created + 20 * 3_600_000)
}

/** The designer's pin on the pocket, seen close from the wearer's left front, and its thread. */
async function seedPocketPin(deps: ServiceDeps, created: number): Promise<void> {
  const docName = markupDocName(DEMO_BRAND, DEMO_MODEL_SAMPLE_KEY)
  const [stored] = await deps.db.select({ id: yjsUpdates.id }).from(yjsUpdates).where(eq(yjsUpdates.docName, docName))
  if (stored) return
  const spot = demoPinSpot()
  const pin: ModelPinShape = {
    id: PIN_ID,
    kind: 'pin3d',
    colour: MARKUP_COLOURS.blue,
    strokeWidth: 0,
    author: DESIGNER,
    created,
    position: spot.position,
    normal: spot.normal,
    camera: { theta: 0.45, phi: 1.42, radius: 0.9, target: { ...spot.position, x: spot.position.x - 0.04 }, fov: 30 },
    number: 1,
    resolved: false,
  }
  const doc = new Y.Doc()
  doc.getMap<unknown>(MARKUP_SHAPES).set(pin.id, storedShape(pin))
  await appendDocumentUpdate(deps, docName, DEMO_BRAND, Y.encodeStateAsUpdateV2(doc))
  doc.destroy()

  const script: [string, string][] = [
    [DESIGNER, 'The pocket sits too far out: move it 1 cm towards the placket and drop it 5 mm.'],
    [VSM, 'Moving it in the pattern; the next version follows on Thursday.'],
  ]
  await deps.db.transaction((tx) =>
    seedPinThread(tx, { sampleKey: DEMO_MODEL_SAMPLE_KEY, pinId: PIN_ID, script, created, minutesApart: 40 }),
  )
}
