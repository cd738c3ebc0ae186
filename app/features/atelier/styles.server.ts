// Styles in the virtual atelier (atelier.md §3 Style, §4 Style progress, §7 style calls): the Style
// entity with its first listing, step statuses and tags; changing them; the progress of a page of
// styles in one query; and what the style summary and the wizard read. Reading needs any grant on
// the style (`listing.view`); changing needs owner or editor (`asset.manage`); no grant at all reads
// as not found (docs/decisions/007, 115).
import { and, asc, eq, inArray } from 'drizzle-orm'
import { categories, collections, lines, listings, styles } from '#db/schema'
import { AppError, notFound } from '#app/platform/errors'
import {
  STYLE_STEPS,
  completeStepCount,
  stepColumn,
  storedStepStatus,
  styleProgress,
  type StepStatus,
  type StyleProgress,
  type StyleStep,
  type StyleStepColumn,
} from '#app/features/atelier/style-steps'
import { shownSampleRows } from './sample-rows.server'
import { hasAbility, requireAbility, requireBrandAbility } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { listingImages, type ListingImage } from '#app/features/media/index.server'
import type { Actor } from '#app/platform/access/actor'
import { newestOfEachSeries } from './sample-series'

const styleRef = (key: string) => ({ model: 'Style', key })

type StyleRow = typeof styles.$inferSelect
type ListingRow = typeof listings.$inferSelect

/** The first listing of a style as §3 nests it in the Style: the look the style is shown by. */
export interface StyleListing {
  key: string
  style_name: string
  category_names: string[]
  color: ListingRow['color']
  look_number: number | null
  size: ListingRow['size']
  materials: string | null
  status: string
  addition: boolean
}

async function loadStyle(deps: ServiceDeps, actor: Actor, key: string, brandKey?: string) {
  await requireAbility(deps, actor, 'listing.view', styleRef(key))
  const [row] = await deps.db
    .select({ style: styles, collectionName: collections.name, lineKey: lines.key, lineName: lines.name })
    .from(styles)
    .leftJoin(collections, eq(collections.key, styles.collectionKey))
    .leftJoin(lines, eq(lines.key, collections.lineKey))
    .where(eq(styles.key, key))
    .limit(1)
  // A style asked for under another brand's address is not that brand's: not found.
  if (!row || (brandKey !== undefined && row.style.brandKey !== brandKey)) throw notFound('Style')
  return row
}

/** The style's listings, first look first (look number, then name), as the summary shows them. */
async function styleListings(deps: ServiceDeps, style: StyleRow): Promise<ListingRow[]> {
  return deps.db
    .select()
    .from(listings)
    .where(and(eq(listings.brandKey, style.brandKey), eq(listings.styleKey, style.key)))
    .orderBy(asc(listings.lookNumber), asc(listings.styleName), asc(listings.key))
}

async function categoryNames(deps: ServiceDeps, brandKey: string, keys: string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map()
  const rows = await deps.db
    .select({ key: categories.key, name: categories.name })
    .from(categories)
    .where(and(eq(categories.brandKey, brandKey), inArray(categories.key, keys)))
  return new Map(rows.map((row) => [row.key, row.name]))
}

function toStyleListing(row: ListingRow, names: Map<string, string>): StyleListing {
  return {
    key: row.key,
    style_name: row.styleName,
    category_names: row.categories.map((key) => names.get(key)).filter((name): name is string => !!name),
    color: row.color,
    look_number: row.lookNumber,
    size: row.size,
    materials: row.materials,
    status: row.status,
    addition: row.addition,
  }
}

function stepFields(style: StyleRow) {
  return {
    status_techpack: style.statusTechpack,
    status_patterns: style.statusPatterns,
    status_materials: style.statusMaterials,
    status_graphics: style.statusGraphics,
    status_references: style.statusReferences,
    status_final: style.statusFinal,
  }
}

