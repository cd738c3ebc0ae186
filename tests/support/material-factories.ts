// Materials and their pictures for tests, written straight to the database.
import { files, materialStyles, materials, type MaterialColor, type MaterialType } from '#db/schema'
import { newKey } from '#app/platform/ids'
import type { ServiceDeps } from '#app/platform/context.server'

/** A clean image of the brand, as the pipeline leaves a material picture (its blobs are not written). */
export async function createMaterialImage(
  deps: Pick<ServiceDeps, 'db'>,
  brandKey: string,
  fields: { status?: 'available' | 'quarantined' | 'scanning'; contentType?: string; name?: string } = {},
): Promise<string> {
  const key = newKey()
  await deps.db.insert(files).values({
    key,
    brandKey,
    purpose: 'material-image',
    originalName: fields.name ?? `swatch-${key}.jpg`,
    contentType: fields.contentType ?? 'image/jpeg',
    status: fields.status ?? 'available',
    originalKey: `brands/${brandKey}/files/${key}.jpg`,
    thumbnailKey: `brands/${brandKey}/files/${key}_300x400.jpg`,
    width: 600,
    height: 800,
  })
  return key
}

/** A material of the brand on these styles. */
export async function createMaterial(
  deps: Pick<ServiceDeps, 'db'>,
  brandKey: string,
  styleKeys: string[],
  fields: { type?: MaterialType; name?: string; colors?: MaterialColor[]; modified?: Date } = {},
): Promise<string> {
  const key = newKey()
  await deps.db.insert(materials).values({
    key,
    brandKey,
    type: fields.type ?? 'fabric',
    name: fields.name ?? `Material ${key}`,
    colors: fields.colors ?? [],
    ...(fields.modified && { created: fields.modified, modified: fields.modified }),
  })
  if (styleKeys.length) {
    await deps.db.insert(materialStyles).values(styleKeys.map((styleKey) => ({ materialKey: key, styleKey, brandKey })))
  }
  return key
}
