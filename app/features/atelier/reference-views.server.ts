// Reading a style's files and folders: the reference as the API and the pages show it, one
// reference, a step's list, the breadcrumb's folders and the files still being checked.
import {
  FINAL_TAG,
  GRAPHIC_KINDS,
  assetProgress,
  isReferenceModel,
  joinPath,
  parsePath,
  type FileStep,
  type ReferenceModel,
} from '#app/features/atelier/references'
import { SCAN_MESSAGES } from '#app/features/files'
import { requireAbility } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { AppError, notFound } from '#app/platform/errors'
import { files, references } from '#db/schema'
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm'
import { keyField } from './atelier-records.server'
import type { ReferenceView, UnsettledReference } from './views'
import type { Actor } from '#app/platform/access/actor'
export type { ReferenceView, UnsettledReference } from './views'

export type Tx = Parameters<Parameters<ServiceDeps['db']['transaction']>[0]>[0]
export type Db = ServiceDeps['db'] | Tx
export type ReferenceRow = typeof references.$inferSelect
export type FileRow = typeof files.$inferSelect

export const MAX_ASSET_TYPE = 100
/** The steps a file reference can be listed under (materials has its own records). */
const FILE_STEPS: readonly FileStep[] = ['techpack', 'patterns', 'graphics', 'references', 'final']

const seconds = (date: Date) => Math.floor(date.getTime() / 1000)

export function toReferenceView(
  deps: Pick<ServiceDeps, 'blobs'>,
  row: ReferenceRow,
  file: FileRow | null,
): ReferenceView {
  const folder = row.type === 'folder'
  const progress = folder ? null : assetProgress(file?.status)
  const available = progress === 1 && file?.originalKey
  const assets = available
    ? {
        original: deps.blobs.signedUrl(file.originalKey!),
        thumbnail: file.thumbnailKey ? deps.blobs.signedUrl(file.thumbnailKey) : null,
        web: file.webKey ? deps.blobs.signedUrl(file.webKey) : null,
      }
    : null
  return {
    key: row.key,
    KIND: 'Reference',
    name: row.name,
    type: row.type,
    brand: row.brandKey,
    model: row.model as ReferenceModel,
    model_id: row.modelKey,
    style: row.styleKey,
    notes: row.notes,
    tags: row.tags,
    position: row.position,
    path: joinPath(row.path),
    pathname: row.pathname,
    step: row.step,
    kind: row.kind,
    asset_type: row.assetType,
    archived: row.archived,
    file: row.fileKey,
    status: progress,
    progress,
    download: assets?.original ?? null,
    assets,
    content_type: folder ? null : (file?.contentType ?? null),
    size: folder ? null : (file?.size ?? null),
    width: file?.width ?? null,
    height: file?.height ?? null,
    created: seconds(row.created),
    modified: seconds(row.modified),
  }
}

/** Folders always; files only once their upload is available (never a quarantined one). */
const visible = sql`(${references.type} = 'folder' or ${files.status} = 'available')`

/** A reference and its file; NotFound for an unknown key or a quarantined file. */
export async function loadReference(db: Db, key: string): Promise<{ row: ReferenceRow; file: FileRow | null }> {
  const [found] = await db
    .select()
    .from(references)
    .leftJoin(files, eq(files.key, references.fileKey))
    .where(eq(references.key, key))
  if (!found) throw notFound('Reference')
  return { row: found.references, file: found.files }
}

export function referenceKey(value: unknown): string {
  return keyField(value, 'reference')
}

/** GET /api/reference/model/{id}: a folder, or a file not refused by the scan (progress 0 while checked). */
export async function getReference(deps: ServiceDeps, actor: Actor, keyValue: unknown): Promise<ReferenceView> {
  const key = referenceKey(keyValue)
  await requireAbility(deps, actor, 'brand.view', { model: 'Reference', key })
  const { row, file } = await loadReference(deps.db, key)
  if (row.type !== 'folder' && assetProgress(file?.status) === -1) throw notFound('Reference')
  return toReferenceView(deps, row, file)
}

export interface ReferenceQuery {
  /** Only this step's references (techpack, patterns, graphics, references, final). */
  step?: unknown
  /** Graphics only: graphic or print. */
  kind?: unknown
  /**
   * Only those directly in this folder path (comma-joined keys; '' is the top level). Absent: all,
   * whatever folder they are in.
   */
  path?: unknown
  /** 'final': tagged final (Final Files, whatever their step); 'none': unfiled. */
  tags?: unknown
  /** true: archived ones too. */
  archived?: unknown
}

