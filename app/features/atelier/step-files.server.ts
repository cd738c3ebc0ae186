// The server side of a wizard file step's upload area and file list (app/features/atelier/components/
// step-uploads-slot.tsx; docs/decisions/125): what the step's loader reads for the slot (the
// references of this step, tab and folder, the breadcrumb, the view, an opened dialog) and what the
// step's action does with the area's forms (upload, folder, rename, archive, delete, move, order,
// clone as Final, download). Every rule is the references service's; this only reads addresses.
import { REFERENCE_TEXTS, archiveFailureMessage, isKey, parsePath } from '#app/features/atelier/references'
import {
  archiveReference,
  cloneAsFinal,
  createFolder,
  createReference,
  deleteReference,
  folderTrail,
  getReference,
  moveReference,
  referencesOfStyle,
  renameReference,
  unsettledReferences,
  updatePositions,
  uploadStyleFiles,
  type ReferenceQuery,
  type ReferenceView,
  type StyleFilesTarget,
  type UnsettledReference,
} from '#app/features/atelier/references.server'
import { positionsOf } from '#app/features/atelier/step-file-order'
import { STYLE_FILE_FORMATS, extensionOf, unsupportedFileMessage } from '#app/features/atelier/style-file-types'
import type { StyleStep, WizardViewType } from '#app/features/atelier/style-steps'
import { SCAN_MESSAGES } from '#app/features/files'
import { recordActivity } from '#app/features/notifications/index.server'
import { AppError, isAppError } from '#app/platform/errors'
import { redirectWithToast, requireCsrf, run, type Toast } from '#app/platform/session.server'
import { json, redirect, type AppLoadContext } from '@remix-run/node'
import type { FileItem, FilesView, StepFilesData } from './views'
import type { Actor } from '#app/platform/access/actor'
export type { FileItem, FilesView, StepFilesData } from './views'

type FileStepName = Exclude<StyleStep, 'materials'>

/** The tab of Patterns that lists 3D CAD patterns; its files carry this asset_type. */
const CAD_ASSET_TYPE = '3d-cad-pattern'

/** What the step's list shows (Final Files: every reference tagged final, whatever its step). */
function listQuery(step: FileStepName, tab: string | null): ReferenceQuery {
  if (step === 'final') return { tags: 'final' }
  if (step === 'graphics') return { step, kind: tab === 'print' ? 'print' : 'graphic' }
  return { step }
}

/** The Patterns tabs split by asset_type: 3D CAD Pattern, or the 2D patterns (anything else). */
function inTab(step: FileStepName, tab: string | null, item: { asset_type: string | null }): boolean {
  if (step !== 'patterns') return true
  return tab === '3d-cad' ? item.asset_type === CAD_ASSET_TYPE : item.asset_type !== CAD_ASSET_TYPE
}

/** Where this step's new files and folders go (docs/decisions/110: the model and asset_type say the step). */
function createTarget(step: FileStepName, tab: string | null): Omit<StyleFilesTarget, 'style'> {
  switch (step) {
    case 'techpack':
      return { model: 'Techpack' }
    case 'patterns':
      return { model: 'Style', asset_type: tab === '3d-cad' ? CAD_ASSET_TYPE : 'pattern' }
    case 'graphics':
      return { model: 'Graphics', asset_type: tab === 'print' ? 'print' : 'graphic' }
    case 'final':
      return { model: 'Style', tags: 'final' }
    case 'references':
      return { model: 'Style' }
  }
}

function isFileStep(step: StyleStep): step is FileStepName {
  return step !== 'materials'
}

export interface StepAddress {
  brandKey: string
  styleKey: string
  step: StyleStep
  tab: string | null
}

/** The step's own address with its tab, folder and view (the canonical `?` form of the slot). */
export function stepHref(
  address: StepAddress,
  query: { folder?: string | null; view?: string | null; [extra: string]: string | null | undefined } = {},
): string {
  const search = new URLSearchParams()
  if (address.tab) search.set('tab', address.tab)
  for (const [name, value] of Object.entries(query)) if (value) search.set(name, value)
  const text = search.toString()
  return `/brand/${address.brandKey}/style/${address.styleKey}/${address.step}${text ? `?${text}` : ''}`
}

