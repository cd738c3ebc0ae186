// The asset library page (atelier.md §2 Asset library): the folder tree, breadcrumbs, tiles or a
// table, sorting, search, pages, and the dialogs (new folder, rename, move, delete, preview) as
// query states of the page, so each one is a link and every form posts without JavaScript.
import { Form, Link, useNavigation } from '@remix-run/react'
import type { ReactNode } from 'react'
import { Button, ButtonLink, buttonClass } from '#app/ui/button'
import { ConfirmDialog } from '#app/ui/confirm-dialog'
import { RouteDialog } from '#app/ui/dialog'
import { CsrfField, EmptyState, Menu } from '#app/ui/misc'
import { folderHref, joinPath, MAX_NAME_LENGTH } from '#app/features/assets/asset-paths'
import { useCsrfToken } from '#app/platform/csrf'
import { formatFileSize, formatWhen } from '#app/platform/format'
import { PdfPreview } from '#app/ui/pdf-preview'
import { DROP_RING, LibraryDragProvider, useDraggableEntry, useFolderDropTarget } from './library-drag'
import type {
  AssetEntryView,
  AssetSort,
  FolderPage,
  StyleUse,
  TreeFolder,
} from '#app/features/assets/asset-library.server'

export type LibraryView = 'tiles' | 'table'
export type LibraryDialog = 'folder' | 'upload' | 'rename' | 'move' | 'delete' | 'preview'

export interface LibraryPageProps {
  brandKey: string
  folder: FolderPage
  tree: TreeFolder[]
  view: LibraryView
  mayChange: boolean
  /** The page's query as it is, so links keep what they do not change. */
  query: string
  dialog: { kind: LibraryDialog; item: AssetEntryView | null; folders: string[][]; usedBy: StyleUse[] } | null
}

const SORT_LABELS: Record<AssetSort, string> = { name: 'Name', date: 'Date', size: 'Size' }
const PAGE_SIZES = [8, 12, 24]

/** The page's address with some of its query changed (null removes a key). */
function withQuery(base: string, query: string, changes: Record<string, string | number | null>): string {
  const params = new URLSearchParams(query)
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key)
    else params.set(key, String(value))
  }
  const text = params.toString()
  return text ? `${base}?${text}` : base
}

/** atelier.md §9: 1 margin page and 2 range pages, with null for a gap (1 … 5 6 … 20). */
export function libraryPageNumbers(page: number, pages: number): (number | null)[] {
  const range = page >= pages ? [pages - 1, pages] : [page, page + 1]
  const shown = [...new Set([1, ...range, pages])].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b)
  const out: (number | null)[] = []
  for (const n of shown) {
    const last = out[out.length - 1]
    if (typeof last === 'number' && n - last > 1) out.push(null)
    out.push(n)
  }
  return out
}

function typeLabel(entry: AssetEntryView): string {
  if (entry.type === 'folder') return 'Folder'
  const dot = entry.name.lastIndexOf('.')
  return dot > 0 ? entry.name.slice(dot + 1).toUpperCase() : (entry.content_type ?? 'File')
}

/** What the preview can show in the page; PDFs are drawn by pdf.js (docs/decisions/133). */
function previewKind(entry: AssetEntryView): 'image' | 'video' | 'pdf' | null {
  const type = entry.content_type ?? ''
  if (!entry.urls) return null
  if (type === 'application/pdf') return 'pdf'
  if (type.startsWith('image/') && type !== 'image/svg+xml') return 'image'
  if (type === 'video/mp4' || type === 'video/quicktime' || type === 'video/webm') return 'video'
  return null
}