function queryFilters(query: ReferenceQuery): SQL[] {
  const filters: SQL[] = []
  if (query.step !== undefined) {
    if (!FILE_STEPS.includes(query.step as FileStep)) {
      throw new AppError('ValidationError', `step: one of ${FILE_STEPS.join(', ')}.`)
    }
    filters.push(eq(references.step, query.step as string))
  }
  if (query.kind !== undefined) {
    if (!(GRAPHIC_KINDS as readonly unknown[]).includes(query.kind)) {
      throw new AppError('ValidationError', `kind: one of ${GRAPHIC_KINDS.join(', ')}.`)
    }
    filters.push(eq(references.kind, query.kind as string))
  }
  if (query.path !== undefined) {
    const parsed = parsePath(query.path)
    if (!parsed.ok) throw new AppError('ValidationError', parsed.message)
    filters.push(sql`${references.path} = ${toPgArray(parsed.path)}`)
  }
  if (query.tags !== undefined) {
    if (query.tags === FINAL_TAG) filters.push(sql`${references.tags} @> ${JSON.stringify([FINAL_TAG])}::jsonb`)
    else if (query.tags === 'none') filters.push(sql`${references.tags} = '[]'::jsonb`)
    else throw new AppError('ValidationError', 'tags: "final" or "none".')
  }
  const archived = query.archived === true || query.archived === 'true'
  if (query.archived !== undefined && !archived && query.archived !== false && query.archived !== 'false') {
    throw new AppError('ValidationError', 'archived: true or false.')
  }
  if (!archived) filters.push(eq(references.archived, false))
  return filters
}

/** A text[] literal for comparisons (drizzle sends a JS array as a record otherwise). */
export function toPgArray(keys: readonly string[]): SQL {
  return keys.length === 0
    ? sql`'{}'::text[]`
    : sql`array[${sql.join(
        keys.map((key) => sql`${key}`),
        sql`, `,
      )}]::text[]`
}

/**
 * Folders first; then placed references by position, unplaced ones after them newest created
 * first (atelier.md §2 "sorted by newest created first"; docs/decisions/112).
 */
const LIST_ORDER = [
  sql`(${references.type} = 'folder') desc`,
  sql`(${references.position} = 0) asc`,
  asc(references.position),
  desc(references.created),
  desc(references.key),
]

async function listWhere(deps: ServiceDeps, where: SQL[]): Promise<ReferenceView[]> {
  const rows = await deps.db
    .select()
    .from(references)
    .leftJoin(files, eq(files.key, references.fileKey))
    .where(and(visible, ...where))
    .orderBy(...LIST_ORDER)
  return rows.map((found) => toReferenceView(deps, found.references, found.files))
}

/** GET /api/reference/query/style/?style= (with the filters of ReferenceQuery). */
export async function referencesOfStyle(
  deps: ServiceDeps,
  actor: Actor,
  styleValue: unknown,
  query: ReferenceQuery = {},
): Promise<ReferenceView[]> {
  const style = keyField(styleValue, 'style')
  await requireAbility(deps, actor, 'brand.view', { model: 'Style', key: style })
  return listWhere(deps, [eq(references.styleKey, style), ...queryFilters(query)])
}

/** GET /api/reference/query/model?model=&model_id= : a Style's, Techpack's or Graphics container's. */
export async function referencesOfModel(
  deps: ServiceDeps,
  actor: Actor,
  modelValue: unknown,
  modelKeyValue: unknown,
  query: ReferenceQuery = {},
): Promise<ReferenceView[]> {
  if (!isReferenceModel(modelValue)) throw new AppError('ValidationError', 'model: Style, Techpack or Graphics.')
  const modelKey = keyField(modelKeyValue, 'model_id')
  await requireAbility(deps, actor, 'brand.view', { model: modelValue, key: modelKey })
  return listWhere(deps, [eq(references.model, modelValue), eq(references.modelKey, modelKey), ...queryFilters(query)])
}

export async function folderTrail(
  deps: ServiceDeps,
  actor: Actor,
  styleValue: unknown,
  pathValue: unknown,
): Promise<{ key: string; name: string }[]> {
  const style = keyField(styleValue, 'style')
  await requireAbility(deps, actor, 'brand.view', { model: 'Style', key: style })
  const path = parsePath(pathValue)
  if (!path.ok) throw new AppError('ValidationError', path.message)
  if (path.path.length === 0) return []
  const rows = await deps.db
    .select({ key: references.key, name: references.name })
    .from(references)
    .where(and(eq(references.styleKey, style), eq(references.type, 'folder'), inArray(references.key, path.path)))
  return path.path.map((key) => {
    const found = rows.find((row) => row.key === key)
    if (!found) throw notFound('Folder')
    return found
  })
}

/**
 * The step's files that the list leaves out (it shows only available ones): those still being
 * scanned, so the page can say so and re-check, and those the checks refused, with the reason, so
 * a page without JavaScript learns why its upload never appeared. Only for those who may upload.
 */
export async function unsettledReferences(
  deps: ServiceDeps,
  actor: Actor,
  styleValue: unknown,
  query: ReferenceQuery = {},
): Promise<UnsettledReference[]> {
  const style = keyField(styleValue, 'style')
  await requireAbility(deps, actor, 'asset.manage', { model: 'Style', key: style })
  const rows = await deps.db
    .select()
    .from(references)
    .innerJoin(files, eq(files.key, references.fileKey))
    .where(and(eq(references.styleKey, style), ne(files.status, 'available'), ...queryFilters(query)))
    .orderBy(desc(references.created), desc(references.key))
  return rows.map(({ references: row, files: file }) => {
    const refused = assetProgress(file.status) === -1
    const result = file.scanResult as { detail?: unknown } | null
    return {
      key: row.key,
      name: row.name,
      file: file.key,
      status: refused ? 'refused' : 'scanning',
      reason: refused ? (typeof result?.detail === 'string' ? result.detail : SCAN_MESSAGES.quarantined) : null,
      created: seconds(row.created),
    }
  })
}
