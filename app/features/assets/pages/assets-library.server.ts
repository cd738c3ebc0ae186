// The server side of assets-library.tsx: what its route loads and does.
import {
  addFiles,
  ASSET_TEXTS,
  createBucket,
  createFolder,
  findBucketOfBrand,
  folderTree,
  getEntry,
  getFolder,
  libraryFolders,
  removeFile,
  removeFolder,
  stylesUsingEntry,
  updateFile,
} from '#app/features/assets/asset-library.server'
import { folderHref, joinPath, segmentsOfSplat, splatOfAddress } from '#app/features/assets/asset-paths'
import { type LibraryDialog } from '#app/features/assets/components/asset-library'
import { SCAN_MESSAGES } from '#app/features/files'
import { NO_FILE_MESSAGE, receiveFormUploads } from '#app/features/files/index.server'
import { can } from '#app/platform/access/abilities'
import { brandPage, assetLibraryEnabled } from '#app/platform/access/permissions'
import { AppError } from '#app/platform/errors'
import { guard, redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'

// spec: not shown beyond the general brand rule; any grant on the brand
export const access = brandPage('brand.view')

const DIALOGS: readonly LibraryDialog[] = ['folder', 'upload', 'rename', 'move', 'delete', 'preview']

const CHANGES: readonly LibraryDialog[] = ['folder', 'upload', 'rename', 'move', 'delete']

/** Files one upload form may carry. */
const MAX_FORM_FILES = 20

function segmentsOf(request: Request): string[] {
  // The address as sent, not Remix's splat: that one is decoded already, and a second decoding
  // would misread a folder named "50% wool".
  const parsed = segmentsOfSplat(splatOfAddress(request.url))
  if (!parsed.ok) throw json({ error: { type: 'ValidationError', message: parsed.message } }, { status: 400 })
  return parsed.segments
}

/** atelier.md §6: without server version 3 there is no Asset Library to open. */
function requireEnabled() {
  if (!assetLibraryEnabled()) throw json({ error: { type: 'NotFound', message: 'Page not found.' } }, { status: 404 })
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  requireEnabled()
  const brandKey = params.brandKey!
  const segments = segmentsOf(request)
  const { deps } = context
  const mayChange = can(actor.grants, 'asset.manage', brandKey)
  const bucket = await run(() => findBucketOfBrand(deps, actor, brandKey))
  if (!bucket) return json({ brandKey, mayChange, library: null })
  const url = new URL(request.url)
  const q = url.searchParams
  const folder = await run(() =>
    getFolder(deps, actor, {
      bucket: bucket.key,
      prefix: joinPath(segments),
      search: q.get('search') ?? '',
      page: q.get('page'),
      per_page: q.get('per_page'),
      sort: q.get('sort'),
      order: q.get('order'),
    }),
  )
  const tree = await run(() => folderTree(deps, actor, bucket.key, folder.segments))
  const kind = DIALOGS.find((name) => name === q.get('dialog')) ?? null
  let dialog = null
  if (kind && (mayChange || !CHANGES.includes(kind))) {
    const needsItem = kind !== 'folder' && kind !== 'upload'
    const item = needsItem ? await run(() => getEntry(deps, actor, bucket.key, q.get('item'))) : null
    const folders = kind === 'move' ? await run(() => libraryFolders(deps, actor, bucket.key)) : []
    const usedBy = kind === 'preview' ? await run(() => stylesUsingEntry(deps, actor, bucket.key, q.get('item'))) : []
    dialog = { kind, item, folders, usedBy }
  }
  return json({
    brandKey,
    mayChange,
    library: {
      folder,
      tree,
      dialog,
      view: q.get('view') === 'table' ? ('table' as const) : ('tiles' as const),
      query: url.search.slice(1),
    },
  })
}

/** Where a form goes back to: the folder with the page's query, without the dialog. */
function pageAddress(request: Request, brandKey: string, segments: string[]): string {
  const query = new URL(request.url).searchParams
  query.delete('dialog')
  query.delete('item')
  const text = query.toString()
  return `${folderHref(brandKey, segments)}${text ? `?${text}` : ''}`
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  requireEnabled()
  const brandKey = params.brandKey!
  const segments = segmentsOf(request)
  const { deps } = context
  const back = pageAddress(request, brandKey, segments)
  const prefix = joinPath(segments)
  const refused = (error: unknown) => {
    if (!(error instanceof AppError)) throw error
    // The dialog stays open with the reason, so the user can correct the name.
    const again = new URL(request.url)
    return redirectWithToast(request, context, `${again.pathname}${again.search}`, {
      kind: 'error',
      message: error.message,
    })
  }

  if ((request.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
    const bucket = await run(async () => {
      const found = await findBucketOfBrand(deps, actor, brandKey)
      if (!found) throw new AppError('BucketNotFound', ASSET_TEXTS.bucketRequired)
      return found
    })
    const received = await run(() =>
      receiveFormUploads(
        deps,
        actor,
        request,
        { brand: brandKey, purpose: 'asset-library' },
        {
          maxFiles: MAX_FORM_FILES,
          // The token comes before the files, so nothing is stored for a forged form.
          prepare: async (_name, fields) => {
            await requireCsrf(request, context, fields)
            return {}
          },
        },
      ),
    )
    await requireCsrf(request, context, received.fields)
    const stored = received.files.flatMap((outcome) => ('file' in outcome ? [outcome.file.key] : []))
    const failed = received.files.flatMap((outcome) => ('error' in outcome ? [outcome.error] : []))
    if (stored.length === 0) {
      return redirectWithToast(request, context, back, { kind: 'error', message: failed[0] ?? NO_FILE_MESSAGE })
    }
    try {
      await addFiles(deps, actor, { bucket: bucket.key, prefix, files: stored })
    } catch (error) {
      return refused(error)
    }
    const left =
      received.leftOut > 0 ? ` ${received.leftOut} more were left out: at most ${MAX_FORM_FILES} at a time.` : ''
    return redirectWithToast(request, context, back, {
      kind: failed.length > 0 || left ? 'error' : 'info',
      message:
        failed.length > 0 ? `${SCAN_MESSAGES.scanning} ${failed.join(' ')}${left}` : `${SCAN_MESSAGES.scanning}${left}`,
    })
  }

  const form = await request.formData()
  await requireCsrf(request, context, form)
  const intent = form.get('intent')
  try {
    if (intent === 'create-bucket') {
      const made = await createBucket(deps, actor, { brand: brandKey })
      return redirectWithToast(request, context, folderHref(brandKey, []), { kind: 'success', message: made.message })
    }
    const bucket = await findBucketOfBrand(deps, actor, brandKey)
    if (!bucket) throw new AppError('BucketNotFound', ASSET_TEXTS.bucketRequired)
    if (intent === 'folder') {
      const made = await createFolder(deps, actor, { bucket: bucket.key, prefix, name: form.get('name') })
      return redirectWithToast(request, context, back, { kind: 'success', message: made.message })
    }
    const entry = await getEntry(deps, actor, bucket.key, form.get('item'))
    const slash = entry.type === 'folder' ? '/' : ''
    if (intent === 'rename' || intent === 'move') {
      const name = intent === 'rename' ? String(form.get('name') ?? '').trim() : entry.name
      const into = intent === 'move' ? String(form.get('folder') ?? '') : entry.folder
      const moved = await updateFile(deps, actor, {
        bucket: bucket.key,
        path: entry.path,
        new_path: `${into}${name}${slash}`,
      })
      return redirectWithToast(request, context, back, { kind: 'success', message: moved.message })
    }
    if (intent === 'delete') {
      const removed =
        entry.type === 'folder'
          ? await removeFolder(deps, actor, { bucket: bucket.key, path: entry.path })
          : await removeFile(deps, actor, { bucket: bucket.key, path: entry.path })
      return redirectWithToast(request, context, back, { kind: 'success', message: removed.message })
    }
  } catch (error) {
    return refused(error)
  }
  return redirectWithToast(request, context, back, {
    kind: 'error',
    message: 'Choose what to do: this form is not known.',
  })
}
