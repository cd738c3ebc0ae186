// Materials of the atelier (atelier.md §2 Materials step, §3 Material, §7 material calls): a
// brand's fabrics, trims, hardware and branding, used on its styles, with colours per side and a
// clean image per side. Members who see a style see its materials; owners and editors change them
// (`asset.manage` on every style a material is on, or on the brand for one on no style). Saving a
// material marks the Materials step of its styles in progress (§4).
import { and, desc, eq, inArray } from 'drizzle-orm'
import { files, materialStyles, materials, styleMaterialChecks, styles, type MaterialType } from '#db/schema'
import { AppError, notFound } from '#app/platform/errors'
import { newKey } from '#app/platform/ids'
import {
  MATERIAL_LIMITS,
  MATERIAL_TYPES,
  isMaterialType,
  readColors,
  type MaterialColorValue,
  type MaterialTypeKey,
} from '#app/features/atelier/materials'
import { PRODUCT_IMAGE_TYPES } from '#app/features/files/file-purposes'
import type { Actor } from '#app/features/identity/accounts.server'
import { hasAbility, requireAbility, requireBrandAbility } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { markStyleStep } from './style-steps.server'

type MaterialRow = typeof materials.$inferSelect
type FileRow = typeof files.$inferSelect

/** Where a file of a material points: its key and name, with signed addresses for those who see it. */
export interface MaterialAsset {
  key: string
  name: string
  urls: { original: string; thumbnail: string | null; web: string | null }
}

export interface MaterialView {
  key: string
  KIND: 'Material'
  brand: string
  type: MaterialTypeKey
  name: string
  use: string
  colorway: string
  notes: string
  styles: string[]
  colors: MaterialColorValue[]
  assets: { front: MaterialAsset | null; back: MaterialAsset | null }
  created: number
  modified: number
}

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

const MAX_LIBRARY = 60

// ---------------------------------------------------------------------------------------------
// Reading

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