/** The folder the address names, checked to be a folder of this style and step's list. */
async function openFolder(
  context: AppLoadContext,
  actor: Actor,
  address: StepAddress,
  folderKey: string | null,
): Promise<{ key: string; name: string; path: string[] } | null> {
  if (!folderKey) return null
  const notFound = () => json({ error: { type: 'NotFound', message: 'Folder not found.' } }, { status: 404 })
  if (!isKey(folderKey)) throw notFound()
  const folder = await run(() => getReference(context.deps, actor, folderKey))
  if (folder.type !== 'folder' || folder.style !== address.styleKey || !isFileStep(address.step)) throw notFound()
  const query = listQuery(address.step, address.tab)
  const belongs =
    (query.tags === 'final' ? folder.tags.includes('final') : folder.step === query.step) &&
    (query.kind === undefined || folder.kind === query.kind) &&
    inTab(address.step, address.tab, folder)
  if (!belongs) throw notFound()
  const parsed = parsePath(folder.path)
  return { key: folder.key, name: folder.name, path: parsed.ok ? parsed.path : [] }
}

async function listOf(context: AppLoadContext, actor: Actor, address: StepAddress, path: string[] | undefined) {
  if (!isFileStep(address.step)) return []
  const query = { ...listQuery(address.step, address.tab), ...(path && { path: path.join(',') }) }
  const items = await run(() => referencesOfStyle(context.deps, actor, address.styleKey, query))
  return items.filter((item) => inTab(address.step as FileStepName, address.tab, item))
}

function toItem(view: ReferenceView): FileItem {
  return {
    key: view.key,
    name: view.name,
    type: view.type,
    folder: view.type === 'folder',
    size: view.size,
    created: new Date(view.created * 1000).toISOString(),
    thumbnail: view.assets?.thumbnail ?? null,
    original: view.assets?.original ?? null,
    image: view.type === 'image' || view.type === 'gif',
    final: view.tags.includes('final'),
  }
}

/** The slot's data: read by the `$step` loader and its extended form. */
export async function stepFilesData(
  context: AppLoadContext,
  actor: Actor,
  address: StepAddress,
  url: URL,
  extended: { type: WizardViewType; step: string } | null = null,
  canEdit = false,
): Promise<StepFilesData> {
  const params = url.searchParams
  const folderKey = extended?.type === 'folder' ? extended.step : params.get('folder')
  const folder = await openFolder(context, actor, address, folderKey || null)
  const path = folder ? [...folder.path, folder.key] : []
  const none = <T>(): Promise<T[]> => Promise.resolve([])
  const [items, trail, unsettled, folders] = await Promise.all([
    listOf(context, actor, address, path),
    folder
      ? run(() => folderTrail(context.deps, actor, address.styleKey, path.join(',')))
      : none<{ key: string; name: string }>(),
    canEdit && isFileStep(address.step)
      ? run(() =>
          unsettledReferences(context.deps, actor, address.styleKey, {
            ...listQuery(address.step as FileStepName, address.tab),
            path: path.join(','),
          }),
        )
      : none<UnsettledReference>(),
    canEdit
      ? listOf(context, actor, address, undefined).then((all) => all.filter((item) => item.type === 'folder'))
      : none<ReferenceView>(),
  ])
  const asked =
    extended?.type === 'preview' ? extended.step : extended?.type === 'upload' ? 'upload' : params.get('view')
  // Without a view named: the list when there is something to show, the upload state otherwise.
  const view: FilesView =
    asked === 'slide' || asked === 'list' || asked === 'upload' ? asked : items.length > 0 ? 'list' : 'upload'
  const find = (name: string) => {
    const key = params.get(name)
    return key ? (items.find((item) => item.key === key) ?? null) : null
  }
  const dialogName = (['rename', 'delete', 'move'] as const).find((name) => params.get(name))
  const dialogItem = dialogName ? find(dialogName) : null
  return {
    folder: folder ? { key: folder.key, name: folder.name } : null,
    /** The folder one level up (the back arrow), '' for the top. */
    parent: folder ? (folder.path[folder.path.length - 1] ?? '') : null,
    trail,
    view,
    items: items.map(toItem),
    unsettled,
    open: find('open') ? toItem(find('open')!) : null,
    dialog: dialogName && dialogItem ? { kind: dialogName, item: toItem(dialogItem) } : null,
    /** Folders of the step a reference can move into, with their path from the top. */
    moveTargets: folders.map((item) => ({
      key: item.key,
      label: item.pathname ?? item.name,
      path: [...(parsePath(item.path).ok ? (parsePath(item.path) as { path: string[] }).path : []), item.key].join(','),
    })),
  }
}

