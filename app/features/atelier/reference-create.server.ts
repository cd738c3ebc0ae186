// Creating references: a folder or a file of the pipeline (purpose 'style-file'), and the upload
// area's plain form of several files.
import {
  DEFAULT_FOLDER_NAME,
  SAMPLES_STEP,
  isReferenceModel,
  joinPath,
  parsePath,
  parseTags,
  referenceStep,
  type ReferenceModel,
} from '#app/features/atelier/references'
import {
  STYLE_FILE_FORMATS,
  extensionOf,
  familyOfType,
  unsupportedFileMessage,
} from '#app/features/atelier/style-file-types'
import { SCAN_MESSAGES } from '#app/features/files'
import { receiveFormUploads, type PreparedPart } from '#app/features/files/index.server'
import { requireAbility } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { AppError, notFound } from '#app/platform/errors'
import { newKey } from '#app/platform/ids'
import { files, references } from '#db/schema'
import { and, eq } from 'drizzle-orm'
import {
  MAX_NOTES,
  checkBrand,
  isContainerOf,
  keyField,
  nameField,
  styleContainer,
  textField,
} from './atelier-records.server'
import {
  MAX_ASSET_TYPE,
  toReferenceView,
  type Db,
  type FileRow,
  type ReferenceRow,
  type ReferenceView,
  type Tx,
} from './reference-views.server'
import { markStyleStep } from './style-steps.server'
import type { Actor } from '#app/platform/access/actor'
import { DEFAULT_SAMPLE_STATUS, SAMPLE_FAMILIES } from './sample-status'

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

export function assetTypeField(value: unknown): string | null | undefined {
  if (value === null) return null
  return textField(value, 'asset_type', MAX_ASSET_TYPE) || (value === undefined ? undefined : null)
}

export function folderName(value: unknown): string {
  const name = nameField(value) ?? DEFAULT_FOLDER_NAME
  if (name.includes('/')) throw new AppError('ValidationError', 'name: a folder name cannot contain "/".')
  return name
}

/**
 * The folder a reference goes in: `path` must end at a folder of the same style whose own path is
 * the rest of it (so paths are always real chains of folders). Answers the folder, or null at the top.
 */
export async function requireParentFolder(
  db: Db,
  styleKey: string,
  path: readonly string[],
): Promise<ReferenceRow | null> {
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
export function requireSameStep(parent: ReferenceRow | null, step: string): void {
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