function assetOf(deps: Pick<ServiceDeps, 'blobs'>, row: FileRow | undefined): MaterialAsset | null {
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

// ---------------------------------------------------------------------------------------------
// Changing

const typeError = () =>
  new AppError('ValidationError', `type: one of ${MATERIAL_TYPES.map((type) => type.key).join(', ')}.`, {
    type: ['Choose fabric, trim, hardware or branding.'],
  })

function readText(
  value: unknown,
  field: 'name' | 'use' | 'colorway' | 'notes',
  label: string,
  errors: Record<string, string[]>,
) {
  if (value === undefined) return undefined
  const text = typeof value === 'string' ? value.trim() : value === null ? '' : undefined
  if (text === undefined) {
    errors[field] = [`${label} must be text.`]
    return undefined
  }
  if (text.length > MATERIAL_LIMITS[field]) {
    errors[field] = [`${label} must be at most ${MATERIAL_LIMITS[field]} characters.`]
    return undefined
  }
  return text
}

function readStyles(value: unknown): string[] | undefined {
  if (value === undefined) return undefined
  let list: unknown = value
  if (typeof value === 'string') {
    const text = value.trim()
    if (text.startsWith('[')) {
      try {
        list = JSON.parse(text)
      } catch {
        throw new AppError('ValidationError', 'styles: a JSON list or comma-separated style keys.')
      }
    } else list = text === '' ? [] : text.split(',')
  }
  if (!Array.isArray(list) || list.some((key) => typeof key !== 'string' || key.trim() === '' || key.length > 128)) {
    throw new AppError('ValidationError', 'styles: a JSON list or comma-separated style keys.')
  }
  const keys = [...new Set((list as string[]).map((key) => key.trim()))]
  if (keys.length > MATERIAL_LIMITS.styles) {
    throw new AppError('ValidationError', `styles: at most ${MATERIAL_LIMITS.styles} styles.`)
  }
  return keys
}

function readAssets(value: unknown): { front?: string | null; back?: string | null } | undefined {
  if (value === undefined) return undefined
  let object: unknown = value
  if (typeof value === 'string') {
    try {
      object = JSON.parse(value)
    } catch {
      throw new AppError('ValidationError', 'assets: a JSON object with front and back file keys.')
    }
  }
  if (!object || typeof object !== 'object' || Array.isArray(object)) {
    throw new AppError('ValidationError', 'assets: a JSON object with front and back file keys.')
  }
  const out: { front?: string | null; back?: string | null } = {}
  for (const side of ['front', 'back'] as const) {
    const key = (object as Record<string, unknown>)[side]
    if (key === undefined) continue
    if (key !== null && (typeof key !== 'string' || key.length > 128)) {
      throw new AppError('ValidationError', `assets: ${side} is a file key or null.`)
    }
    out[side] = key === '' ? null : (key as string | null)
  }
  return out
}

/** The changer's right on the styles a material is (or will be) on; on the brand for none. */
async function requireChangeOn(deps: ServiceDeps, actor: Actor, brandKey: string, styleKeys: string[]) {
  if (styleKeys.length === 0) {
    requireBrandAbility(actor, 'asset.manage', brandKey)
    return
  }
  for (const key of styleKeys) {
    const access = await requireAbility(deps, actor, 'asset.manage', { model: 'Style', key })
    if (access.brandKey !== brandKey) {
      throw new AppError('ValidationError', 'styles: every style must be a style of the brand.', {
        styles: ['Every style must be a style of this brand.'],
      })
    }
  }
}

/** A file shown on a material: an image of the brand that passed its checks. */
async function requireMaterialFile(deps: ServiceDeps, brandKey: string, side: 'front' | 'back', key: string) {
  const [row] = await deps.db
    .select()
    .from(files)
    .where(and(eq(files.key, key), eq(files.brandKey, brandKey)))
  const message = `Choose a clean image of this brand for the ${side}.`
  if (
    !row ||
    row.status !== 'available' ||
    !(PRODUCT_IMAGE_TYPES as readonly string[]).includes(row.contentType ?? '')
  ) {
    throw new AppError('ValidationError', `assets: ${message}`, { [side]: [message] })
  }
}

interface ParsedInput {
  type?: MaterialTypeKey
  name?: string
  use?: string
  colorway?: string
  notes?: string
  colors?: MaterialColorValue[]
  styles?: string[]
  assets?: { front?: string | null; back?: string | null }
}

function parseInput(input: MaterialInput, creating: boolean): ParsedInput {
  const errors: Record<string, string[]> = {}
  const parsed: ParsedInput = {}
  if (input.type !== undefined || creating) {
    if (isMaterialType(input.type)) parsed.type = input.type
    else errors.type = ['Choose fabric, trim, hardware or branding.']
  }
  parsed.name = readText(input.name, 'name', 'Name', errors)
  if ((creating || input.name !== undefined) && !parsed.name && !errors.name) errors.name = ['Name is required.']
  parsed.use = readText(input.use, 'use', 'Use', errors)
  parsed.colorway = readText(input.colorway, 'colorway', 'Colorway', errors)
  parsed.notes = readText(input.notes, 'notes', 'Notes', errors)
  if (input.colors !== undefined) {
    const colors = readColors(input.colors)
    if (colors.ok) parsed.colors = colors.colors
    else Object.assign(errors, colors.errors)
  }
  if (Object.keys(errors).length > 0) {
    const first = Object.entries(errors)[0]!
    const message = first[1][0]!.startsWith(`${first[0]}:`) ? first[1][0]! : `${first[0]}: ${first[1][0]}`
    throw new AppError('ValidationError', message, errors)
  }
  parsed.styles = readStyles(input.styles)
  parsed.assets = readAssets(input.assets)
  return parsed
}

function brandKeyOf(value: unknown): string {
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]{1,128}$/.test(value.trim())) {
    throw new AppError('ValidationError', 'brand: is required.')
  }
  return value.trim()
}

async function markMaterialsStep(tx: Parameters<typeof markStyleStep>[0], styleKeys: string[]) {
  for (const key of styleKeys) await markStyleStep(tx, key, 'materials', 'inprogress', { onlyIfUnset: true })
}

