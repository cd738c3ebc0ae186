// Changing references: update, rename, archive, move, delete, order, clone as Final, the asset call.
import {
  FINAL_TAG,
  MAX_FOLDER_DEPTH,
  REFERENCE_TEXTS,
  joinPath,
  parsePath,
  parsePositions,
  parseTags,
  referenceStep,
  type AssetProgress,
} from '#app/features/atelier/references'
import { requireAbility } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { AppError, notFound } from '#app/platform/errors'
import { newKey } from '#app/platform/ids'
import { files, references } from '#db/schema'
import { and, arrayContains, eq, inArray, ne, or, sql } from 'drizzle-orm'
import { MAX_NOTES, checkBrand, nameField, textField } from './atelier-records.server'
import { assetTypeField, folderName, requireParentFolder, requireSameStep } from './reference-create.server'
import {
  loadReference,
  referenceKey,
  toPgArray,
  toReferenceView,
  type Db,
  type FileRow,
  type ReferenceRow,
  type ReferenceView,
  type Tx,
} from './reference-views.server'
import { markStyleStep } from './style-steps.server'
import { SAMPLES_STEP } from './references'
import type { Actor } from '#app/platform/access/actor'
import { SAMPLE_TEXTS } from './sample-status'

/** A virtual sample locked as Final (decision 167): its file's asset is as it was locked. */
const lockedSample = (row: ReferenceRow) => row.step === SAMPLES_STEP && row.sampleStatus === 'Final'

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
  // A sample's copy in Final Files is its lock's: on its own it would leave the sample open to review.
  if (row.step === SAMPLES_STEP && !lockedSample(row)) throw new AppError('Conflict', SAMPLE_TEXTS.cloneNeedsLock)
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
    if (lockedSample(current) && assetType !== current.assetType) throw new AppError('Conflict', SAMPLE_TEXTS.locked)
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