export function AssetLibraryPage(props: LibraryPageProps) {
  const { brandKey, folder, tree, view, mayChange, query } = props
  const here = folderHref(brandKey, folder.segments)
  const csrf = useCsrfToken()
  const navigation = useNavigation()
  const uploading = navigation.state === 'submitting' && navigation.formEncType === 'multipart/form-data'
  return (
    <LibraryDragProvider enabled={mayChange} csrf={csrf} action={withQuery(here, query, { dialog: null, item: null })}>
      <div className="flex flex-col gap-6 lg:flex-row">
        <aside className="lg:w-60 lg:shrink-0" aria-label="Folders">
          <nav className="rounded-lg border border-line bg-white p-3 text-sm">
            <FolderLink
              brandKey={brandKey}
              segments={[]}
              className={`block rounded px-2 py-1 font-medium hover:bg-black/5 ${folder.segments.length === 0 && !folder.search ? 'bg-black/5' : ''}`}
            >
              {folder.bucket.name}
            </FolderLink>
            <FolderTree brandKey={brandKey} folders={tree} open={folder.segments} />
          </nav>
        </aside>
        <section className="flex min-w-0 flex-1 flex-col gap-4" aria-label="Assets">
          <Breadcrumbs
            brandKey={brandKey}
            segments={folder.segments}
            rootName={folder.bucket.name}
            search={folder.search}
          />
          <div className="flex flex-wrap items-center gap-3" data-testid="library-toolbar">
            <Form method="get" action={here} className="flex items-center gap-2" role="search">
              <label htmlFor="library-search" className="sr-only">
                Search by name
              </label>
              <input
                id="library-search"
                name="search"
                type="search"
                defaultValue={folder.search}
                placeholder="Search the library"
                maxLength={100}
                className="w-56 rounded-md border border-line px-3 py-1.5 text-sm"
              />
              {view === 'table' ? <input type="hidden" name="view" value="table" /> : null}
              <Button type="submit" variant="secondary">
                Search
              </Button>
            </Form>
            <SortLinks here={here} query={query} sort={folder.sort} order={folder.order} />
            <div className="ml-auto flex items-center gap-2">
              <div role="group" aria-label="View" className="flex rounded-md border border-line bg-white p-0.5 text-sm">
                {(['tiles', 'table'] as const).map((mode) => (
                  <Link
                    key={mode}
                    to={withQuery(here, query, { view: mode === 'tiles' ? null : mode })}
                    aria-current={view === mode ? 'true' : undefined}
                    preventScrollReset
                    className={`rounded px-3 py-1 capitalize ${view === mode ? 'bg-ink text-white' : ''}`}
                  >
                    {mode}
                  </Link>
                ))}
              </div>
              {mayChange && !folder.search ? (
                <>
                  <ButtonLink
                    to={withQuery(here, query, { dialog: 'folder', item: null })}
                    variant="secondary"
                    preventScrollReset
                  >
                    New folder
                  </ButtonLink>
                  <ButtonLink to={withQuery(here, query, { dialog: 'upload', item: null })} preventScrollReset>
                    Upload
                  </ButtonLink>
                </>
              ) : null}
            </div>
          </div>
          {folder.search ? (
            <p className="text-sm text-muted" role="status">
              {folder.total === 1 ? '1 result' : `${folder.total} results`} for “{folder.search}”.{' '}
              <Link to={here} className="underline">
                Clear search
              </Link>
            </p>
          ) : null}
          {folder.entries.length === 0 ? (
            <EmptyState
              title={
                folder.search
                  ? 'No results'
                  : folder.segments.length === 0
                    ? 'Library is currently empty'
                    : 'No assets are available'
              }
            >
              {mayChange && !folder.search ? 'Upload files or create a folder to start.' : null}
            </EmptyState>
          ) : view === 'table' ? (
            <EntryTable {...props} here={here} />
          ) : (
            <EntryTiles {...props} here={here} />
          )}
          {folder.total > 0 ? <Pages here={here} query={query} folder={folder} /> : null}
          {mayChange && uploading ? (
            <p className="text-sm text-muted" role="status">
              Uploading…
            </p>
          ) : null}
        </section>
        <Dialogs {...props} here={here} csrf={csrf} />
      </div>
    </LibraryDragProvider>
  )
}