async function toStyleView(deps: ServiceDeps, row: Awaited<ReturnType<typeof loadStyle>>, first?: ListingRow) {
  const { style } = row
  const listing = first ?? (await styleListings(deps, style))[0]
  const names = listing ? await categoryNames(deps, style.brandKey, listing.categories) : new Map<string, string>()
  return {
    key: style.key,
    KIND: 'Style' as const,
    brand: style.brandKey,
    name: style.name,
    number: style.number,
    listing: listing ? toStyleListing(listing, names) : null,
    status: style.status,
    ...stepFields(style),
    tags: style.tags,
    /** §4: how many of the six steps count as complete. */
    progress: { complete: completeStepCount(style), total: STYLE_STEPS.length },
    collection: style.collectionKey,
    collection_name: row.collectionName,
    line: row.lineKey,
    line_name: row.lineName,
    created: style.created.toISOString(),
    modified: style.modified.toISOString(),
  }
}
export type StyleView = Awaited<ReturnType<typeof toStyleView>>

/** GET /api/style/model/{id}: the Style of §3. */
export async function getStyle(deps: ServiceDeps, actor: Actor, key: string, brandKey?: string): Promise<StyleView> {
  return toStyleView(deps, await loadStyle(deps, actor, key, brandKey))
}

const MAX_TAGS = 20
const MAX_TAG_LENGTH = 40
const MAX_STATUS_LENGTH = 40
const invalid = (message: string) => new AppError('ValidationError', message)

/** The changes a PUT body asks for, checked; a ValidationError names the first bad field. */
function parseStyleChanges(input: unknown): Partial<Pick<StyleRow, 'status' | 'tags' | StyleStepColumn>> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw invalid('Send the changes as an object: status, status_{step} or tags.')
  }
  const body = input as Record<string, unknown>
  const changes: Partial<Pick<StyleRow, 'status' | 'tags' | StyleStepColumn>> = {}
  if (body.status !== undefined) {
    const status = typeof body.status === 'string' ? body.status.trim() : ''
    if (!status || status.length > MAX_STATUS_LENGTH) {
      throw invalid(`status: must be a word of 1 to ${MAX_STATUS_LENGTH} characters.`)
    }
    changes.status = status
  }
  for (const step of STYLE_STEPS) {
    const field = `status_${step.key}`
    if (body[field] === undefined) continue
    const stored = storedStepStatus(body[field])
    if (stored === undefined) {
      throw invalid(`${field}: must be true, false, inprogress, completed or notapplicable.`)
    }
    changes[step.column] = stored
  }
  if (body.tags !== undefined) changes.tags = parseTags(body.tags)
  if (Object.keys(changes).length === 0) {
    throw invalid('Nothing to change: send status, status_{step} (e.g. status_patterns) or tags.')
  }
  return changes
}

/** Tags as a list or comma-joined; trimmed, without repeats. */
function parseTags(value: unknown): string[] {
  const list = typeof value === 'string' ? value.split(',') : value
  if (!Array.isArray(list) || list.some((tag) => typeof tag !== 'string')) {
    throw invalid('tags: must be a list of words.')
  }
  const tags = [...new Set((list as string[]).map((tag) => tag.trim()).filter(Boolean))]
  if (tags.length > MAX_TAGS) throw invalid(`tags: at most ${MAX_TAGS}.`)
  if (tags.some((tag) => tag.length > MAX_TAG_LENGTH)) throw invalid(`tags: each at most ${MAX_TAG_LENGTH} characters.`)
  return tags
}

/**
 * PUT /api/style/model/{id}: the style's status, its step statuses and tags. `brand`, when sent,
 * must be the style's own (another brand's address reads as not found). Answers the Style as it
 * now is, so a client refreshes its copy from the answer.
 */
export async function updateStyle(deps: ServiceDeps, actor: Actor, key: string, input: unknown): Promise<StyleView> {
  const body = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>
  const brandKey = typeof body.brand === 'string' && body.brand.trim() ? body.brand.trim() : undefined
  await requireAbility(deps, actor, 'asset.manage', styleRef(key))
  await loadStyle(deps, actor, key, brandKey)
  const changes = parseStyleChanges(input)
  await deps.db
    .update(styles)
    .set({ ...changes, modified: new Date() })
    .where(eq(styles.key, key))
  return getStyle(deps, actor, key)
}

/**
 * The wizard's Not applicable switch: on, the step is 'notapplicable'; off, the step is not started
 * again (its next upload marks it, docs/decisions/115). Only a step marked Not applicable is
 * cleared, so switching off never undoes work recorded since.
 */