// ---------------------------------------------------------------------------------------------
// The step's action

const field = (form: FormData, name: string) => {
  const value = form.get(name)
  return typeof value === 'string' ? value : undefined
}

function badRequest(message: string) {
  return json({ error: { type: 'ValidationError', message } }, { status: 400 })
}

/** The page to come back to after a form: the step with its tab, folder and view. */
function backTo(address: StepAddress, url: URL, view?: string) {
  return stepHref(address, {
    folder: url.searchParams.get('folder'),
    view: view ?? url.searchParams.get('view'),
  })
}

/** The multi-file upload form (works without JavaScript): each file into the current folder. */
export async function uploadFormAction(request: Request, context: AppLoadContext, actor: Actor, address: StepAddress) {
  if (!isFileStep(address.step)) return badRequest('This step takes no files.')
  const url = new URL(request.url)
  const folder = await openFolder(context, actor, address, url.searchParams.get('folder'))
  let checked = false
  const checkCsrf = async (fields: FormData) => {
    if (!checked) await requireCsrf(request, context, fields)
    checked = true
  }
  const result = await run(() =>
    uploadStyleFiles(
      context.deps,
      actor,
      request,
      {
        ...createTarget(address.step as FileStepName, address.tab),
        style: address.styleKey,
        path: folder ? [...folder.path, folder.key].join(',') : '',
      },
      {
        prepare: async (name, fields) => {
          await checkCsrf(fields)
          // §5: refused by its name before a byte is stored; the content is checked by the pipeline.
          if (!STYLE_FILE_FORMATS[extensionOf(name)])
            throw new AppError('ValidationError', unsupportedFileMessage(name))
          return {}
        },
      },
    ),
  )
  if (!checked) {
    // A form without any file: its token is still checked before it is answered.
    return badRequest('Choose at least one file.')
  }
  const toasts: Toast[] = []
  if (result.references.length > 0) toasts.push({ kind: 'info', message: SCAN_MESSAGES.scanning })
  for (const refused of result.refused.slice(0, 5)) {
    const message = refused.error.startsWith(refused.name) ? refused.error : `${refused.name}: ${refused.error}`
    toasts.push({ kind: 'error', message, persistent: true })
  }
  if (result.leftOut > 0) {
    toasts.push({ kind: 'error', message: `${result.leftOut} more files were not sent: at most 50 at once.` })
  }
  const target = backTo(address, url, result.references.length > 0 ? 'list' : 'upload')
  return toasts.length > 0 ? redirectWithToast(request, context, target, toasts) : redirect(target)
}

/** The area's small forms, told apart by `intent`. */
export async function filesFormAction(
  request: Request,
  context: AppLoadContext,
  actor: Actor,
  address: StepAddress,
  form: FormData,
) {
  try {
    return await filesForm(request, context, actor, address, form)
  } catch (error) {
    // Bad input is answered (the page shows its message), not thrown as a failure of the page.
    if (error instanceof Response && (error.status === 400 || error.status === 409)) return error
    throw error
  }
}