function FolderTree({ brandKey, folders, open }: { brandKey: string; folders: TreeFolder[]; open: string[] }) {
  if (folders.length === 0) return null
  return (
    <ul className="mt-1 flex flex-col gap-0.5 border-l border-line pl-2">
      {folders.map((item) => {
        const current = item.segments.length === open.length && item.segments.every((s, i) => s === open[i])
        return (
          <li key={item.name}>
            <FolderLink
              brandKey={brandKey}
              segments={item.segments}
              aria-current={current ? 'page' : undefined}
              className={`flex items-center gap-1.5 truncate rounded px-2 py-1 hover:bg-black/5 ${current ? 'bg-black/5 font-medium' : ''}`}
            >
              <FolderGlyph small />
              <span className="truncate">{item.name}</span>
            </FolderLink>
            {item.children ? <FolderTree brandKey={brandKey} folders={item.children} open={open} /> : null}
          </li>
        )
      })}
    </ul>
  )
}

/** A link to a folder that also takes an entry dragged onto it. */
function FolderLink({
  brandKey,
  segments,
  className,
  children,
  ...rest
}: {
  brandKey: string
  segments: string[]
  className: string
  children: ReactNode
  'aria-current'?: 'page'
}) {
  const drop = useFolderDropTarget(segments)
  return (
    <Link
      to={folderHref(brandKey, segments)}
      className={`${className} ${drop.over ? DROP_RING : ''}`}
      {...rest}
      {...drop.props}
    >
      {children}
    </Link>
  )
}

function Breadcrumbs(props: { brandKey: string; segments: string[]; rootName: string; search: string }) {
  const { brandKey, segments, rootName, search } = props
  const up = segments.length > 0 ? folderHref(brandKey, segments.slice(0, -1)) : null
  return (
    <nav aria-label="Breadcrumbs" className="flex flex-wrap items-center gap-1 text-sm">
      {up ? (
        <Link to={up} aria-label="Up one folder" className="mr-1 rounded px-1.5 py-0.5 text-muted hover:bg-black/5">
          ←
        </Link>
      ) : null}
      <FolderLink brandKey={brandKey} segments={[]} className="rounded text-muted hover:underline">
        {rootName}
      </FolderLink>
      {segments.map((segment, i) => (
        <span key={i} className="flex items-center gap-1">
          <span className="text-muted">/</span>
          {i === segments.length - 1 && !search ? (
            <span className="font-medium" aria-current="page">
              {segment}
            </span>
          ) : (
            <FolderLink
              brandKey={brandKey}
              segments={segments.slice(0, i + 1)}
              className="rounded text-muted hover:underline"
            >
              {segment}
            </FolderLink>
          )}
        </span>
      ))}
    </nav>
  )
}

function SortLinks({
  here,
  query,
  sort,
  order,
}: {
  here: string
  query: string
  sort: AssetSort
  order: 'asc' | 'desc'
}) {
  return (
    <nav aria-label="Sort" className="flex items-center gap-1 text-sm">
      <span className="text-muted">Sort</span>
      {(Object.keys(SORT_LABELS) as AssetSort[]).map((key) => {
        const active = key === sort
        const next = active && order === 'asc' ? 'desc' : 'asc'
        return (
          <Link
            key={key}
            to={withQuery(here, query, {
              sort: key === 'name' ? null : key,
              order: next === 'asc' ? null : next,
              page: null,
            })}
            aria-current={active ? 'true' : undefined}
            preventScrollReset
            className={`rounded-md px-2 py-1 ${active ? 'bg-black/10 text-ink' : 'hover:bg-black/5'}`}
          >
            {SORT_LABELS[key]}
            {active ? (
              <span aria-label={order === 'asc' ? ', ascending' : ', descending'}>{order === 'asc' ? ' ↑' : ' ↓'}</span>
            ) : null}
          </Link>
        )
      })}
    </nav>
  )
}

/** A folder entry's own segments, as a drop target. */
function segmentsOfEntry(entry: AssetEntryView): string[] {
  return entry.path.replace(/\/$/, '').split('/')
}
/** Files are not drop targets; the hook still needs a value. */
const NO_TARGET: string[] = []

