// An asset library for tests that need one to exist (walks, refusals): the brand's bucket with
// the default folders and one clean file, `Branding/logo.png`, written straight to the database.
// A brand that has its bucket already (Demo Brand is seeded with one) keeps it and gains the file.
import { and, eq } from 'drizzle-orm'
import { assetEntries, buckets } from '#db/schema'
import { DEFAULT_FOLDERS } from '#app/features/assets/asset-paths'
import { newKey } from '#app/platform/ids'
import type { ServiceDeps } from '#app/platform/context.server'
import { createFile } from './file-factories'

export async function createBucketWithFile(
  deps: Pick<ServiceDeps, 'db'>,
  brandKey: string,
  uploadedBy: string,
): Promise<string> {
  const [existing] = await deps.db.select().from(buckets).where(eq(buckets.brandKey, brandKey))
  const key = existing?.key ?? newKey()
  if (!existing) {
    await deps.db.insert(buckets).values({ key, brandKey, name: 'Asset Library' })
    await deps.db
      .insert(assetEntries)
      .values(
        DEFAULT_FOLDERS.map((name) => ({ key: newKey(), bucketKey: key, brandKey, kind: 'folder' as const, name })),
      )
  }
  const [branding] = await deps.db
    .select()
    .from(assetEntries)
    .where(and(eq(assetEntries.bucketKey, key), eq(assetEntries.name, 'Branding')))
  const fileKey = await createFile(deps, brandKey, uploadedBy, {
    purpose: 'asset-library',
    status: 'available',
    name: 'logo.png',
  })
  await deps.db.insert(assetEntries).values({
    key: newKey(),
    bucketKey: key,
    brandKey,
    parentKey: branding!.key,
    kind: 'file',
    name: 'logo.png',
    fileKey,
    size: 1024,
    contentType: 'image/png',
  })
  return key
}