export async function setStepNotApplicable(
  deps: ServiceDeps,
  actor: Actor,
  brandKey: string,
  key: string,
  step: StyleStep,
  on: boolean,
): Promise<void> {
  await requireAbility(deps, actor, 'asset.manage', styleRef(key))
  const { style } = await loadStyle(deps, actor, key, brandKey)
  const column = stepColumn(step)
  if (!on && style[column] !== 'notapplicable') return
  const value: StepStatus | null = on ? 'notapplicable' : null
  await deps.db
    .update(styles)
    .set({ [column]: value, modified: new Date() })
    .where(eq(styles.key, key))
}

export interface StyleCount {
  complete: number
  total: number
}

/**
 * The progress of the styles a page lists, in one query for all of them (the atelier list shows a
 * page of listings; each names its style). Styles of other brands are simply not among the answer.
 */
export async function progressOfStyles(
  deps: ServiceDeps,
  actor: Actor,
  brandKey: string,
  keys: readonly (string | null)[],
): Promise<Record<string, StyleCount>> {
  requireBrandAbility(actor, 'listing.view', brandKey)
  const wanted = [...new Set(keys.filter((key): key is string => !!key))]
  if (wanted.length === 0) return {}
  const rows = await deps.db
    .select({
      key: styles.key,
      statusTechpack: styles.statusTechpack,
      statusPatterns: styles.statusPatterns,
      statusMaterials: styles.statusMaterials,
      statusGraphics: styles.statusGraphics,
      statusReferences: styles.statusReferences,
      statusFinal: styles.statusFinal,
    })
    .from(styles)
    .where(and(eq(styles.brandKey, brandKey), inArray(styles.key, wanted)))
  return Object.fromEntries(
    rows.map((row) => [row.key, { complete: completeStepCount(row), total: STYLE_STEPS.length }]),
  )
}

/** A listing as the summary's slideshow shows it: its photos' thumbnails, its colour and look. */
export interface ListingSlide {
  key: string
  name: string
  colour: string | null
  look: number | null
  images: ListingImage[]
}

/**
 * A virtual sample as the summary's slideshow shows it: a reference of the style with asset type
 * 'virtual-sample' whose file is available, newest first (decision 134), each by its newest version.
 */
export interface SampleSlide {
  key: string
  name: string
  thumbnail: string | null
  status: string
}

async function sampleSlides(deps: ServiceDeps, styleKey: string): Promise<SampleSlide[]> {
  const rows = await shownSampleRows(deps, [styleKey])
  // Each series once, by its newest version (decision 139).
  return newestOfEachSeries(rows).map((row) => ({
    key: row.key,
    name: row.name,
    thumbnail: row.thumb ? deps.blobs.signedUrl(row.thumb) : null,
    status: row.status ?? 'In Progress',
  }))
}

/** Where the wizard and the summary stand for this actor: the style, its steps, who may change. */
async function styleHeader(deps: ServiceDeps, actor: Actor, brandKey: string, key: string) {
  const row = await loadStyle(deps, actor, key, brandKey)
  const canEdit = await hasAbility(deps, actor, 'asset.manage', styleRef(key))
  return {
    style: { key: row.style.key, name: row.style.name, number: row.style.number, status: row.style.status },
    progress: styleProgress(row.style) as StyleProgress,
    canEdit,
    row,
  }
}

/** The wizard's frame: the style's name and number, the six steps with their state. */
export async function getWizardStyle(deps: ServiceDeps, actor: Actor, brandKey: string, key: string) {
  const { style, progress, canEdit } = await styleHeader(deps, actor, brandKey, key)
  return { style, progress, canEdit }
}

/** The style summary: the Style, slideshows of its listings and samples, its progress per step. */
export async function getStyleSummary(deps: ServiceDeps, actor: Actor, brandKey: string, key: string) {
  const { style, progress, canEdit, row } = await styleHeader(deps, actor, brandKey, key)
  const rows = await styleListings(deps, row.style)
  const listingsShown: ListingSlide[] = rows.map((listing) => ({
    key: listing.key,
    name: listing.styleName,
    colour: listing.color.name ?? listing.color.code ?? null,
    look: listing.lookNumber,
    images: listingImages(deps, listing.media),
  }))
  const samples = await sampleSlides(deps, row.style.key)
  return {
    style: { ...style, collection_name: row.collectionName, line_name: row.lineName, tags: row.style.tags },
    progress,
    canEdit,
    listings: listingsShown,
    samples,
    /** The first step not yet complete: where a designer's summary sends them next. */
    nextOpenStep: progress.steps.find((step) => !step.complete)?.key ?? null,
  }
}