function entryHref(brandKey: string, here: string, query: string, entry: AssetEntryView): string {
  if (entry.type === 'folder') return folderHref(brandKey, segmentsOfEntry(entry))
  return withQuery(here, query, { dialog: 'preview', item: entry.key })
}

function EntryMenu({
  entry,
  here,
  query,
  mayChange,
}: {
  entry: AssetEntryView
  here: string
  query: string
  mayChange: boolean
}) {
  const item = 'block px-4 py-2 hover:bg-black/5'
  const open = (dialog: LibraryDialog) => withQuery(here, query, { dialog, item: entry.key })
  return (
    <Menu label={<span aria-hidden="true">⋯</span>} name={`Actions for ${entry.name}`}>
      {entry.type === 'file' ? (
        <>
          <Link to={open('preview')} className={item} preventScrollReset>
            Preview
          </Link>
          {entry.urls ? (
            <a href={entry.urls.original} download={entry.name} className={item}>
              Download
            </a>
          ) : null}
        </>
      ) : null}
      {mayChange ? (
        <>
          <Link to={open('rename')} className={item} preventScrollReset>
            Rename
          </Link>
          <Link to={open('move')} className={item} preventScrollReset>
            Move
          </Link>
          <Link to={open('delete')} className={`${item} text-red-700`} preventScrollReset>
            Delete
          </Link>
        </>
      ) : null}
    </Menu>
  )
}

function FolderGlyph({ small = false }: { small?: boolean }) {
  const size = small ? 14 : 40
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" className="shrink-0 text-accent">
      <path
        d="M3 6.5A1.5 1.5 0 0 1 4.5 5h4.4l2 2h8.6A1.5 1.5 0 0 1 21 8.5v9a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17.5z"
        fill="currentColor"
        opacity="0.85"
      />
    </svg>
  )
}

function Thumb({ entry }: { entry: AssetEntryView }) {
  if (entry.type === 'folder') {
    return (
      <span className="flex aspect-[4/3] items-center justify-center bg-canvas">
        <FolderGlyph />
      </span>
    )
  }
  if (entry.urls?.thumbnail) {
    return (
      <img src={entry.urls.thumbnail} alt="" loading="lazy" className="aspect-[4/3] w-full bg-canvas object-contain" />
    )
  }
  return (
    <span className="flex aspect-[4/3] flex-col items-center justify-center gap-1 bg-canvas text-muted">
      <span className="rounded border border-line bg-white px-2 py-1 text-xs font-semibold tracking-wide">
        {typeLabel(entry)}
      </span>
      {entry.status && entry.status !== 'available' ? (
        <span className="text-xs">{entry.status === 'scanning' ? 'Scanning…' : 'Not available'}</span>
      ) : null}
    </span>
  )
}

function EntryTiles({ brandKey, folder, mayChange, query, here }: LibraryPageProps & { here: string }) {
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 xl:grid-cols-4" aria-label="Assets">
      {folder.entries.map((entry) => (
        <Tile
          key={entry.key}
          entry={entry}
          brandKey={brandKey}
          folder={folder}
          mayChange={mayChange}
          query={query}
          here={here}
        />
      ))}
    </ul>
  )
}

function Tile({
  entry,
  brandKey,
  folder,
  mayChange,
  query,
  here,
}: {
  entry: AssetEntryView
  brandKey: string
  folder: FolderPage
  mayChange: boolean
  query: string
  here: string
}) {
  const drag = useDraggableEntry(entry)
  const drop = useFolderDropTarget(entry.type === 'folder' ? segmentsOfEntry(entry) : NO_TARGET)
  return (
    <li
      className={`flex flex-col overflow-hidden rounded-lg border border-line bg-white ${drag.dragging ? 'opacity-50' : ''} ${drop.over ? DROP_RING : ''}`}
      {...drag.props}
      {...(entry.type === 'folder' ? drop.props : {})}
    >
      <Link
        to={entryHref(brandKey, here, query, entry)}
        className="block hover:opacity-90"
        preventScrollReset={entry.type === 'file'}
      >
        <Thumb entry={entry} />
      </Link>
      <div className="flex items-center gap-2 px-3 py-2">
        <div className="min-w-0 flex-1">
          <Link
            to={entryHref(brandKey, here, query, entry)}
            className="block truncate text-sm font-medium hover:underline"
            title={entry.name}
          >
            {entry.name}
          </Link>
          <span className="block truncate text-xs text-muted">
            {folder.search
              ? entry.folder || folder.bucket.name
              : entry.type === 'folder'
                ? 'Folder'
                : formatFileSize(entry.size)}
          </span>
        </div>
        <EntryMenu entry={entry} here={here} query={query} mayChange={mayChange} />
      </div>
    </li>
  )
}

