// Changing materials: create, update, their colours and images per side, delete; saving marks the
// Materials step of its styles in progress (§4).
import {
  MATERIAL_LIMITS,
  isMaterialType,
  readColors,
  type MaterialColorValue,
  type MaterialTypeKey,
} from '#app/features/atelier/materials'
import { PRODUCT_IMAGE_TYPES } from '#app/features/files'
import { requireAbility, requireBrandAbility } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { AppError, notFound } from '#app/platform/errors'
import { newKey } from '#app/platform/ids'
import { nameRefusal } from '#app/platform/name-rule'
import { files, materialStyles, materials } from '#db/schema'
import { and, eq } from 'drizzle-orm'
import { getMaterial, type MaterialInput, type MaterialView } from './material-reading.server'
import { markStyleStep } from './style-steps.server'
import type { Actor } from '#app/platform/access/actor'

/** The start of a refused material name's message; what was refused follows. */
export const INVALID_MATERIAL_NAME = 'Invalid Name.'

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
  parsed.name = readText(input.name, 'name', 'Name', errors)?.normalize('NFC')
  if ((creating || input.name !== undefined) && !parsed.name && !errors.name) errors.name = ['Name is required.']
  // Names as brands write them (docs/decisions/175).
  const refusal = parsed.name ? nameRefusal(parsed.name) : null
  if (refusal) errors.name = [`${INVALID_MATERIAL_NAME} ${refusal}`]
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

export async function markMaterialsStep(tx: Parameters<typeof markStyleStep>[0], styleKeys: string[]) {
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
