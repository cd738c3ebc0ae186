// The atelier's records beside a style's files (atelier.md §3): tech pack and graphics containers
// (brand, style, name, notes), whose files are references with model Techpack or Graphics, and
// patterns (name, notes, asset_type, tags, digitization). Members of the brand read them; owners
// and editors ('asset.manage') create and change them; an outsider learns nothing (NotFound).
import { and, desc, eq } from 'drizzle-orm'
import { graphics, patterns, techpacks } from '#db/schema'
import { AppError, notFound } from '#app/platform/errors'
import { newKey } from '#app/platform/ids'
import { isForbiddenText, withoutBidiControls } from '#app/platform/text-rule'
import { isKey, parseTags } from '#app/features/atelier/references'
import { requireAbility } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import type { Actor } from '#app/platform/access/actor'

type Tx = Parameters<Parameters<ServiceDeps['db']['transaction']>[0]>[0]
type Db = ServiceDeps['db'] | Tx

export const MAX_NAME = 255
export const MAX_NOTES = 5000
const MAX_SHORT = 100

export type ContainerModel = 'Techpack' | 'Graphics'
const TABLES = { Techpack: techpacks, Graphics: graphics } as const
/** The name a container gets when the first file of its step arrives without one. */
export const CONTAINER_NAMES: Record<ContainerModel, string> = { Techpack: 'Tech Pack', Graphics: 'Graphics & prints' }

export interface ContainerView {
  key: string
  KIND: ContainerModel
  brand: string
  style: string
  name: string
  notes: string
  created: number
  modified: number
}

export interface PatternView {
  key: string
  KIND: 'Pattern'
  brand: string
  style: string
  name: string
  notes: string
  asset_type: string | null
  tags: string[]
  digitization: string | null
  created: number
  modified: number
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000)

/** A key from the API: a ValidationError naming the field when it is not one. */
export function keyField(value: unknown, field: string): string {
  if (!isKey(value)) throw new AppError('ValidationError', `${field}: the key of a ${field} is required.`)
  return value
}

/** Optional text: undefined when absent, trimmed, at most `max` characters. */
export function textField(value: unknown, field: string, max: number): string | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string') throw new AppError('ValidationError', `${field}: a text.`)
  const text = value.trim()
  if (text.length > max) throw new AppError('ValidationError', `${field}: at most ${max} characters.`)
  return text
}

/**
 * A name that must not be empty when given. What the text rule refuses is refused here too (line
 * breaks and tabs as well: a name is one line); bidirectional controls are dropped, the rest of
 * the name kept (docs/decisions/165).
 */
export function nameField(value: unknown, field = 'name'): string | undefined {
  const text = textField(value, field, MAX_NAME)
  // eslint-disable-next-line no-control-regex
  if (text && (/[\u0000-\u001f\u007f]/.test(text) || isForbiddenText(text)))
    throw new AppError('ValidationError', `${field}: no control characters.`)
  const name = text === undefined ? undefined : withoutBidiControls(text).trim()
  if (name === '') throw new AppError('ValidationError', `${field}: cannot be empty.`)
  return name
}

/** The `brand` a call names, when it names one, must be the style's. */
export function checkBrand(value: unknown, brandKey: string): void {
  if (value === undefined || value === null || value === '') return
  if (value !== brandKey) throw new AppError('ValidationError', 'brand: the style belongs to another brand.')
}

function containerView(model: ContainerModel, row: typeof techpacks.$inferSelect): ContainerView {
  return {
    key: row.key,
    KIND: model,
    brand: row.brandKey,
    style: row.styleKey,
    name: row.name,
    notes: row.notes,
    created: seconds(row.created),
    modified: seconds(row.modified),
  }
}

export interface ContainerInput {
  brand?: unknown
  style?: unknown
  name?: unknown
  notes?: unknown
}

/** POST /api/techpack, /api/graphics (atelier.md §7): a container of the style. */
export async function createContainer(
  deps: ServiceDeps,
  actor: Actor,
  model: ContainerModel,
  input: ContainerInput,
): Promise<ContainerView> {
  const style = keyField(input.style, 'style')
  const { brandKey } = await requireAbility(deps, actor, 'asset.manage', { model: 'Style', key: style })
  checkBrand(input.brand, brandKey)
  const name = nameField(input.name) ?? CONTAINER_NAMES[model]
  const notes = textField(input.notes, 'notes', MAX_NOTES) ?? ''
  const table = TABLES[model]
  const [row] = await deps.db
    .insert(table)
    .values({ key: newKey(), brandKey, styleKey: style, name, notes })
    .returning()
  return containerView(model, row!)
}

/** GET /api/techpack/query/style, /api/graphics/query/style: newest first. */
export async function containersOfStyle(
  deps: ServiceDeps,
  actor: Actor,
  model: ContainerModel,
  styleValue: unknown,
): Promise<ContainerView[]> {
  const style = keyField(styleValue, 'style')
  await requireAbility(deps, actor, 'brand.view', { model: 'Style', key: style })
  const table = TABLES[model]
  const rows = await deps.db
    .select()
    .from(table)
    .where(eq(table.styleKey, style))
    .orderBy(desc(table.created), desc(table.key))
  return rows.map((row) => containerView(model, row))
}

