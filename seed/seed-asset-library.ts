// Demo Brand's asset library, so the page opens on a studio's shelves rather than an empty
// dialog: the bucket with the default folders of atelier.md §9, a season folder in Tech Packs,
// and the atelier's demo drawings filed where a team would keep them. Idempotent: the bucket is
// made once; missing blobs are written again on every run.
import { eq } from 'drizzle-orm'
import { assetEntries, buckets, files } from '#db/schema'
import { DEFAULT_FOLDERS } from '#app/features/assets'
import { demoKey } from '#app/platform/ids'
import type { ServiceDeps } from '#app/platform/context.server'
import { blobExists, ensureBlobs, FILES, seedFileRow, type SeedFile } from './seed-atelier-references'

const DEMO_BRAND = demoKey('brand:demo')
const UPLOADER = demoKey('account:editor')
const BUCKET = demoKey('bucket:demo')

/** Which demo drawing goes in which folder of the library. */
const SHELVES: { id: string; folder: string[] }[] = [
  { id: 'techpack-pdf', folder: ['Tech Packs', 'SS27'] },
  { id: 'flat-sketch', folder: ['Tech Packs', 'SS27'] },
  { id: 'bodice-dxf', folder: ['Blocks'] },
  { id: 'floral', folder: ['Prints'] },
  { id: 'logo-placement', folder: ['Graphics'] },
  { id: 'colour-story', folder: ['Branding'] },
  { id: 'mood', folder: ['Branding'] },
  { id: 'runway', folder: ['Carry Forward'] },
]

const folderKey = (path: string[]) => demoKey(`library-folder:${path.join('/')}`)
const fileKey = (id: string) => demoKey(`library-file:${id}`)
const originalKeyOf = (file: SeedFile) => `brands/${DEMO_BRAND}/assets/bucket/${fileKey(file.id)}.${file.ext}`

export async function seedAssetLibrary(deps: ServiceDeps): Promise<void> {
  const [brand] = await deps.db.select({ key: buckets.key }).from(buckets).where(eq(buckets.brandKey, DEMO_BRAND))
  const shelved = SHELVES.map((shelf) => ({ ...shelf, file: FILES.find((file) => file.id === shelf.id)! }))
  const made = new Map<string, { size: number; width?: number; height?: number }>()
  for (const { file } of shelved) {
    if (brand && (await blobExists(deps, originalKeyOf(file)))) continue
    made.set(file.id, await ensureBlobs(deps, file, originalKeyOf(file)))
  }
  // A bucket made by a user (or an earlier run) is left as it is.
  if (brand) return
  const folders = [...DEFAULT_FOLDERS.map((name) => [name]), ['Tech Packs', 'SS27']]
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(buckets)
      .values({ key: BUCKET, brandKey: DEMO_BRAND, name: 'Demo Brand Library', createdBy: UPLOADER })
    await tx.insert(assetEntries).values(
      folders.map((path) => ({
        key: folderKey(path),
        bucketKey: BUCKET,
        brandKey: DEMO_BRAND,
        parentKey: path.length > 1 ? folderKey(path.slice(0, -1)) : '',
        kind: 'folder' as const,
        name: path[path.length - 1]!,
        createdBy: UPLOADER,
      })),
    )
    await tx
      .insert(files)
      .values(
        shelved.map(({ file }) =>
          seedFileRow(file, fileKey(file.id), originalKeyOf(file), 'asset-library', made.get(file.id)!),
        ),
      )
    await tx.insert(assetEntries).values(
      shelved.map(({ file, folder }) => ({
        key: demoKey(`library-entry:${file.id}`),
        bucketKey: BUCKET,
        brandKey: DEMO_BRAND,
        parentKey: folderKey(folder),
        kind: 'file' as const,
        name: file.name,
        fileKey: fileKey(file.id),
        size: made.get(file.id)!.size,
        contentType: file.type,
        createdBy: UPLOADER,
      })),
    )
  })
}