function EntryTable({ brandKey, folder, mayChange, query, here }: LibraryPageProps & { here: string }) {
  return (
    <div className="overflow-visible rounded-lg border border-line bg-white">
      <table className="w-full text-left text-sm" aria-label="Assets">
        <thead className="border-b border-line text-xs uppercase tracking-wide text-muted">
          <tr>
            <th className="px-4 py-3 font-medium">Name</th>
            <th className="px-4 py-3 font-medium">Size</th>
            <th className="px-4 py-3 font-medium">Type</th>
            <th className="px-4 py-3 font-medium">Modified</th>
            <th className="w-12 px-4 py-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {folder.entries.map((entry) => (
            <Row
              key={entry.key}
              entry={entry}
              brandKey={brandKey}
              folder={folder}
              mayChange={mayChange}
              query={query}
              here={here}
            />
          ))}
        </tbody>
      </table>
    </div>
  )
}

function Row({
  entry,
  brandKey,
  folder,
  mayChange,
  query,
  here,
}: {
  entry: AssetEntryView
  brandKey: string
  folder: FolderPage
  mayChange: boolean
  query: string
  here: string
}) {
  const drag = useDraggableEntry(entry)
  const drop = useFolderDropTarget(entry.type === 'folder' ? segmentsOfEntry(entry) : NO_TARGET)
  return (
    <tr
      className={`${drag.dragging ? 'opacity-50' : ''} ${drop.over ? DROP_RING : ''}`}
      {...drag.props}
      {...(entry.type === 'folder' ? drop.props : {})}
    >
      <td className="max-w-xs px-4 py-2">
        <Link
          to={entryHref(brandKey, here, query, entry)}
          className="flex items-center gap-2 font-medium hover:underline"
        >
          {entry.type === 'folder' ? (
            <FolderGlyph small />
          ) : entry.urls?.thumbnail ? (
            <img src={entry.urls.thumbnail} alt="" loading="lazy" className="h-8 w-6 rounded object-cover" />
          ) : null}
          <span className="truncate">{entry.name}</span>
        </Link>
        {folder.search ? (
          <span className="block truncate text-xs text-muted">{entry.folder || folder.bucket.name}</span>
        ) : null}
      </td>
      <td className="whitespace-nowrap px-4 py-2 text-muted">
        {entry.type === 'folder' ? '—' : formatFileSize(entry.size)}
      </td>
      <td className="px-4 py-2 text-muted">{typeLabel(entry)}</td>
      <td className="whitespace-nowrap px-4 py-2 text-muted">{formatWhen(new Date(entry.modified * 1000), 'UTC')}</td>
      <td className="px-4 py-2">
        <EntryMenu entry={entry} here={here} query={query} mayChange={mayChange} />
      </td>
    </tr>
  )
}

