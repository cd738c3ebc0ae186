// Collections of a brand (catalogue.md §2 "Collections", §3 Collection, §7 collection calls):
// lists by brand and by line, the page's grouping under line headings, creation (owner of the
// brand, or of the line it goes into) and updates (owner or editor, docs/decisions/063).
import { and, asc, desc, eq } from 'drizzle-orm'
import { collections, lines } from '#db/schema'
import { AppError, notFound } from '#app/platform/errors'
import { newKey } from '#app/platform/ids'
import { CollectionCreateSchema, CollectionFormSchema, CollectionUpdateSchema } from '#app/features/catalogue/schemas'
import { can } from '#app/platform/access/abilities'
import { requireAbility, requireBrandAbility } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { CATALOGUE_PAGE_SIZE, getLine, parseCursor, type Page } from './lines.server'
import { parseOrThrow } from '#app/platform/validation.server'
import type { Actor } from '#app/platform/access/actor'

type CollectionRow = typeof collections.$inferSelect

/** The Collection entity (catalogue.md §3). */
export function toCollectionView(row: CollectionRow) {
  return {
    key: row.key,
    KIND: 'Collection' as const,
    name: row.name,
    season: row.season,
    year: row.year,
    brand: row.brandKey,
    line: row.lineKey,
    created: row.created.toISOString(),
    modified: row.modified.toISOString(),
  }
}
export type CollectionView = ReturnType<typeof toCollectionView>

// Newest season first: the year, then when the collection was made.
const NEWEST = [desc(collections.year), desc(collections.created), asc(collections.key)] as const

/** GET /api/collection/query/brand?brand=&cursor= */
export async function listCollectionsPage(
  deps: ServiceDeps,
  actor: Actor,
  brandKey: string,
  cursor?: unknown,
): Promise<Page<CollectionView>> {
  requireBrandAbility(actor, 'brand.view', brandKey)
  const offset = parseCursor(cursor)
  const rows = await deps.db
    .select()
    .from(collections)
    .where(eq(collections.brandKey, brandKey))
    .orderBy(...NEWEST)
    .limit(CATALOGUE_PAGE_SIZE + 1)
    .offset(offset)
  const more = rows.length > CATALOGUE_PAGE_SIZE
  const page = rows.slice(0, CATALOGUE_PAGE_SIZE).map(toCollectionView)
  return { data: page, cursor: offset + page.length, more }
}

/** GET /api/collection/query/line?line= and the line's collections page: every collection of one line. */
export async function listLineCollections(
  deps: ServiceDeps,
  actor: Actor,
  lineKey: string,
  brandKey?: string,
): Promise<CollectionView[]> {
  const line = await getLine(deps, actor, lineKey, brandKey)
  const rows = await deps.db
    .select()
    .from(collections)
    .where(and(eq(collections.brandKey, line.brand), eq(collections.lineKey, lineKey)))
    .orderBy(...NEWEST)
  return rows.map(toCollectionView)
}

export interface CollectionGroup {
  /** null: the collections without a line. */
  line: { key: string; name: string } | null
  collections: CollectionView[]
}

/**
 * The Collections page: every collection of the brand under its line's heading, lines in creation
 * order, then the collections without a line under their own heading. Lines without collections
 * are left out (the Lines page lists them).
 */
export async function listCollectionGroups(
  deps: ServiceDeps,
  actor: Actor,
  brandKey: string,
): Promise<CollectionGroup[]> {
  requireBrandAbility(actor, 'brand.view', brandKey)
  const rows = await deps.db
    .select({ collection: collections, lineName: lines.name, lineCreated: lines.created })
    .from(collections)
    .leftJoin(lines, and(eq(lines.key, collections.lineKey), eq(lines.brandKey, brandKey)))
    .where(eq(collections.brandKey, brandKey))
    .orderBy(asc(lines.created), asc(lines.key), ...NEWEST)
  const groups = new Map<string, CollectionGroup>()
  for (const row of rows) {
    const lineKey = row.lineName === null ? null : row.collection.lineKey
    const id = lineKey ?? ''
    let group = groups.get(id)
    if (!group) {
      group = { line: lineKey ? { key: lineKey, name: row.lineName! } : null, collections: [] }
      groups.set(id, group)
    }
    group.collections.push(toCollectionView(row.collection))
  }
  // Postgres sorts the null line (no line) last in ascending order already; keep it explicit.
  return [...groups.values()].sort((a, b) => Number(a.line === null) - Number(b.line === null))
}