/** §7 material create: a new material of the brand, on its styles, marking their Materials step. */
export async function createMaterial(deps: ServiceDeps, actor: Actor, input: MaterialInput): Promise<MaterialView> {
  const brandKey = brandKeyOf(input.brand)
  // Outsiders learn nothing, not even what was wrong with their input.
  requireBrandAbility(actor, 'brand.view', brandKey)
  const parsed = parseInput(input, true)
  const styleKeys = parsed.styles ?? []
  await requireChangeOn(deps, actor, brandKey, styleKeys)
  for (const side of ['front', 'back'] as const) {
    const fileKey = parsed.assets?.[side]
    if (fileKey) await requireMaterialFile(deps, brandKey, side, fileKey)
  }
  const key = newKey()
  await deps.db.transaction(async (tx) => {
    await tx.insert(materials).values({
      key,
      brandKey,
      type: parsed.type!,
      name: parsed.name!,
      use: parsed.use ?? '',
      colorway: parsed.colorway ?? '',
      notes: parsed.notes ?? '',
      colors: parsed.colors ?? [],
      frontFileKey: parsed.assets?.front ?? null,
      backFileKey: parsed.assets?.back ?? null,
      createdBy: actor.key,
    })
    if (styleKeys.length) {
      await tx.insert(materialStyles).values(styleKeys.map((styleKey) => ({ materialKey: key, styleKey, brandKey })))
    }
    await markMaterialsStep(tx, styleKeys)
  })
  return getMaterial(deps, actor, key)
}

/** §7 material update: only the fields sent change; its styles and their new ones are marked. */
export async function updateMaterial(
  deps: ServiceDeps,
  actor: Actor,
  key: string,
  input: MaterialInput,
): Promise<MaterialView> {
  const access = await requireAbility(deps, actor, 'brand.view', { model: 'Material', key })
  const brandKey = access.brandKey
  if (input.brand !== undefined && brandKeyOf(input.brand) !== brandKey) {
    throw new AppError('ValidationError', 'brand: a material stays with its brand.')
  }
  const [row] = await deps.db.select().from(materials).where(eq(materials.key, key))
  if (!row) throw notFound('Material')
  const current = (await deps.db.select().from(materialStyles).where(eq(materialStyles.materialKey, key))).map(
    (link) => link.styleKey,
  )
  // Changing needs the right where the material is now, and where it goes.
  await requireChangeOn(deps, actor, brandKey, current)
  const parsed = parseInput(input, false)
  const next = parsed.styles ?? current
  if (parsed.styles) await requireChangeOn(deps, actor, brandKey, parsed.styles)
  for (const side of ['front', 'back'] as const) {
    const fileKey = parsed.assets?.[side]
    if (fileKey) await requireMaterialFile(deps, brandKey, side, fileKey)
  }
  await deps.db.transaction(async (tx) => {
    await tx
      .update(materials)
      .set({
        ...(parsed.type !== undefined && { type: parsed.type }),
        ...(parsed.name !== undefined && { name: parsed.name }),
        ...(parsed.use !== undefined && { use: parsed.use }),
        ...(parsed.colorway !== undefined && { colorway: parsed.colorway }),
        ...(parsed.notes !== undefined && { notes: parsed.notes }),
        ...(parsed.colors !== undefined && { colors: parsed.colors }),
        ...(parsed.assets?.front !== undefined && { frontFileKey: parsed.assets.front }),
        ...(parsed.assets?.back !== undefined && { backFileKey: parsed.assets.back }),
        modified: new Date(),
      })
      .where(and(eq(materials.key, key), eq(materials.brandKey, brandKey)))
    if (parsed.styles) {
      await tx.delete(materialStyles).where(eq(materialStyles.materialKey, key))
      if (next.length) {
        await tx.insert(materialStyles).values(next.map((styleKey) => ({ materialKey: key, styleKey, brandKey })))
      }
    }
    await markMaterialsStep(tx, next)
  })
  return getMaterial(deps, actor, key)
}

// ---------------------------------------------------------------------------------------------
// The Materials step of a style: its cards, the checkmarks and the Media Library.