function Pages({ here, query, folder }: { here: string; query: string; folder: FolderPage }) {
  const { page, pages, perPage } = folder
  const link = 'rounded-md px-3 py-1.5 hover:bg-black/5'
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 text-sm" data-testid="pagination">
      <nav aria-label="Pages" className="flex items-center gap-1">
        {page > 1 ? (
          <Link to={withQuery(here, query, { page: page - 1 })} className={link} rel="prev" preventScrollReset>
            Previous
          </Link>
        ) : null}
        {libraryPageNumbers(page, pages).map((number, index) =>
          number === null ? (
            <span key={`gap-${index}`} className="px-2 text-muted">
              …
            </span>
          ) : (
            <Link
              key={number}
              to={withQuery(here, query, { page: number === 1 ? null : number })}
              aria-current={number === page ? 'page' : undefined}
              className={number === page ? 'rounded-md bg-ink px-3 py-1.5 text-white' : link}
              preventScrollReset
            >
              {number}
            </Link>
          ),
        )}
        {page < pages ? (
          <Link to={withQuery(here, query, { page: page + 1 })} className={link} rel="next" preventScrollReset>
            Next
          </Link>
        ) : null}
      </nav>
      <nav aria-label="Per page" className="flex items-center gap-1 text-muted">
        <span>Per page</span>
        {PAGE_SIZES.map((size) => (
          <Link
            key={size}
            to={withQuery(here, query, { per_page: size === 12 ? null : size, page: null })}
            aria-current={size === perPage ? 'true' : undefined}
            className={
              size === perPage ? 'rounded-md bg-black/10 px-2 py-1 text-ink' : 'rounded-md px-2 py-1 hover:bg-black/5'
            }
            preventScrollReset
          >
            {size}
          </Link>
        ))}
      </nav>
    </div>
  )
}

function FormDialog({
  title,
  closeTo,
  children,
  submit,
  csrf,
  multipart = false,
}: {
  title: string
  closeTo: string
  children: ReactNode
  submit: string
  csrf: string
  multipart?: boolean
}) {
  return (
    <RouteDialog title={title} closeTo={closeTo}>
      <Form method="post" encType={multipart ? 'multipart/form-data' : undefined} className="flex flex-col gap-4">
        {/* The token first: a multipart upload checks it before any file is stored. */}
        <CsrfField token={csrf} />
        {children}
        <div className="flex justify-end gap-2">
          <Link to={closeTo} className={buttonClass('secondary')} preventScrollReset>
            Cancel
          </Link>
          <Button type="submit">{submit}</Button>
        </div>
      </Form>
    </RouteDialog>
  )
}

function Dialogs({ dialog, folder, query, here, csrf, brandKey }: LibraryPageProps & { here: string; csrf: string }) {
  if (!dialog) return null
  const closeTo = withQuery(here, query, { dialog: null, item: null })
  const entry = dialog.item
  const input = 'rounded-md border border-line px-3 py-2 text-sm'
  switch (dialog.kind) {
    case 'folder':
      return (
        <FormDialog title="New folder" closeTo={closeTo} submit="Create" csrf={csrf}>
          <input type="hidden" name="intent" value="folder" />
          <label className="flex flex-col gap-1 text-sm font-medium">
            Name
            <input
              name="name"
              defaultValue="untitled folder"
              required
              maxLength={MAX_NAME_LENGTH}
              autoFocus
              className={input}
            />
          </label>
          <p className="text-xs text-muted">In {joinPath(folder.segments) || folder.bucket.name}</p>
        </FormDialog>
      )
    case 'upload':
      return (
        <FormDialog title="Upload files" closeTo={closeTo} submit="Upload" csrf={csrf} multipart>
          <input type="hidden" name="intent" value="upload" />
          <label className="flex flex-col gap-1 text-sm font-medium">
            Files
            <input type="file" name="file" multiple required className="text-sm" />
          </label>
          <p className="text-xs text-muted">
            Into {joinPath(folder.segments) || folder.bucket.name}. Each file is scanned for security compliance before
            it can be opened.
          </p>
        </FormDialog>
      )
    case 'rename':
      return entry ? (
        <FormDialog title={`Rename ${entry.type}`} closeTo={closeTo} submit="Rename" csrf={csrf}>
          <input type="hidden" name="intent" value="rename" />
          <input type="hidden" name="item" value={entry.key} />
          <label className="flex flex-col gap-1 text-sm font-medium">
            Name
            <input
              name="name"
              defaultValue={entry.name}
              required
              maxLength={MAX_NAME_LENGTH}
              autoFocus
              className={input}
            />
          </label>
        </FormDialog>
      ) : null
    case 'move':
      return entry ? (
        <FormDialog title={`Move ${entry.name}`} closeTo={closeTo} submit="Move" csrf={csrf}>
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name="item" value={entry.key} />
          <label className="flex flex-col gap-1 text-sm font-medium">
            Move to
            <select name="folder" defaultValue={entry.folder} className={input}>
              <option value="">{folder.bucket.name} (top)</option>
              {dialog.folders
                .filter((segments) => entry.type !== 'folder' || !joinPath(segments).startsWith(entry.path))
                .map((segments) => (
                  <option key={joinPath(segments)} value={joinPath(segments)}>
                    {segments.join(' / ')}
                  </option>
                ))}
            </select>
          </label>
        </FormDialog>
      ) : null
    case 'delete':
      return entry ? (
        <ConfirmDialog title={`Delete ${entry.name}`} closeTo={closeTo} confirmLabel="Delete">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="item" value={entry.key} />
          <p className="text-sm">Deleting assets can&apos;t be undone. Are you sure you want to delete?</p>
          {entry.type === 'folder' ? (
            <p className="text-sm text-muted">Everything in {entry.name} is deleted with it.</p>
          ) : null}
        </ConfirmDialog>
      ) : null
    case 'preview':
      return entry ? <Preview entry={entry} closeTo={closeTo} usedBy={dialog.usedBy} brandKey={brandKey} /> : null
  }
}

