// Lines of a brand (catalogue.md §2 "Lines list", §3 Line, §7 line calls): listing, one line with
// its collections, who holds grants on it, creation (owner) and updates (owner or editor on the
// line, docs/decisions/063). Every function takes the actor first and checks it here.
import { and, asc, count, eq } from 'drizzle-orm'
import { accounts, collections, grants, lines } from '#db/schema'
import { AppError, notFound } from '#app/platform/errors'
import { newKey } from '#app/platform/ids'
import { LineCreateSchema, LineFormSchema, LineUpdateSchema } from '#app/features/catalogue/schemas'
import type { GrantType } from '#app/platform/access/grants'
import { hasAbility, requireAbility, requireBrandAbility } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { parseOrThrow } from '#app/platform/validation.server'
import type { Actor } from '#app/platform/access/actor'

/** Lists of lines and collections answer pages of this many; `cursor` is the offset from 0. */
export const CATALOGUE_PAGE_SIZE = 100

type LineRow = typeof lines.$inferSelect

/** The Line entity (catalogue.md §3). */
export function toLineView(row: LineRow) {
  return {
    key: row.key,
    KIND: 'Line' as const,
    name: row.name,
    description: row.description,
    brand: row.brandKey,
    created: row.created.toISOString(),
    modified: row.modified.toISOString(),
  }
}
export type LineView = ReturnType<typeof toLineView>

export interface Page<T> {
  data: T[]
  /** Where the next page starts (offset), to send back as `cursor`. */
  cursor: number
  more: boolean
}

/** A cursor from a query string or JSON: a whole number from 0 (decision 018). */
export function parseCursor(cursor: unknown): number {
  if (cursor === undefined || cursor === null || cursor === '') return 0
  const value = typeof cursor === 'number' ? cursor : typeof cursor === 'string' ? Number(cursor) : Number.NaN
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new AppError('ValidationError', 'cursor: must be a whole number from 0.')
  }
  return value
}

/** GET /api/line/query/brand?brand=&cursor= : the brand's lines, oldest first (creation order). */
export async function listLinesPage(
  deps: ServiceDeps,
  actor: Actor,
  brandKey: string,
  cursor?: unknown,
): Promise<Page<LineView>> {
  requireBrandAbility(actor, 'brand.view', brandKey)
  const offset = parseCursor(cursor)
  const rows = await deps.db
    .select()
    .from(lines)
    .where(eq(lines.brandKey, brandKey))
    .orderBy(asc(lines.created), asc(lines.key))
    .limit(CATALOGUE_PAGE_SIZE + 1)
    .offset(offset)
  const more = rows.length > CATALOGUE_PAGE_SIZE
  const page = rows.slice(0, CATALOGUE_PAGE_SIZE).map(toLineView)
  return { data: page, cursor: offset + page.length, more }
}

export type LineSummary = LineView & { collections: number }

/** Every line of the brand with its number of collections, for the Lines page. */
export async function listLinesWithCounts(deps: ServiceDeps, actor: Actor, brandKey: string): Promise<LineSummary[]> {
  requireBrandAbility(actor, 'brand.view', brandKey)
  const rows = await deps.db
    .select({ line: lines, collections: count(collections.key) })
    .from(lines)
    .leftJoin(collections, and(eq(collections.lineKey, lines.key), eq(collections.brandKey, brandKey)))
    .where(eq(lines.brandKey, brandKey))
    .groupBy(lines.key)
    .orderBy(asc(lines.created), asc(lines.key))
  return rows.map((row) => ({ ...toLineView(row.line), collections: row.collections }))
}

/** One line of the brand in the URL; a line of another brand is not found there. */
export async function getLine(deps: ServiceDeps, actor: Actor, lineKey: string, brandKey?: string): Promise<LineView> {
  const access = await requireAbility(deps, actor, 'brand.view', { model: 'Line', key: lineKey })
  if (brandKey !== undefined && access.brandKey !== brandKey) throw notFound('Line')
  const [row] = await deps.db.select().from(lines).where(eq(lines.key, lineKey)).limit(1)
  if (!row) throw notFound('Line')
  return toLineView(row)
}

/** Whether the actor may edit the line (the page shows its Edit action only then). */
export function mayEditLine(deps: ServiceDeps, actor: Actor, lineKey: string): Promise<boolean> {
  return hasAbility(deps, actor, 'line.edit', { model: 'Line', key: lineKey })
}

/** POST /api/line/model/ and the Create a line form: owner of the brand only. */
export async function createLine(deps: ServiceDeps, actor: Actor, input: unknown): Promise<LineView> {
  const { name, description, brand } = parseOrThrow(LineCreateSchema, input)
  requireBrandAbility(actor, 'line.create', brand)
  const [row] = await deps.db
    .insert(lines)
    .values({ key: newKey(), brandKey: brand, name, description: description ?? '' })
    .returning()
  return toLineView(row!)
}

/** The Create a line page: the brand comes from its URL. */
export function createLineInBrand(deps: ServiceDeps, actor: Actor, brandKey: string, input: unknown) {
  const { name, description } = parseOrThrow(LineFormSchema, input)
  return createLine(deps, actor, { name, description, brand: brandKey })
}

/** PUT /api/line/model/{key} and the line's edit form: owner or editor on the line. */
export async function updateLine(deps: ServiceDeps, actor: Actor, lineKey: string, input: unknown): Promise<LineView> {
  const access = await requireAbility(deps, actor, 'line.edit', { model: 'Line', key: lineKey })
  const changes = parseOrThrow(LineUpdateSchema, input)
  // A line never moves to another brand; a brand sent along must be its own.
  if (changes.brand !== undefined && changes.brand !== access.brandKey) {
    throw new AppError('ValidationError', 'brand: does not match the line.')
  }
  if (changes.name === undefined && changes.description === undefined) {
    throw new AppError('ValidationError', 'name: send a name or a description to update.')
  }
  const [row] = await deps.db
    .update(lines)
    .set({
      ...(changes.name !== undefined && { name: changes.name }),
      ...(changes.description !== undefined && { description: changes.description }),
      modified: new Date(),
    })
    .where(and(eq(lines.key, lineKey), eq(lines.brandKey, access.brandKey)))
    .returning()
  if (!row) throw notFound('Line')
  return toLineView(row)
}

export interface LineGrantHolder {
  key: string
  name: string
  email: string
  type: GrantType
}

/**
 * The Access row action: who holds a grant on the line itself (team grants are written per
 * member, so line teams show here too). Members of the brand see every line besides.
 */
export async function listLineGrantHolders(
  deps: ServiceDeps,
  actor: Actor,
  brandKey: string,
  lineKey: string,
): Promise<LineGrantHolder[]> {
  await getLine(deps, actor, lineKey, brandKey)
  requireBrandAbility(actor, 'team.view', brandKey)
  const rows = await deps.db
    .selectDistinct({ key: accounts.key, name: accounts.name, email: accounts.email, type: grants.type })
    .from(grants)
    .innerJoin(accounts, eq(accounts.key, grants.accountKey))
    .where(
      and(
        eq(grants.brandKey, brandKey),
        eq(grants.model, 'Line'),
        eq(grants.modelId, lineKey),
        eq(accounts.active, true),
      ),
    )
    .orderBy(asc(accounts.name), asc(accounts.key))
  return rows.map((row) => ({ ...row, type: row.type as GrantType }))
}