export interface MaterialCard {
  type: MaterialTypeKey
  count: number
  /** "No additional {title}? Click checkmark" is ticked. */
  checked: boolean
  /** Thumbnails of the newest few, for the card. */
  previews: string[]
}

/** The cards of a style's Materials step, and whether the actor may change them. */
export async function materialCards(
  deps: ServiceDeps,
  actor: Actor,
  styleKey: string,
): Promise<{ cards: MaterialCard[]; mayChange: boolean }> {
  const list = await materialsOfStyle(deps, actor, styleKey)
  const checks = await deps.db.select().from(styleMaterialChecks).where(eq(styleMaterialChecks.styleKey, styleKey))
  const mayChange = await hasAbility(deps, actor, 'asset.manage', { model: 'Style', key: styleKey })
  const cards = MATERIAL_TYPES.map(({ key }) => {
    const ofType = list.filter((material) => material.type === key)
    return {
      type: key,
      count: ofType.length,
      checked: checks.some((check) => check.type === key),
      previews: ofType
        .map((material) => material.assets.front?.urls.thumbnail ?? material.assets.front?.urls.original ?? null)
        .filter((url): url is string => url !== null)
        .slice(0, 3),
    }
  })
  return { cards, mayChange }
}

/** Ticks or clears "No additional {title}? Click checkmark" for one type of a style; a tick marks the step. */
export async function setMaterialTypeChecked(
  deps: ServiceDeps,
  actor: Actor,
  styleKey: string,
  type: unknown,
  checked: boolean,
): Promise<void> {
  const access = await requireAbility(deps, actor, 'asset.manage', { model: 'Style', key: styleKey })
  if (!isMaterialType(type)) throw typeError()
  if (checked) {
    // Saying a type needs nothing more is work on the step, as saving a material is (§4).
    await deps.db.transaction(async (tx) => {
      await tx
        .insert(styleMaterialChecks)
        .values({ styleKey, brandKey: access.brandKey, type, checkedBy: actor.key })
        .onConflictDoNothing()
      await markMaterialsStep(tx, [styleKey])
    })
  } else {
    await deps.db
      .delete(styleMaterialChecks)
      .where(and(eq(styleMaterialChecks.styleKey, styleKey), eq(styleMaterialChecks.type, type)))
  }
}

export interface LibraryImage {
  key: string
  name: string
  thumbnail: string
}

/**
 * The Media Library of a style's Materials step: the brand's clean images (material pictures,
 * product photos and pictures of the asset library), newest first, for those who may add materials to the style.
 */
export async function materialLibrary(deps: ServiceDeps, actor: Actor, styleKey: string): Promise<LibraryImage[]> {
  const access = await requireAbility(deps, actor, 'asset.manage', { model: 'Style', key: styleKey })
  const rows = await deps.db
    .select()
    .from(files)
    .where(
      and(
        eq(files.brandKey, access.brandKey),
        inArray(files.purpose, ['material-image', 'listing-media', 'asset-library']),
        eq(files.status, 'available'),
        inArray(files.contentType, [...PRODUCT_IMAGE_TYPES]),
      ),
    )
    .orderBy(desc(files.created), desc(files.key))
    .limit(MAX_LIBRARY)
  return rows.flatMap((row) => {
    const asset = assetOf(deps, row)
    return asset
      ? [{ key: row.key, name: row.originalName, thumbnail: asset.urls.thumbnail ?? asset.urls.original }]
      : []
  })
}

/** The style a page of the Materials step is about: its name and number, for those who see it. */
export async function materialStyle(deps: ServiceDeps, actor: Actor, styleKey: string) {
  const access = await requireAbility(deps, actor, 'brand.view', { model: 'Style', key: styleKey })
  const [row] = await deps.db
    .select({ key: styles.key, name: styles.name, number: styles.number, brandKey: styles.brandKey })
    .from(styles)
    .where(and(eq(styles.key, styleKey), eq(styles.brandKey, access.brandKey)))
  if (!row) throw notFound('Style')
  return row
}