/** One collection of the brand in the URL. */
export async function getCollection(
  deps: ServiceDeps,
  actor: Actor,
  collectionKey: string,
  brandKey?: string,
): Promise<CollectionView> {
  const access = await requireAbility(deps, actor, 'brand.view', { model: 'Collection', key: collectionKey })
  if (brandKey !== undefined && access.brandKey !== brandKey) throw notFound('Collection')
  const [row] = await deps.db.select().from(collections).where(eq(collections.key, collectionKey)).limit(1)
  if (!row) throw notFound('Collection')
  return toCollectionView(row)
}

/** A line named by a form or payload must be one of the brand's (otherwise a field error). */
async function requireLineOfBrand(deps: ServiceDeps, brandKey: string, lineKey: string): Promise<void> {
  const [row] = await deps.db
    .select({ key: lines.key })
    .from(lines)
    .where(and(eq(lines.key, lineKey), eq(lines.brandKey, brandKey)))
    .limit(1)
  if (!row)
    throw new AppError('ValidationError', 'line: no such line in this brand.', {
      line: ['Choose a line of this brand.'],
    })
}

/**
 * POST /api/collection/model/ and Create New Collection: an owner of the brand, or of the line the
 * collection goes into (an owner grant on a line reaches down to its collections).
 */
export async function createCollection(deps: ServiceDeps, actor: Actor, input: unknown): Promise<CollectionView> {
  const { brand, line, name, season, year } = parseOrThrow(CollectionCreateSchema, input)
  // An outsider learns nothing about the brand's lines: not found before any field check.
  requireBrandAbility(actor, 'brand.view', brand)
  if (line) {
    await requireLineOfBrand(deps, brand, line)
    await requireAbility(deps, actor, 'line.create', { model: 'Line', key: line })
  } else {
    requireBrandAbility(actor, 'line.create', brand)
  }
  const [row] = await deps.db
    .insert(collections)
    .values({ key: newKey(), brandKey: brand, lineKey: line ?? null, name, season, year })
    .returning()
  return toCollectionView(row!)
}

/** The Create New Collection page: the brand comes from its URL, the line from the form or the page. */
export function createCollectionInBrand(deps: ServiceDeps, actor: Actor, brandKey: string, input: unknown) {
  const form = parseOrThrow(CollectionFormSchema, input)
  return createCollection(deps, actor, { ...form, brand: brandKey })
}

/** PUT /api/collection/model/{key} and the collection's edit form: owner or editor on it. */
export async function updateCollection(
  deps: ServiceDeps,
  actor: Actor,
  collectionKey: string,
  input: unknown,
): Promise<CollectionView> {
  const access = await requireAbility(deps, actor, 'line.edit', { model: 'Collection', key: collectionKey })
  const changes = parseOrThrow(CollectionUpdateSchema, input)
  if (changes.brand !== undefined && changes.brand !== access.brandKey) {
    throw new AppError('ValidationError', 'brand: does not match the collection.')
  }
  const fields = (['name', 'season', 'year', 'line'] as const).filter((field) => changes[field] !== undefined)
  if (fields.length === 0) throw new AppError('ValidationError', 'name: send a field to update.')
  const lineKey = changes.line === undefined ? undefined : changes.line || null
  if (lineKey) {
    await requireLineOfBrand(deps, access.brandKey, lineKey)
    // Moving into a line is editing that line's contents too.
    await requireAbility(deps, actor, 'line.edit', { model: 'Line', key: lineKey })
  }
  const [row] = await deps.db
    .update(collections)
    .set({
      ...(changes.name !== undefined && { name: changes.name }),
      ...(changes.season !== undefined && { season: changes.season }),
      ...(changes.year !== undefined && { year: changes.year }),
      ...(lineKey !== undefined && { lineKey }),
      modified: new Date(),
    })
    .where(and(eq(collections.key, collectionKey), eq(collections.brandKey, access.brandKey)))
    .returning()
  if (!row) throw notFound('Collection')
  return toCollectionView(row)
}

/** Whether the actor may edit the brand's collections (the lists show Edit only then). */
export function mayEditCollections(actor: Actor, brandKey: string): boolean {
  return can(actor.grants, 'line.edit', brandKey)
}

/** Where a collection is shown: its line's collections, or the brand's for one without a line. */
/**
 * The page of one collection: its products (the products list filtered to it, where its upload and
 * media upload are). Where the create form lands and `/collection/{key}` leads (catalogue.md §2).
 */
export function collectionPage(collection: Pick<CollectionView, 'brand' | 'key'>): string {
  return `/brand/${collection.brand}/products?collections=${collection.key}`
}

export function collectionHome(collection: Pick<CollectionView, 'brand' | 'line'>): string {
  return collection.line
    ? `/brand/${collection.brand}/line/${collection.line}/collections`
    : `/brand/${collection.brand}/collections`
}
