// Files of the pipeline for tests that need one to exist (walks, refusals), without uploading.
import { files, type FileStatus } from '#db/schema'
import { newKey } from '#app/platform/ids'
import type { ServiceDeps } from '#app/platform/context.server'

export async function createFile(
  deps: Pick<ServiceDeps, 'db'>,
  brandKey: string,
  uploadedBy: string,
  fields: { purpose?: string; status?: FileStatus; name?: string } = {},
): Promise<string> {
  const key = newKey()
  await deps.db.insert(files).values({
    key,
    brandKey,
    purpose: fields.purpose ?? 'listing-media',
    originalName: fields.name ?? 'SN1_SKU1_front.jpg',
    status: fields.status ?? 'scanning',
    uploadedBy,
  })
  return key
}
