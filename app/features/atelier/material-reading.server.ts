// Reading materials: the material as the API and the pages show it, one material, a brand's list.
import { isMaterialType, MATERIAL_TYPES } from '#app/features/atelier/materials'
import { requireAbility, requireBrandAbility } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { AppError, notFound } from '#app/platform/errors'
import { files, materials, materialStyles, type MaterialType } from '#db/schema'
import { and, desc, eq, inArray } from 'drizzle-orm'
import type { MaterialAsset, MaterialView } from './views'
import type { Actor } from '#app/platform/access/actor'
export type { MaterialAsset, MaterialView } from './views'

export const typeError = () =>
  new AppError('ValidationError', `type: one of ${MATERIAL_TYPES.map((type) => type.key).join(', ')}.`, {
    type: ['Choose fabric, trim, hardware or branding.'],
  })

type MaterialRow = typeof materials.$inferSelect
type FileRow = typeof files.$inferSelect

/** What create and update take (§7: brand, styles, type, colors as a JSON string, name, use, colorway, notes). */
export interface MaterialInput {
  brand?: unknown
  styles?: unknown
  type?: unknown
  colors?: unknown
  name?: unknown
  use?: unknown
  colorway?: unknown
  notes?: unknown
  /** The files shown front and back: `{front, back}` (or its JSON string), a key or null each. */
  assets?: unknown
}

export const MAX_LIBRARY = 60

async function toViews(deps: ServiceDeps, rows: MaterialRow[]): Promise<MaterialView[]> {
  if (rows.length === 0) return []
  const keys = rows.map((row) => row.key)
  const links = await deps.db.select().from(materialStyles).where(inArray(materialStyles.materialKey, keys))
  const fileKeys = rows.flatMap((row) => [row.frontFileKey, row.backFileKey]).filter((key): key is string => !!key)
  const fileRows = fileKeys.length ? await deps.db.select().from(files).where(inArray(files.key, fileKeys)) : []
  const byKey = new Map(fileRows.map((row) => [row.key, row]))
  const asset = (key: string | null) => (key ? assetOf(deps, byKey.get(key)) : null)
  return rows.map((row) => ({
    key: row.key,
    KIND: 'Material',
    brand: row.brandKey,
    type: row.type,
    name: row.name,
    use: row.use,
    colorway: row.colorway,
    notes: row.notes,
    styles: links.filter((link) => link.materialKey === row.key).map((link) => link.styleKey),
    colors: row.colors,
    assets: { front: asset(row.frontFileKey), back: asset(row.backFileKey) },
    created: Math.floor(row.created.getTime() / 1000),
    modified: Math.floor(row.modified.getTime() / 1000),
  }))
}

export function assetOf(deps: Pick<ServiceDeps, 'blobs'>, row: FileRow | undefined): MaterialAsset | null {
  // Only a clean file is ever shown; one quarantined or removed since shows nothing.
  if (!row || row.status !== 'available' || !row.originalKey) return null
  return {
    key: row.key,
    name: row.originalName,
    urls: {
      original: deps.blobs.signedUrl(row.originalKey),
      thumbnail: row.thumbnailKey ? deps.blobs.signedUrl(row.thumbnailKey) : null,
      web: row.webKey ? deps.blobs.signedUrl(row.webKey) : null,
    },
  }
}

function styleKeyOf(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') throw new AppError('ValidationError', 'style: is required.')
  return value.trim()
}

/** §7 `GET /api/material/query/style`: the style's materials, newest modified first (optionally one type). */
export async function materialsOfStyle(
  deps: ServiceDeps,
  actor: Actor,
  style: unknown,
  options: { type?: unknown } = {},
): Promise<MaterialView[]> {
  const styleKey = styleKeyOf(style)
  const access = await requireAbility(deps, actor, 'brand.view', { model: 'Style', key: styleKey })
  if (options.type !== undefined && !isMaterialType(options.type)) throw typeError()
  const rows = await deps.db
    .select({ material: materials })
    .from(materialStyles)
    .innerJoin(materials, eq(materials.key, materialStyles.materialKey))
    .where(
      and(
        eq(materialStyles.styleKey, styleKey),
        eq(materials.brandKey, access.brandKey),
        options.type ? eq(materials.type, options.type as MaterialType) : undefined,
      ),
    )
    .orderBy(desc(materials.modified), desc(materials.key))
  return toViews(
    deps,
    rows.map((row) => row.material),
  )
}

/** §7 `GET /api/material/query/brand`: every material of the brand, newest modified first. */
export async function materialsOfBrand(deps: ServiceDeps, actor: Actor, brand: unknown): Promise<MaterialView[]> {
  if (typeof brand !== 'string' || brand.trim() === '') throw new AppError('ValidationError', 'brand: is required.')
  requireBrandAbility(actor, 'brand.view', brand.trim())
  const rows = await deps.db
    .select()
    .from(materials)
    .where(eq(materials.brandKey, brand.trim()))
    .orderBy(desc(materials.modified), desc(materials.key))
  return toViews(deps, rows)
}

/** One material, for those who see its brand. */
export async function getMaterial(deps: ServiceDeps, actor: Actor, key: string): Promise<MaterialView> {
  await requireAbility(deps, actor, 'brand.view', { model: 'Material', key })
  const [row] = await deps.db.select().from(materials).where(eq(materials.key, key))
  if (!row) throw notFound('Material')
  return (await toViews(deps, [row]))[0]!
}