async function filesForm(
  request: Request,
  context: AppLoadContext,
  actor: Actor,
  address: StepAddress,
  form: FormData,
) {
  if (!isFileStep(address.step)) return badRequest('This step takes no files.')
  const { deps } = context
  const url = new URL(request.url)
  const intent = field(form, 'intent')
  const reference = field(form, 'reference')
  const back = backTo(address, url)
  const done = (message: string, kind: Toast['kind'] = 'success') =>
    redirectWithToast(request, context, back, { kind, message })
  const folder = () => openFolder(context, actor, address, url.searchParams.get('folder'))

  switch (intent) {
    case 'folder': {
      const current = await folder()
      await run(() =>
        createFolder(deps, actor, {
          ...createTarget(address.step as FileStepName, address.tab),
          style: address.styleKey,
          name: field(form, 'name') || undefined,
          path: current ? [...current.path, current.key].join(',') : '',
        }),
      )
      return done(REFERENCE_TEXTS.saved)
    }
    case 'attach': {
      // With JavaScript the file went through tus first; this makes it a reference of the step.
      const current = await folder()
      const made = await run(() =>
        createReference(deps, actor, {
          ...createTarget(address.step as FileStepName, address.tab),
          style: address.styleKey,
          file: field(form, 'file'),
          path: current ? [...current.path, current.key].join(',') : '',
        }),
      )
      return json({ reference: made.key, file: made.file })
    }
    case 'rename': {
      const changed = await run(() => renameReference(deps, actor, reference, field(form, 'name') ?? ''))
      return done(changed.message)
    }
    case 'archive': {
      try {
        const changed = await archiveReference(deps, actor, reference)
        return done(changed.message)
      } catch (error) {
        // §8: the failure text with its cause; refusals of access stay what they are (403/404).
        if (isAppError(error) && (error.status === 400 || error.status === 409)) {
          return redirectWithToast(request, context, back, {
            kind: 'error',
            message: archiveFailureMessage(error.message),
            persistent: true,
          })
        }
        return run(() => Promise.reject(error))
      }
    }
    case 'delete':
    case 'dismiss': {
      const removed = await run(() => deleteReference(deps, actor, reference))
      return done(removed.message)
    }
    case 'clone': {
      await run(() => cloneAsFinal(deps, actor, { reference }))
      return done(REFERENCE_TEXTS.saved)
    }
    case 'move': {
      const changed = await run(() => moveReference(deps, actor, reference, field(form, 'path') ?? ''))
      return done(changed.message)
    }
    case 'up':
    case 'down': {
      const current = await folder()
      const items = await listOf(context, actor, address, current ? [...current.path, current.key] : [])
      const order = reorder(items, reference, intent)
      if (!order) return redirect(back)
      await run(() =>
        updatePositions(deps, actor, {
          style: address.styleKey,
          positions: positionsOf(order.map((key) => ({ key }))),
        }),
      )
      return done(REFERENCE_TEXTS.saved)
    }
    case 'download': {
      const view = await run(() => getReference(deps, actor, reference))
      if (!view.download) return badRequest('reference: the file is not available yet.')
      await run(() =>
        recordActivity(
          deps,
          actor,
          view.step === 'patterns' ? 'reference-pattern-downloaded' : 'reference-downloaded',
          { reference: view.key, asset_type: view.asset_type ?? undefined },
        ),
      )
      return redirect(view.download)
    }
    default:
      return badRequest('intent: attach, folder, rename, archive, delete, clone, move, up, down or download.')
  }
}

/**
 * The list's keys after moving one up or down among its own kind (folders stay first), or null
 * when it cannot move (unknown, or already at that end).
 */
export function reorder(
  items: readonly { key: string; type: string }[],
  key: string | undefined,
  direction: 'up' | 'down',
): string[] | null {
  const index = items.findIndex((item) => item.key === key)
  if (index === -1) return null
  const other = direction === 'up' ? index - 1 : index + 1
  const neighbour = items[other]
  if (!neighbour || (neighbour.type === 'folder') !== (items[index]!.type === 'folder')) return null
  const keys = items.map((item) => item.key)
  ;[keys[index], keys[other]] = [keys[other]!, keys[index]!]
  return keys
}