/**
 * The style's container a new file goes into when the call names none: its oldest, or a new one
 * (the wizard has one tech pack and one graphics container per style). The caller checked access.
 */
export async function styleContainer(
  db: Db,
  model: ContainerModel,
  style: { key: string; brandKey: string },
): Promise<string> {
  const table = TABLES[model]
  const [found] = await db
    .select({ key: table.key })
    .from(table)
    .where(eq(table.styleKey, style.key))
    .orderBy(table.created, table.key)
    .limit(1)
  if (found) return found.key
  const [made] = await db
    .insert(table)
    .values({ key: newKey(), brandKey: style.brandKey, styleKey: style.key, name: CONTAINER_NAMES[model] })
    .returning({ key: table.key })
  return made!.key
}

/** Whether `key` is a container of this model on this style. */
export async function isContainerOf(db: Db, model: ContainerModel, key: string, styleKey: string): Promise<boolean> {
  const table = TABLES[model]
  const [row] = await db
    .select({ key: table.key })
    .from(table)
    .where(and(eq(table.key, key), eq(table.styleKey, styleKey)))
  return Boolean(row)
}

// ---------------------------------------------------------------------------------------------
// Patterns

function patternView(row: typeof patterns.$inferSelect): PatternView {
  return {
    key: row.key,
    KIND: 'Pattern',
    brand: row.brandKey,
    style: row.styleKey,
    name: row.name,
    notes: row.notes,
    asset_type: row.assetType,
    tags: row.tags,
    digitization: row.digitization,
    created: seconds(row.created),
    modified: seconds(row.modified),
  }
}

export interface PatternInput {
  brand?: unknown
  style?: unknown
  name?: unknown
  notes?: unknown
  asset_type?: unknown
  tags?: unknown
  digitization?: unknown
}

function patternFields(input: PatternInput) {
  const tags = input.tags === undefined ? undefined : parseTags(input.tags)
  if (tags && !tags.ok) throw new AppError('ValidationError', tags.message)
  return {
    name: nameField(input.name),
    notes: textField(input.notes, 'notes', MAX_NOTES),
    assetType: input.asset_type === null ? null : textField(input.asset_type, 'asset_type', MAX_SHORT),
    tags: tags?.ok ? tags.tags : undefined,
    digitization: input.digitization === null ? null : textField(input.digitization, 'digitization', MAX_SHORT),
  }
}

/** Pattern create (atelier.md §7): brand, style, name, notes, asset_type; tags, digitization. */
export async function createPattern(deps: ServiceDeps, actor: Actor, input: PatternInput): Promise<PatternView> {
  const style = keyField(input.style, 'style')
  const { brandKey } = await requireAbility(deps, actor, 'asset.manage', { model: 'Style', key: style })
  checkBrand(input.brand, brandKey)
  const fields = patternFields(input)
  if (!fields.name) throw new AppError('ValidationError', 'name: is required.')
  const [row] = await deps.db
    .insert(patterns)
    .values({
      key: newKey(),
      brandKey,
      styleKey: style,
      name: fields.name,
      notes: fields.notes ?? '',
      assetType: fields.assetType ?? null,
      tags: fields.tags ?? [],
      digitization: fields.digitization ?? null,
    })
    .returning()
  return patternView(row!)
}

/** Pattern update: the fields sent change, the others stay. */
export async function updatePattern(
  deps: ServiceDeps,
  actor: Actor,
  keyValue: unknown,
  input: PatternInput,
): Promise<PatternView> {
  const key = keyField(keyValue, 'pattern')
  const { brandKey } = await requireAbility(deps, actor, 'asset.manage', { model: 'Pattern', key })
  checkBrand(input.brand, brandKey)
  if (input.style !== undefined) throw new AppError('ValidationError', 'style: a pattern stays with its style.')
  const fields = patternFields(input)
  const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined))
  const [row] = await deps.db
    .update(patterns)
    .set({ ...changes, modified: new Date() })
    .where(eq(patterns.key, key))
    .returning()
  if (!row) throw notFound('Pattern')
  return patternView(row)
}

export async function getPattern(deps: ServiceDeps, actor: Actor, keyValue: unknown): Promise<PatternView> {
  const key = keyField(keyValue, 'pattern')
  await requireAbility(deps, actor, 'brand.view', { model: 'Pattern', key })
  const [row] = await deps.db.select().from(patterns).where(eq(patterns.key, key))
  if (!row) throw notFound('Pattern')
  return patternView(row)
}

/** GET /api/pattern/query/style: newest first. */
export async function patternsOfStyle(deps: ServiceDeps, actor: Actor, styleValue: unknown): Promise<PatternView[]> {
  const style = keyField(styleValue, 'style')
  await requireAbility(deps, actor, 'brand.view', { model: 'Style', key: style })
  const rows = await deps.db
    .select()
    .from(patterns)
    .where(eq(patterns.styleKey, style))
    .orderBy(desc(patterns.created), desc(patterns.key))
  return rows.map(patternView)
}
