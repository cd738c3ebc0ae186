// The atelier's files and folders of a style (atelier.md §3 Reference, §7 reference, pragma
// clone_ref and asset calls). Every use case checks access through the access module: members of
// the brand (read included) list, read and download; owners and editors ('asset.manage') create,
// rename, archive, tag, move, order and delete; an outsider learns nothing (NotFound).
// A file reference points at an upload of the file pipeline (purpose 'style-file'): it is listed
// once the file is available and never served while it is quarantined (docs/decisions/110–114).
import { and, arrayContains, asc, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm'
import { files, references } from '#db/schema'
import { AppError, notFound } from '#app/platform/errors'
import { newKey } from '#app/platform/ids'
import { SCAN_MESSAGES } from '#app/features/files/file-purposes'
import {
  DEFAULT_FOLDER_NAME,
  FINAL_TAG,
  GRAPHIC_KINDS,
  MAX_FOLDER_DEPTH,
  REFERENCE_TEXTS,
  SAMPLES_STEP,
  assetProgress,
  isReferenceModel,
  joinPath,
  parsePath,
  parsePositions,
  parseTags,
  referenceStep,
  type AssetProgress,
  type FileStep,
  type ReferenceModel,
} from '#app/features/atelier/references'
import {
  STYLE_FILE_FORMATS,
  extensionOf,
  familyOfType,
  unsupportedFileMessage,
} from '#app/features/atelier/style-file-types'
import { DEFAULT_SAMPLE_STATUS, SAMPLE_FAMILIES } from '#app/features/samples/sample-status'
import type { Actor } from '#app/features/identity/accounts.server'
import { requireAbility } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import {
  MAX_NOTES,
  checkBrand,
  isContainerOf,
  keyField,
  nameField,
  styleContainer,
  textField,
} from './atelier-records.server'
import { markStyleStep } from './style-steps.server'
import { receiveFormUploads, type PreparedPart } from '#app/features/files/files.server'

export type Tx = Parameters<Parameters<ServiceDeps['db']['transaction']>[0]>[0]
type Db = ServiceDeps['db'] | Tx
export type ReferenceRow = typeof references.$inferSelect
type FileRow = typeof files.$inferSelect

const MAX_ASSET_TYPE = 100
/** The steps a file reference can be listed under (materials has its own records). */
const FILE_STEPS: readonly FileStep[] = ['techpack', 'patterns', 'graphics', 'references', 'final']

export interface ReferenceView {
  key: string
  KIND: 'Reference'
  name: string
  /** 'folder', or the file's family (app/features/atelier/style-file-types.ts). */
  type: string
  brand: string
  model: ReferenceModel
  model_id: string | null
  style: string | null
  notes: string
  tags: string[]
  position: number
  /** Ancestor folder keys, root first, comma-joined (atelier.md §3). */
  path: string
  pathname: string | null
  step: string
  kind: string | null
  asset_type: string | null
  archived: boolean
  /** The upload carrying the file; null for a folder. */
  file: string | null
  /** The asset's progress (§3 Asset): -1, 0 or 1; null for a folder. */
  status: AssetProgress | null
  progress: AssetProgress | null
  /** Signed address of the original, once the file is available. */
  download: string | null
  assets: { original: string; thumbnail: string | null; web: string | null } | null
  content_type: string | null
  size: number | null
  width: number | null
  height: number | null
  created: number
  modified: number
}

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
async function loadReference(db: Db, key: string): Promise<{ row: ReferenceRow; file: FileRow | null }> {
  const [found] = await db
    .select()
    .from(references)
    .leftJoin(files, eq(files.key, references.fileKey))
    .where(eq(references.key, key))
  if (!found) throw notFound('Reference')
  return { row: found.references, file: found.files }
}

function referenceKey(value: unknown): string {
  return keyField(value, 'reference')
}

// ---------------------------------------------------------------------------------------------
// Reading

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
function toPgArray(keys: readonly string[]): SQL {
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

// ---------------------------------------------------------------------------------------------
// Creating

export interface CreateOptions {
  /**
   * More work on the new row in the transaction that creates it (a sample's version number), so
   * the reference never exists without it; answers the row as it then is.
   */
  withinCreate?: (tx: Tx, row: ReferenceRow) => Promise<ReferenceRow>
}

export interface ReferenceInput {
  /** 'folder' makes a folder; anything else is told by the file itself. */
  type?: unknown
  brand?: unknown
  model?: unknown
  model_id?: unknown
  style?: unknown
  name?: unknown
  notes?: unknown
  tags?: unknown
  position?: unknown
  /** The folder it goes in: ancestor keys, root first, comma-joined or a list. */
  path?: unknown
  /** Sent by clients for a folder; the server keeps its own (names from the top). */
  pathname?: unknown
  asset_type?: unknown
  /** The upload carrying the file (file pipeline, purpose 'style-file'); not for a folder. */
  file?: unknown
}

function positionField(value: unknown): number {
  if (value === undefined || value === null || value === '') return 0
  const number = typeof value === 'string' ? Number(value) : value
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 0 || number > 999_999) {
    throw new AppError('ValidationError', 'position: a whole number from 0.')
  }
  return number
}

function assetTypeField(value: unknown): string | null | undefined {
  if (value === null) return null
  return textField(value, 'asset_type', MAX_ASSET_TYPE) || (value === undefined ? undefined : null)
}

function folderName(value: unknown): string {
  const name = nameField(value) ?? DEFAULT_FOLDER_NAME
  if (name.includes('/')) throw new AppError('ValidationError', 'name: a folder name cannot contain "/".')
  return name
}

/**
 * The folder a reference goes in: `path` must end at a folder of the same style whose own path is
 * the rest of it (so paths are always real chains of folders). Answers the folder, or null at the top.
 */
async function requireParentFolder(db: Db, styleKey: string, path: readonly string[]): Promise<ReferenceRow | null> {
  if (path.length === 0) return null
  const parentKey = path[path.length - 1]!
  const [parent] = await db
    .select()
    .from(references)
    .where(and(eq(references.key, parentKey), eq(references.styleKey, styleKey), eq(references.type, 'folder')))
  if (!parent) throw new AppError('ValidationError', `path: ${parentKey} is not a folder of this style.`)
  const expected = joinPath([...parent.path, parent.key])
  if (expected !== joinPath(path)) {
    throw new AppError(
      'ValidationError',
      `path: the folder ${parentKey} sits at "${expected}", not "${joinPath(path)}".`,
    )
  }
  return parent
}

/** A folder holds references of its own step only, so a step's list shows all of a folder. */
function requireSameStep(parent: ReferenceRow | null, step: string): void {
  if (parent && parent.step !== step) {
    throw new AppError('ValidationError', `path: the folder "${parent.name}" belongs to another step (${parent.step}).`)
  }
}

/** Where the new reference hangs: the style itself, or the style's tech pack or graphics container. */
async function resolveModel(
  db: Db,
  input: ReferenceInput,
  style: { key: string; brandKey: string },
): Promise<{ model: ReferenceModel; modelKey: string }> {
  const model = input.model === undefined ? 'Style' : input.model
  if (!isReferenceModel(model)) throw new AppError('ValidationError', 'model: Style, Techpack or Graphics.')
  const given =
    input.model_id === undefined || input.model_id === null || input.model_id === '' ? undefined : input.model_id
  if (model === 'Style') {
    if (given !== undefined && given !== style.key)
      throw new AppError('ValidationError', 'model_id: the style of the reference.')
    return { model, modelKey: style.key }
  }
  if (given === undefined) return { model, modelKey: await styleContainer(db, model, style) }
  const key = keyField(given, 'model_id')
  if (!(await isContainerOf(db, model, key, style.key))) {
    throw new AppError(
      'ValidationError',
      `model_id: not a ${model === 'Techpack' ? 'tech pack' : 'graphics'} record of this style.`,
    )
  }
  return { model, modelKey: key }
}

/**
 * POST reference create (atelier.md §7): a folder (`type: 'folder'`, default name "untitled
 * folder") or a file reference for the caller's own upload of purpose 'style-file' (`file`). A new
 * file marks its step completed unless the step already has a status (§4 Style progress).
 */
export async function createReference(
  deps: ServiceDeps,
  actor: Actor,
  input: ReferenceInput,
  options: CreateOptions = {},
): Promise<ReferenceView> {
  const styleKey = keyField(input.style, 'style')
  const access = await requireAbility(deps, actor, 'asset.manage', { model: 'Style', key: styleKey })
  const style = { key: styleKey, brandKey: access.brandKey }
  checkBrand(input.brand, style.brandKey)
  const tags = parseTags(input.tags)
  if (!tags.ok) throw new AppError('ValidationError', tags.message)
  const path = parsePath(input.path)
  if (!path.ok) throw new AppError('ValidationError', path.message)
  const position = positionField(input.position)
  const notes = textField(input.notes, 'notes', MAX_NOTES) ?? ''
  const assetType = assetTypeField(input.asset_type) ?? null
  const isFolder = input.type === 'folder'
  if (isFolder && input.file !== undefined) throw new AppError('ValidationError', 'file: a folder carries no file.')
  if (!isFolder && input.file === undefined) {
    throw new AppError('ValidationError', 'file: the key of the uploaded file is required (or type "folder").')
  }
  const fileKey = isFolder ? null : keyField(input.file, 'file')

  const created = await deps.db.transaction(async (tx) => {
    const { model, modelKey } = await resolveModel(tx, input, style)
    const { step, kind } = referenceStep({ model, tags: tags.tags, assetType })
    const sample = step === SAMPLES_STEP
    if (sample && isFolder) throw new AppError('ValidationError', 'type: a virtual sample is a file, not a folder.')
    const parent = await requireParentFolder(tx, style.key, path.path)
    requireSameStep(parent, step)
    let file: FileRow | null = null
    let name: string
    let type: string
    let pathname: string | null = null
    if (isFolder) {
      name = folderName(input.name)
      type = 'folder'
      pathname = parent?.pathname ? `${parent.pathname}/${name}` : name
    } else {
      file = await requireStyleUpload(tx, actor, fileKey!, style.brandKey)
      name = nameField(input.name) ?? file.originalName
      type = file.contentType
        ? familyOfType(file.contentType, file.originalName)
        : (STYLE_FILE_FORMATS[extensionOf(file.originalName)]?.family ?? 'file')
      if (sample && !SAMPLE_FAMILIES.includes(type)) throw new AppError('ValidationError', unsupportedFileMessage(name))
    }
    const [row] = await tx
      .insert(references)
      .values({
        key: newKey(),
        brandKey: style.brandKey,
        styleKey: style.key,
        name,
        type,
        model,
        modelKey,
        step,
        kind,
        notes,
        tags: tags.tags,
        position,
        path: path.path,
        pathname,
        fileKey,
        assetType,
        sampleStatus: sample ? DEFAULT_SAMPLE_STATUS : null,
        createdBy: actor.key,
      })
      .returning()
    if (!isFolder && !sample) await markStyleStep(tx, style.key, step, 'completed', { onlyIfUnset: true })
    const made = options.withinCreate ? await options.withinCreate(tx, row!) : row!
    return { row: made, file }
  })
  return toReferenceView(deps, created.row, created.file)
}

/**
 * The upload a new file reference carries: the caller's own, of purpose 'style-file', of the
 * style's brand, not refused by the scan and not yet carried by another reference.
 */
async function requireStyleUpload(db: Db, actor: Actor, key: string, brandKey: string): Promise<FileRow> {
  const [file] = await db
    .select()
    .from(files)
    .where(and(eq(files.key, key), eq(files.uploadedBy, actor.key), eq(files.brandKey, brandKey)))
  if (!file || file.purpose !== 'style-file') throw notFound('File')
  if (file.status === 'quarantined') {
    // The pipeline's check can finish before the form's answer: the step then says why at once.
    // Our own checks (type, size, pixels, aspect ratio) say what to change; a scanner's finding is
    // told in the spec's words.
    const result = file.scanResult as { verdict?: unknown; detail?: unknown } | null
    const reason = result?.verdict === 'refused' && typeof result.detail === 'string' ? result.detail : null
    throw new AppError('ValidationError', `file: ${reason ?? SCAN_MESSAGES.quarantined}`)
  }
  const [taken] = await db.select({ key: references.key }).from(references).where(eq(references.fileKey, key)).limit(1)
  if (taken) throw new AppError('Conflict', 'file: this upload is already a reference.')
  return file
}

// ---------------------------------------------------------------------------------------------
// Changing

export interface ReferenceUpdate {
  brand?: unknown
  name?: unknown
  notes?: unknown
  archived?: unknown
  tags?: unknown
  /** Moves it (and a folder's content) to this folder path; '' is the top level. */
  path?: unknown
}

export type ReferenceChange = ReferenceView & { message: string }

/**
 * The reference, locked for the change. The caller checked 'asset.manage' before its transaction
 * (the access module reads outside it).
 */
async function lockReference(tx: Db, key: string): Promise<ReferenceRow> {
  const [row] = await tx.select().from(references).where(eq(references.key, key)).for('update')
  if (!row) throw notFound('Reference')
  return row
}

function booleanField(value: unknown, field: string): boolean {
  if (value === true || value === 'true') return true
  if (value === false || value === 'false') return false
  throw new AppError('ValidationError', `${field}: true or false.`)
}

/**
 * Reference update (atelier.md §7: name; or archived; or tags; and our `path` to move). A renamed
 * or moved folder's descendants follow in the same transaction. The reply carries §8's text.
 */
export async function updateReference(
  deps: ServiceDeps,
  actor: Actor,
  keyValue: unknown,
  input: ReferenceUpdate,
): Promise<ReferenceChange> {
  const key = referenceKey(keyValue)
  const name = input.name === undefined ? undefined : nameField(input.name)
  const notes = textField(input.notes, 'notes', MAX_NOTES)
  const archived = input.archived === undefined ? undefined : booleanField(input.archived, 'archived')
  const tags = input.tags === undefined ? undefined : parseTags(input.tags)
  if (tags && !tags.ok) throw new AppError('ValidationError', tags.message)
  const path = input.path === undefined ? undefined : parsePath(input.path)
  if (path && !path.ok) throw new AppError('ValidationError', path.message)
  if ([name, notes, archived, tags, path].every((value) => value === undefined)) {
    throw new AppError('ValidationError', 'Send name, notes, archived, tags or path to change.')
  }
  await requireAbility(deps, actor, 'asset.manage', { model: 'Reference', key })
  const row = await deps.db.transaction(async (tx) => {
    const current = await lockReference(tx, key)
    checkBrand(input.brand, current.brandKey)
    const changes: Partial<ReferenceRow> = { modified: new Date() }
    if (name !== undefined) {
      changes.name = current.type === 'folder' ? folderName(name) : name
    }
    if (notes !== undefined) changes.notes = notes
    if (archived !== undefined) changes.archived = archived
    if (tags?.ok) changes.tags = tags.tags
    const [updated] = await tx.update(references).set(changes).where(eq(references.key, key)).returning()
    if (path?.ok && joinPath(path.path) !== joinPath(current.path)) await moveWithin(tx, updated!, path.path)
    if (current.type === 'folder' && (name !== undefined || path?.ok)) await rewritePathnames(tx, key)
    const [after] = await tx.select().from(references).where(eq(references.key, key))
    return after!
  })
  const [file] = row.fileKey ? await deps.db.select().from(files).where(eq(files.key, row.fileKey)) : []
  const message =
    name !== undefined && archived === undefined
      ? REFERENCE_TEXTS.renamed
      : archived === true
        ? REFERENCE_TEXTS.archived
        : REFERENCE_TEXTS.saved
  return { ...toReferenceView(deps, row, file ?? null), message }
}

/**
 * Moves a reference to another folder of its style; a folder's descendants keep their place
 * inside it (their paths are rewritten by one statement). A folder cannot go into itself.
 */
async function moveWithin(tx: Tx, row: ReferenceRow, target: string[]): Promise<void> {
  if (row.type === 'folder' && target.includes(row.key)) {
    throw new AppError('ValidationError', 'path: a folder cannot go into itself or one of its folders.')
  }
  if (row.styleKey === null) throw new AppError('ValidationError', 'path: this reference belongs to no style.')
  requireSameStep(await requireParentFolder(tx, row.styleKey, target), row.step)
  if (row.type === 'folder') {
    const [deepest] = await tx
      .select({ depth: sql<number>`max(cardinality(${references.path}))` })
      .from(references)
      .where(and(eq(references.styleKey, row.styleKey), arrayContains(references.path, [row.key])))
    const below = Math.max(0, (deepest?.depth ?? 0) - row.path.length)
    if (target.length + below > MAX_FOLDER_DEPTH) {
      throw new AppError('ValidationError', `path: folders nest at most ${MAX_FOLDER_DEPTH} deep.`)
    }
    // Each descendant's path: the new path, the folder, then what was below the folder.
    await tx
      .update(references)
      .set({
        path: sql`${toPgArray([...target, row.key])} || ${references.path}[${sql.raw(String(row.path.length + 2))}:]`,
        modified: new Date(),
      })
      .where(and(eq(references.styleKey, row.styleKey), arrayContains(references.path, [row.key])))
  }
  await tx.update(references).set({ path: target, modified: new Date() }).where(eq(references.key, row.key))
}

/** A folder's pathname and those of the folders below it, from their names (after a rename or move). */
async function rewritePathnames(tx: Tx, folderKey: string): Promise<void> {
  const subtree = await tx
    .select()
    .from(references)
    .where(
      and(
        eq(references.type, 'folder'),
        or(eq(references.key, folderKey), arrayContains(references.path, [folderKey])),
      ),
    )
  const ancestors = [...new Set(subtree.flatMap((row) => row.path))].filter(
    (key) => !subtree.some((row) => row.key === key),
  )
  const names = new Map(subtree.map((row) => [row.key, row.name]))
  if (ancestors.length > 0) {
    const above = await tx
      .select({ key: references.key, name: references.name })
      .from(references)
      .where(inArray(references.key, ancestors))
    for (const row of above) names.set(row.key, row.name)
  }
  for (const row of subtree) {
    const pathname = [...row.path, row.key].map((key) => names.get(key) ?? '').join('/')
    if (pathname !== row.pathname) await tx.update(references).set({ pathname }).where(eq(references.key, row.key))
  }
}

/** Tag as final, or untag (Final Files lists the tagged ones). */
export async function setFinalTag(
  deps: ServiceDeps,
  actor: Actor,
  key: unknown,
  final: boolean,
): Promise<ReferenceChange> {
  return updateReference(deps, actor, key, { tags: final ? [FINAL_TAG] : [] })
}

export async function renameReference(
  deps: ServiceDeps,
  actor: Actor,
  key: unknown,
  name: unknown,
): Promise<ReferenceChange> {
  if (name === undefined) throw new AppError('ValidationError', 'name: is required.')
  return updateReference(deps, actor, key, { name })
}

export async function archiveReference(
  deps: ServiceDeps,
  actor: Actor,
  key: unknown,
  archived = true,
): Promise<ReferenceChange> {
  return updateReference(deps, actor, key, { archived })
}

export async function moveReference(
  deps: ServiceDeps,
  actor: Actor,
  key: unknown,
  path: unknown,
): Promise<ReferenceChange> {
  return updateReference(deps, actor, key, { path: path ?? '' })
}

/**
 * DELETE /api/reference/model/{id}: a folder goes with everything in it. Uploads no reference
 * carries any more go too, with their stored blobs (a clone as Final keeps its file alive); a
 * refused upload's record stays for support, as for product photos.
 */
export async function deleteReference(
  deps: ServiceDeps,
  actor: Actor,
  keyValue: unknown,
): Promise<{ key: string; deleted: number; message: string }> {
  const key = referenceKey(keyValue)
  await requireAbility(deps, actor, 'asset.manage', { model: 'Reference', key })
  const { removed, gone, step } = await deps.db.transaction(async (tx) => {
    const row = await lockReference(tx, key)
    const scope =
      row.type === 'folder' && row.styleKey
        ? or(eq(references.key, key), and(eq(references.styleKey, row.styleKey), arrayContains(references.path, [key])))
        : eq(references.key, key)
    const removed = await tx.delete(references).where(scope).returning()
    const fileKeys = [...new Set(removed.map((ref) => ref.fileKey).filter((k): k is string => k !== null))]
    let gone: FileRow[] = []
    if (fileKeys.length > 0) {
      const stillCarried = await tx
        .select({ fileKey: references.fileKey })
        .from(references)
        .where(inArray(references.fileKey, fileKeys))
      const orphans = fileKeys.filter((fileKey) => !stillCarried.some((ref) => ref.fileKey === fileKey))
      if (orphans.length > 0) {
        gone = await tx
          .delete(files)
          .where(and(inArray(files.key, orphans), ne(files.status, 'quarantined')))
          .returning()
      }
    }
    return { removed, gone, step: row.step }
  })
  for (const file of gone) {
    for (const blob of [file.originalKey, file.thumbnailKey, file.webKey]) {
      if (blob) await deps.blobs.delete(blob).catch(() => undefined)
    }
  }
  const message = step === 'patterns' ? REFERENCE_TEXTS.patternDeleted : REFERENCE_TEXTS.deleted
  return { key, deleted: removed.length, message }
}

/**
 * POST /api/reference/method/update_positions/ (atelier.md §7): "key:index" pairs joined by
 * semicolons. Every key must be a reference of one style of one brand the actor may change; a
 * `style` or `brand` sent beside them must be that one. All or nothing.
 */
export async function updatePositions(
  deps: ServiceDeps,
  actor: Actor,
  input: { positions?: unknown; style?: unknown; brand?: unknown },
): Promise<{ saved: number }> {
  const parsed = parsePositions(input.positions)
  if (!parsed.ok) throw new AppError('ValidationError', parsed.message)
  const keys = parsed.positions.map((entry) => entry.key)
  const rows = await deps.db
    .select({ key: references.key, styleKey: references.styleKey, brandKey: references.brandKey })
    .from(references)
    .where(inArray(references.key, keys))
  const missing = keys.find((key) => !rows.some((row) => row.key === key))
  if (missing) throw notFound('Reference')
  const styles = new Set(rows.map((row) => row.styleKey))
  const brands = new Set(rows.map((row) => row.brandKey))
  const styleKey = rows[0]!.styleKey
  // Every style's access is checked (one reference of each stands for its style) before anything
  // is said about the mix, so an outsider learns nothing.
  const oneOfEach = new Map(rows.map((row) => [`${row.brandKey}/${row.styleKey}`, row.key]))
  for (const ref of oneOfEach.values())
    await requireAbility(deps, actor, 'asset.manage', { model: 'Reference', key: ref })
  if (styles.size > 1 || brands.size > 1 || styleKey === null) {
    throw new AppError('ValidationError', 'positions: every reference must be of the same style.')
  }
  if (input.style !== undefined && input.style !== styleKey) {
    throw new AppError('ValidationError', 'style: the references belong to another style.')
  }
  checkBrand(input.brand, rows[0]!.brandKey)
  await deps.db.transaction(async (tx) => {
    for (const entry of parsed.positions) {
      await tx
        .update(references)
        .set({ position: entry.position, modified: new Date() })
        .where(and(eq(references.key, entry.key), eq(references.styleKey, styleKey)))
    }
  })
  return { saved: parsed.positions.length }
}

/**
 * POST /api/pragma/method/clone_ref/ (atelier.md §7): a copy of a file reference tagged final, at
 * the top of Final Files, pointing at the same clean file. Marks Final Files like an upload.
 */
export async function cloneAsFinal(
  deps: ServiceDeps,
  actor: Actor,
  input: { reference?: unknown },
): Promise<ReferenceView> {
  const key = referenceKey(input.reference)
  await requireAbility(deps, actor, 'asset.manage', { model: 'Reference', key })
  const { row, file } = await loadReference(deps.db, key)
  if (row.type === 'folder') throw new AppError('ValidationError', 'reference: only a file can be cloned as Final.')
  if (file?.status !== 'available') {
    throw new AppError(
      'ValidationError',
      'reference: the file is not available yet: it is still being uploaded or scanned.',
    )
  }
  const styleKey = row.styleKey
  if (!styleKey) throw new AppError('ValidationError', 'reference: this reference belongs to no style.')
  const clone = await deps.db.transaction(async (tx) => {
    const [made] = await tx
      .insert(references)
      .values({
        key: newKey(),
        brandKey: row.brandKey,
        styleKey,
        name: row.name,
        type: row.type,
        model: 'Style',
        modelKey: styleKey,
        step: 'final',
        notes: row.notes,
        tags: [FINAL_TAG],
        path: [],
        fileKey: row.fileKey,
        assetType: row.assetType,
        createdBy: actor.key,
      })
      .returning()
    await markStyleStep(tx, styleKey, 'final', 'completed', { onlyIfUnset: true })
    return made!
  })
  return toReferenceView(deps, clone, file)
}

export interface AssetView {
  key: string
  KIND: 'Asset'
  /** The stored original's blob key, once available. */
  path: string | null
  progress: AssetProgress
  download: string | null
  asset_type: string | null
}

/**
 * PUT /api/asset/model/{key} (atelier.md §7) on a file reference. The server sets progress and the
 * download address from the scan itself, so only asset_type changes; progress and download are
 * checked for shape and otherwise answered with what the server knows (docs/decisions/113).
 */
export async function updateAsset(
  deps: ServiceDeps,
  actor: Actor,
  keyValue: unknown,
  input: { progress?: unknown; download?: unknown; asset_type?: unknown },
): Promise<AssetView> {
  const key = referenceKey(keyValue)
  if (input.progress !== undefined) {
    const progress = typeof input.progress === 'string' ? Number(input.progress) : input.progress
    if (typeof progress !== 'number' || !Number.isFinite(progress) || progress < -1 || progress > 1) {
      throw new AppError('ValidationError', 'progress: a number from -1 to 1.')
    }
  }
  if (input.download !== undefined && input.download !== null && typeof input.download !== 'string') {
    throw new AppError('ValidationError', 'download: an address.')
  }
  const assetType = assetTypeField(input.asset_type)
  await requireAbility(deps, actor, 'asset.manage', { model: 'Reference', key })
  const row = await deps.db.transaction(async (tx) => {
    const current = await lockReference(tx, key)
    if (current.type === 'folder') throw new AppError('ValidationError', 'A folder has no asset.')
    if (assetType === undefined) return current
    // A graphics file's tab follows its asset_type; every other step stays where it was uploaded.
    const kind =
      current.model === 'Graphics'
        ? referenceStep({ model: 'Graphics', tags: current.tags, assetType }).kind
        : current.kind
    const [updated] = await tx
      .update(references)
      .set({ assetType, kind, modified: new Date() })
      .where(eq(references.key, key))
      .returning()
    return updated!
  })
  const [file] = row.fileKey ? await deps.db.select().from(files).where(eq(files.key, row.fileKey)) : []
  const view = toReferenceView(deps, row, file ?? null)
  return {
    key: row.key,
    KIND: 'Asset',
    path: view.progress === 1 ? (file?.originalKey ?? null) : null,
    progress: view.progress ?? -1,
    download: view.download,
    asset_type: row.assetType,
  }
}

/** Where a form's files go: the style and the fields of a reference create, without `file`. */
export type StyleFilesTarget = Omit<ReferenceInput, 'type' | 'file'> & { style: string }

/**
 * The upload area without JavaScript: a multipart form with several `file` parts goes through
 * the file pipeline (purpose 'style-file') and each accepted file becomes a reference at once,
 * listed when its scan passes. Access and the target (style, model, folder path, tags) are
 * checked before the body is read; a refused file is answered by name with its reason.
 */
export async function uploadStyleFiles(
  deps: ServiceDeps,
  actor: Actor,
  request: Request,
  target: StyleFilesTarget,
  options: {
    maxFiles?: number
    prepare?: (name: string, fields: FormData) => Promise<PreparedPart>
  } & CreateOptions = {},
): Promise<{ references: ReferenceView[]; refused: { name: string; error: string }[]; leftOut: number }> {
  const styleKey = keyField(target.style, 'style')
  const { brandKey } = await requireAbility(deps, actor, 'asset.manage', { model: 'Style', key: styleKey })
  checkBrand(target.brand, brandKey)
  const path = parsePath(target.path)
  if (!path.ok) throw new AppError('ValidationError', path.message)
  const parent = await requireParentFolder(deps.db, styleKey, path.path)
  if (parent) {
    const tags = parseTags(target.tags)
    const model = target.model ?? 'Style'
    if (!tags.ok) throw new AppError('ValidationError', tags.message)
    if (!isReferenceModel(model)) throw new AppError('ValidationError', 'model: Style, Techpack or Graphics.')
    const assetType = assetTypeField(target.asset_type) ?? null
    requireSameStep(parent, referenceStep({ model, tags: tags.tags, assetType }).step)
  }
  const received = await receiveFormUploads(
    deps,
    actor,
    request,
    { brand: brandKey, purpose: 'style-file' },
    { maxFiles: options.maxFiles ?? MAX_FORM_FILES, prepare: options.prepare },
  )
  const made: ReferenceView[] = []
  const refused: { name: string; error: string }[] = []
  for (const outcome of received.files) {
    if ('error' in outcome) {
      refused.push(outcome)
      continue
    }
    try {
      made.push(
        await createReference(
          deps,
          actor,
          { ...target, style: styleKey, path: path.path, file: outcome.file.key },
          { withinCreate: options.withinCreate },
        ),
      )
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      refused.push({ name: outcome.name, error: error.message })
    }
  }
  return { references: made, refused, leftOut: received.leftOut }
}

/** Files one plain form may carry: a designer's batch for one step. */
export const MAX_FORM_FILES = 50

/** Convenience for the pages: a folder at this path of the style (default name "untitled folder"). */
export function createFolder(
  deps: ServiceDeps,
  actor: Actor,
  input: Omit<ReferenceInput, 'type' | 'file'>,
): Promise<ReferenceView> {
  return createReference(deps, actor, { ...input, type: 'folder' })
}

/** The folders from the top down to this path, for the breadcrumb (names as now). */
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

/** A file of a step that is not listed yet: being uploaded or scanned, or refused by its checks. */
export interface UnsettledReference {
  key: string
  name: string
  file: string
  status: 'scanning' | 'refused'
  /** Why the checks refused it (the aspect ratio of §5, the type, the scan), for a refused one. */
  reason: string | null
  created: number
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