function Preview({
  entry,
  closeTo,
  usedBy,
  brandKey,
}: {
  entry: AssetEntryView
  closeTo: string
  usedBy: StyleUse[]
  brandKey: string
}) {
  const kind = previewKind(entry)
  return (
    <RouteDialog title={entry.name} closeTo={closeTo} wide>
      <div className="flex flex-col gap-4">
        {kind === 'image' ? (
          <img
            src={entry.urls!.web ?? entry.urls!.original}
            alt={entry.name}
            className="max-h-[70vh] w-full rounded bg-canvas object-contain"
          />
        ) : kind === 'video' ? (
          <video src={entry.urls!.original} controls className="max-h-[70vh] w-full rounded bg-black" />
        ) : kind === 'pdf' ? (
          <PdfPreview url={entry.urls!.original} name={entry.name} />
        ) : (
          <EmptyState title="This file can't be previewed.">{entry.message ?? null}</EmptyState>
        )}
        {usedBy.length > 0 ? (
          <p className="text-sm">
            <span className="text-muted">Used on </span>
            {usedBy.map((style, i) => (
              <span key={style.key}>
                {i > 0 ? ', ' : ''}
                <Link to={`/brand/${brandKey}/style/${style.key}`} className="underline">
                  {style.name}
                </Link>
              </span>
            ))}
          </p>
        ) : null}
        <div className="flex items-center justify-between text-sm text-muted">
          <span>
            {typeLabel(entry)} · {formatFileSize(entry.size)} · {formatWhen(new Date(entry.modified * 1000), 'UTC')}
          </span>
          {entry.urls ? (
            <a href={entry.urls.original} download={entry.name} className={buttonClass('secondary')}>
              Download
            </a>
          ) : null}
        </div>
      </div>
    </RouteDialog>
  )
}

/** atelier.md §4 Brand storage: the dialog shown while the brand has no bucket. */
export function BucketRequired({ mayCreate, brandKey }: { mayCreate: boolean; brandKey: string }) {
  const csrf = useCsrfToken()
  return (
    <RouteDialog title="Asset Library" closeTo={`/brand/${brandKey}`}>
      <div className="flex flex-col gap-4 text-sm">
        <p>A brand bucket is required to use the Asset Library.</p>
        {mayCreate ? (
          <Form method="post" className="flex justify-end">
            <CsrfField token={csrf} />
            <input type="hidden" name="intent" value="create-bucket" />
            <Button type="submit">Create bucket</Button>
          </Form>
        ) : (
          <p className="text-muted">Ask an owner or editor of the brand to create it.</p>
        )}
      </div>
    </RouteDialog>
  )
}
