// Records of the atelier for tests that need them to exist (walks, refusals), without uploading.
import { files, patterns, references } from '#db/schema'
import { newKey } from '#app/platform/ids'
import type { ServiceDeps } from '#app/platform/context.server'

/** A pattern of a style; answers its key. */
export async function createPattern(deps: Pick<ServiceDeps, 'db'>, brandKey: string, styleKey: string, name = 'Block') {
  const key = newKey()
  await deps.db.insert(patterns).values({ key, brandKey, styleKey, name })
  return key
}

/** A folder of a style's references at the top level; answers its key. */
export async function createFolder(deps: Pick<ServiceDeps, 'db'>, brandKey: string, styleKey: string, name = 'Folder') {
  const key = newKey()
  await deps.db
    .insert(references)
    .values({ key, brandKey, styleKey, name, type: 'folder', model: 'Style', modelKey: styleKey, pathname: name })
  return key
}

/**
 * A file reference of a style's Additional References step whose upload is available (a stored
 * original key, no bytes behind it); answers the reference's key.
 */
export async function createFileReference(
  deps: Pick<ServiceDeps, 'db'>,
  brandKey: string,
  styleKey: string,
  uploadedBy: string,
  name = 'Reference.pdf',
) {
  const fileKey = newKey()
  await deps.db.insert(files).values({
    key: fileKey,
    brandKey,
    purpose: 'style-file',
    originalName: name,
    status: 'available',
    contentType: 'application/pdf',
    size: 1024,
    originalKey: `style-files/${brandKey}/${fileKey}`,
    uploadedBy,
  })
  const key = newKey()
  await deps.db.insert(references).values({
    key,
    brandKey,
    styleKey,
    name,
    type: 'pdf',
    model: 'Style',
    modelKey: styleKey,
    step: 'references',
    fileKey,
    createdBy: uploadedBy,
  })
  return key
}

/** A virtual sample of a style (a clean PNG render), with a status (In Progress unless told). */
export async function createSample(
  deps: Pick<ServiceDeps, 'db'>,
  brandKey: string,
  styleKey: string,
  uploadedBy: string,
  options: { name?: string; status?: string; type?: string; contentType?: string } = {},
) {
  const name = options.name ?? 'Render front.png'
  const fileKey = newKey()
  await deps.db.insert(files).values({
    key: fileKey,
    brandKey,
    purpose: 'style-file',
    originalName: name,
    status: 'available',
    contentType: options.contentType ?? 'image/png',
    size: 2048,
    originalKey: `style-files/${brandKey}/${fileKey}`,
    uploadedBy,
  })
  const key = newKey()
  await deps.db.insert(references).values({
    key,
    brandKey,
    styleKey,
    name,
    type: options.type ?? 'image',
    model: 'Style',
    modelKey: styleKey,
    step: 'samples',
    assetType: 'virtual-sample',
    sampleStatus: options.status ?? 'In Progress',
    fileKey,
    createdBy: uploadedBy,
  })
  return key
}
