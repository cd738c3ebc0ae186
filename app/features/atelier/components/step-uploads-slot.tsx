// THE SLOT of a wizard file step: its upload area and file list (atelier.md §2 Wizard; decision
// 125). Two states: the upload state (a plain multipart form taking several files, with the §2
// empty-state text) and the preview (View Uploads), listing the step's folders then files in slide
// or list view, with the breadcrumb of the open folder, the plus menu (Add new, Create folder) and
// the row actions. Everything is a link or a form, so it works without JavaScript; the dialogs
// (Rename, Delete, Move) and the lightbox are `?` addresses of the step. With JavaScript the
// upload posts without leaving the page and the scan's `file:status` events toast and refresh.
import { Form, Link, useLocation, useNavigate, useRevalidator } from '@remix-run/react'
import { useEffect, useRef, type ReactNode } from 'react'
import { useRealtimeEvent } from '#app/ui/realtime-provider'
import { Button, ButtonLink, buttonClass } from '#app/ui/button'
import { RouteDialog } from '#app/ui/dialog'
import { BackIcon, CloseIcon } from '#app/ui/icons'
import { CsrfField, EmptyState, Menu } from '#app/ui/misc'
import { ProgressBar } from '#app/ui/progress-bar'
import { useCsrfToken } from '#app/platform/csrf'
import { SCAN_MESSAGES } from '#app/features/files/file-purposes'
import { formatFileSize, formatWhen } from '#app/platform/format'
import { showToast } from '#app/ui/live-toasts'
import { DEFAULT_FOLDER_NAME, REFERENCE_TEXTS } from '#app/features/atelier/references'
import { STYLE_FILE_EXTENSIONS } from '#app/features/atelier/style-file-types'
import { UPLOAD_EMPTY_TEXT, stepLabel, type StyleStep, type WizardViewType } from '#app/features/atelier/style-steps'
import type { FileItem, StepFilesData } from '#app/features/atelier/step-files.server'
import { useHydrated } from '#app/ui/use-hydrated'
import { FILE_EVENTS, type FileStatusEvent } from '#realtime/protocol'
import { SortableFiles, useSortableFile } from './sortable-files'
import { useStepUploads } from './use-step-uploads'

export interface StepUploadsSlotProps {
  brandKey: string
  styleKey: string
  step: StyleStep
  /** The step's tab (graphic / print, pattern / 3d-cad), or null for a step without tabs. */
  tab: string | null
  /** The extended form `…/{view_type}/{view_step}`, when the address names one. */
  view: { type: WizardViewType; step: string } | null
  /** Owner or editor: may upload, rename, archive and delete. */
  canEdit: boolean
  /** The step is marked Not applicable. */
  notApplicable: boolean
  /** The step's files as its loader read them (decision 125). */
  files: StepFilesData
}

const ACCEPT = STYLE_FILE_EXTENSIONS.map((extension) => `.${extension}`).join(',')
/** atelier.md §4: a file being scanned is re-checked after 2000 ms (here: the page is read again). */
const RECHECK_MS = 2000

export function StepUploadsSlot(props: StepUploadsSlotProps) {
  const { files, canEdit } = props
  const href = useHrefs(props)
  const slot = useRef<HTMLDivElement>(null)
  const location = useLocation()
  // A menu (<details>) stays open across a page change made by script: close it once a form or
  // link of the area has taken the page elsewhere, as a page load would.
  useEffect(() => {
    slot.current?.querySelectorAll('details[open]').forEach((menu) => menu.removeAttribute('open'))
  }, [location.key])
  return (
    <div
      ref={slot}
      data-testid="step-uploads-slot"
      data-step={props.step}
      data-tab={props.tab ?? undefined}
      data-view={props.view ? `${props.view.type}/${props.view.step}` : undefined}
      className="flex flex-col gap-4"
    >
      <Toolbar {...props} href={href} />
      {canEdit ? <ScanWatcher brandKey={props.brandKey} unsettled={files.unsettled} /> : null}
      {files.unsettled.length > 0 ? <Unsettled items={files.unsettled} action={href.action} /> : null}
      {files.view === 'upload' ? (
        <UploadArea {...props} href={href} />
      ) : files.items.length === 0 ? (
        <EmptyState title={files.folder ? 'This folder is empty' : 'No files yet'}>{UPLOAD_EMPTY_TEXT}</EmptyState>
      ) : files.view === 'slide' ? (
        <SlideView items={files.items} canEdit={canEdit} href={href} styleKey={props.styleKey} />
      ) : (
        <ListView items={files.items} canEdit={canEdit} href={href} styleKey={props.styleKey} />
      )}
      {files.dialog?.kind === 'rename' ? <RenameDialog item={files.dialog.item} href={href} /> : null}
      {files.dialog?.kind === 'delete' ? <DeleteDialog item={files.dialog.item} href={href} /> : null}
      {files.dialog?.kind === 'move' ? (
        <MoveDialog item={files.dialog.item} targets={files.moveTargets} href={href} />
      ) : null}
      {files.open ? <Lightbox item={files.open} href={href} /> : null}
    </div>
  )
}

type Hrefs = ReturnType<typeof useHrefs>

/** The addresses of the slot: all on the step's `?` form, so the extended form leads there too. */
function useHrefs({ brandKey, styleKey, step, tab, files }: StepUploadsSlotProps) {
  const base = `/brand/${brandKey}/style/${styleKey}/${step}`
  const to = (query: Record<string, string | null | undefined>) => {
    const search = new URLSearchParams()
    if (tab) search.set('tab', tab)
    for (const [name, value] of Object.entries(query)) if (value) search.set(name, value)
    const text = search.toString()
    return `${base}${text ? `?${text}` : ''}`
  }
  const folder = files.folder?.key ?? null
  const view = files.view === 'upload' ? 'list' : files.view
  return {
    to,
    /** The page as it is now, plus these. */
    here: (query: Record<string, string | null | undefined> = {}) => to({ folder, view: files.view, ...query }),
    /** The forms' target: the step's action, told the folder (and the view to come back to). */
    action: to({ folder, view }),
    folder: (key: string | null) => to({ folder: key, view }),
    view: (name: string) => to({ folder, view: name }),
  }
}

function Toolbar({ files, canEdit, step, href }: StepUploadsSlotProps & { href: Hrefs }) {
  const csrf = useCsrfToken()
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <nav aria-label="Folder path" className="flex min-w-0 items-center gap-2 text-sm">
        {files.folder ? (
          <Link
            to={href.folder(files.parent || null)}
            aria-label="Back"
            className="rounded-full p-1 text-muted hover:bg-black/5 hover:text-ink"
            data-testid="folder-back"
          >
            <BackIcon width={18} height={18} />
          </Link>
        ) : null}
        <ol className="flex min-w-0 flex-wrap items-center gap-1">
          <li>
            {files.folder ? (
              <Link to={href.folder(null)} className="text-muted hover:text-ink">
                {stepLabel(step)}
              </Link>
            ) : (
              <span className="font-medium">{stepLabel(step)}</span>
            )}
          </li>
          {files.trail.map((crumb, index) => (
            <li key={crumb.key} className="flex items-center gap-1">
              <span aria-hidden="true" className="text-muted">
                /
              </span>
              {index === files.trail.length - 1 ? (
                <span className="truncate font-medium" aria-current="page">
                  {crumb.name}
                </span>
              ) : (
                <Link to={href.folder(crumb.key)} className="truncate text-muted hover:text-ink">
                  {crumb.name}
                </Link>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <div className="flex items-center gap-2">
        {files.view === 'upload' ? (
          files.items.length > 0 ? (
            <ButtonLink to={href.view('list')} variant="secondary" data-testid="view-uploads">
              View Uploads
            </ButtonLink>
          ) : null
        ) : (
          <>
            <div role="group" aria-label="View" className="flex overflow-hidden rounded-md border border-line text-sm">
              {(['slide', 'list'] as const).map((name) => (
                <Link
                  key={name}
                  to={href.view(name)}
                  aria-current={files.view === name ? 'true' : undefined}
                  className={`px-3 py-1.5 capitalize ${files.view === name ? 'bg-ink text-white' : 'hover:bg-black/5'}`}
                >
                  {name}
                </Link>
              ))}
            </div>
            {canEdit ? (
              <ButtonLink to={href.view('upload')} variant="secondary" data-testid="add-more-files">
                Add more files
              </ButtonLink>
            ) : null}
          </>
        )}
        {canEdit ? (
          <Menu
            name="Add"
            label={
              <span aria-hidden="true" className="text-xl leading-none">
                +
              </span>
            }
          >
            <Link to={href.view('upload')} className="block px-4 py-2 hover:bg-black/5">
              Add new
            </Link>
            <Form method="post" action={href.action} className="flex flex-col gap-2 border-t border-line px-4 py-3">
              <CsrfField token={csrf} />
              <label htmlFor="new-folder-name" className="text-xs font-medium uppercase tracking-wide text-muted">
                Folder name
              </label>
              <input
                id="new-folder-name"
                name="name"
                defaultValue={DEFAULT_FOLDER_NAME}
                maxLength={200}
                className="rounded-md border border-line px-2 py-1 text-sm"
              />
              <Button type="submit" name="intent" value="folder" variant="secondary">
                Create folder
              </Button>
            </Form>
          </Menu>
        ) : null}
      </div>
    </div>
  )
}

function UploadArea({ canEdit, files, brandKey, href }: StepUploadsSlotProps & { href: Hrefs }) {
  const csrf = useCsrfToken()
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const revalidator = useRevalidator()
  const input = useRef<HTMLInputElement>(null)
  const listTo = href.view('list')
  const { uploads, select, busy } = useStepUploads({
    brandKey,
    action: href.action,
    csrf,
    // The new reference shows among the files being scanned, then in the list once available.
    onAttached: (last) => (last ? navigate(listTo, { preventScrollReset: true }) : revalidator.revalidate()),
  })
  if (!canEdit) {
    return (
      <EmptyState title={files.items.length > 0 ? 'Files of this step' : 'No files yet'}>
        {files.items.length > 0 ? 'Open View Uploads to see them.' : UPLOAD_EMPTY_TEXT}
      </EmptyState>
    )
  }
  return (
    <Form
      method="post"
      action={href.action}
      encType="multipart/form-data"
      className="flex flex-col items-center gap-4 rounded-lg border border-dashed border-line bg-white p-10 text-center"
      data-testid="upload-form"
      onSubmit={(event) => {
        if (!hydrated) return
        // With JavaScript the files go through the resumable pipeline instead, with their progress.
        event.preventDefault()
        void select(Array.from(input.current?.files ?? [])).then(() => {
          if (input.current) input.current.value = ''
        })
      }}
      onDragOver={(event) => event.preventDefault()}
      onDrop={(event) => {
        event.preventDefault()
        void select(Array.from(event.dataTransfer.files))
      }}
    >
      <CsrfField token={csrf} />
      <p className="font-medium">Drop files here or choose them</p>
      <p className="text-sm text-muted">{UPLOAD_EMPTY_TEXT}</p>
      <label className="sr-only" htmlFor="step-files">
        Files
      </label>
      <input ref={input} id="step-files" name="file" type="file" multiple accept={ACCEPT} className="text-sm" />
      <Button type="submit" disabled={busy}>
        Upload
      </Button>
      {uploads.length > 0 ? (
        <ul
          className="flex w-full max-w-md flex-col gap-2 text-left text-sm"
          aria-label="Uploads"
          data-testid="uploads"
        >
          {uploads.map((item) => (
            <li key={item.id} className="flex flex-col gap-1">
              <span className="flex justify-between gap-3">
                <span className="truncate">{item.name}</span>
                <span className="text-muted">
                  {item.state === 'failed' ? 'Failed' : item.progress < 0 ? 'Waiting' : `${item.progress}%`}
                </span>
              </span>
              <ProgressBar value={Math.max(0, item.progress)} max={100} label={`Upload of ${item.name}`} />
              {item.failure ? <span className="text-xs text-red-700">{item.failure}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </Form>
  )
}

/** Toasts of §4 for this step's files being scanned, and the page read again when they settle. */
function ScanWatcher({ brandKey, unsettled }: { brandKey: string; unsettled: StepFilesData['unsettled'] }) {
  const revalidator = useRevalidator()
  const scanning = unsettled.filter((item) => item.status === 'scanning').map((item) => item.file)
  const watched = useRef(new Set<string>())
  for (const key of scanning) watched.current.add(key)
  useRealtimeEvent<FileStatusEvent>(FILE_EVENTS.status, (event) => {
    if (event.brand !== brandKey || !watched.current.has(event.key)) return
    if (event.status === 'available') showToast({ kind: 'success', message: SCAN_MESSAGES.available })
    if (event.status === 'quarantined')
      showToast({ kind: 'error', message: SCAN_MESSAGES.quarantined, persistent: true })
    if (event.status === 'available' || event.status === 'quarantined') {
      watched.current.delete(event.key)
      revalidator.revalidate()
    }
  })
  // Without a socket: read the page again every 2000 ms while a file is being scanned.
  const pending = scanning.length > 0
  useEffect(() => {
    if (!pending) return
    const timer = setInterval(() => revalidator.revalidate(), RECHECK_MS)
    return () => clearInterval(timer)
  }, [pending, revalidator])
  return null
}

function Unsettled({ items, action }: { items: StepFilesData['unsettled']; action: string }) {
  const csrf = useCsrfToken()
  return (
    <ul className="flex flex-col gap-2" aria-label="Uploads not listed yet" data-testid="unsettled">
      {items.map((item) => (
        <li
          key={item.key}
          className={`flex flex-wrap items-center justify-between gap-3 rounded-md border px-4 py-2 text-sm ${
            item.status === 'refused' ? 'border-red-200 bg-red-50' : 'border-line bg-white'
          }`}
        >
          <span>
            <span className="font-medium">{item.name}</span>{' '}
            <span className="text-muted">
              {item.status === 'refused' ? `was not accepted. ${item.reason ?? ''}` : SCAN_MESSAGES.scanning}
            </span>
          </span>
          {item.status === 'refused' ? (
            <Form method="post" action={action}>
              <CsrfField token={csrf} />
              <input type="hidden" name="reference" value={item.key} />
              <button type="submit" name="intent" value="dismiss" className="text-xs font-medium underline">
                Remove
              </button>
            </Form>
          ) : null}
        </li>
      ))}
    </ul>
  )
}

const FAMILY_LABELS: Record<string, string> = {
  image: 'IMG',
  video: 'VID',
  spreadsheet: 'XLS',
  model: '3D',
  zprj: 'ZPRJ',
  svg: 'SVG',
  gif: 'GIF',
  pdf: 'PDF',
  obj: 'OBJ',
  ai: 'AI',
  psd: 'PSD',
  document: 'DOC',
  archive: 'ZIP',
  pattern: 'DXF',
  fbx: 'FBX',
  grading: 'RUL',
  file: 'FILE',
}

const FAMILY_COLOURS: Record<string, string> = {
  pdf: 'text-red-700',
  ai: 'text-orange-700',
  psd: 'text-sky-700',
  pattern: 'text-emerald-700',
  grading: 'text-emerald-700',
  model: 'text-violet-700',
  zprj: 'text-violet-700',
  obj: 'text-violet-700',
  fbx: 'text-violet-700',
}

/** §9 family icons: a sheet with its family's mark; a folder has its own shape. */
export function FamilyIcon({ type, size = 40 }: { type: string; size?: number }) {
  if (type === 'folder') {
    return (
      <svg width={size} height={size} viewBox="0 0 40 40" aria-label="Folder" role="img" data-family="folder">
        <path d="M4 10a3 3 0 0 1 3-3h9l4 4h13a3 3 0 0 1 3 3v16a3 3 0 0 1-3 3H7a3 3 0 0 1-3-3z" fill="#d9cfc1" />
      </svg>
    )
  }
  const label = FAMILY_LABELS[type] ?? 'FILE'
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 40 40"
      role="img"
      aria-label={`${label} file`}
      data-family={type}
      className={FAMILY_COLOURS[type] ?? 'text-ink'}
    >
      <path d="M9 3h16l8 8v24a2 2 0 0 1-2 2H9a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z" fill="#fff" stroke="#c8c2b8" />
      <path d="M25 3v8h8" fill="none" stroke="#c8c2b8" />
      <text x="20" y="28" textAnchor="middle" fontSize={label.length > 3 ? 7 : 9} fontWeight="600" fill="currentColor">
        {label}
      </text>
    </svg>
  )
}

function Thumb({ item, className, iconSize = 40 }: { item: FileItem; className: string; iconSize?: number }) {
  return item.image && item.thumbnail ? (
    <img src={item.thumbnail} alt="" className={`${className} object-cover`} loading="lazy" />
  ) : (
    <span className={`${className} flex items-center justify-center bg-paper`}>
      <FamilyIcon type={item.type} size={iconSize} />
    </span>
  )
}

function ItemName({ item, href }: { item: FileItem; href: Hrefs }) {
  if (item.folder) {
    return (
      <Link to={href.folder(item.key)} className="font-medium hover:underline" data-testid="folder-link">
        {item.name}
      </Link>
    )
  }
  if (item.image && item.original) {
    return (
      <Link to={href.here({ open: item.key })} className="font-medium hover:underline" preventScrollReset>
        {item.name}
      </Link>
    )
  }
  return <span className="font-medium">{item.name}</span>
}

function ListView({ items: loaded, canEdit, href, styleKey }: ViewProps) {
  return (
    <SortableFiles items={loaded} styleKey={styleKey} enabled={canEdit} layout="list">
      {(items, sortable) => (
        <div className="rounded-lg border border-line bg-white">
          <table className="w-full text-sm" data-testid="files-list">
            <thead className="border-b border-line text-left text-xs uppercase tracking-wide text-muted">
              <tr>
                {sortable ? (
                  <th className="w-10 px-3 py-2">
                    <span className="sr-only">Order</span>
                  </th>
                ) : null}
                <th className="w-16 px-3 py-2">
                  <span className="sr-only">Preview</span>
                </th>
                <th className="px-3 py-2">Name</th>
                <th className="px-3 py-2">Size</th>
                <th className="px-3 py-2">Created</th>
                <th className="px-3 py-2 text-right">Actions</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item, index) => {
                const cells = (
                  <>
                    <td className="px-3 py-2">
                      <Thumb item={item} className="h-12 w-9 rounded" />
                    </td>
                    <td className="px-3 py-2">
                      <ItemName item={item} href={href} />
                      {item.final ? <span className="ml-2 text-xs text-muted">Final</span> : null}
                    </td>
                    <td className="whitespace-nowrap px-3 py-2 text-muted">
                      {item.size === null ? '—' : formatFileSize(item.size)}
                    </td>
                    <td className="whitespace-nowrap px-3 py-2 text-muted">{formatWhen(item.created, 'UTC')}</td>
                    <td className="px-3 py-2">
                      <RowActions item={item} canEdit={canEdit} href={href} {...ends(items, index)} />
                    </td>
                  </>
                )
                return sortable ? (
                  <SortableRow key={item.key} item={item}>
                    {cells}
                  </SortableRow>
                ) : (
                  <tr
                    key={item.key}
                    className="border-b border-line last:border-0"
                    data-testid="file-row"
                    data-key={item.key}
                  >
                    {cells}
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
    </SortableFiles>
  )
}

interface ViewProps {
  items: FileItem[]
  canEdit: boolean
  href: Hrefs
  styleKey: string
}

/** Whether a row is first or last of its own kind (folders and files move among their own). */
const ends = (items: FileItem[], index: number) => ({
  first: index === 0 || items[index - 1]!.folder !== items[index]!.folder,
  last: index === items.length - 1 || items[index + 1]!.folder !== items[index]!.folder,
})

/** One file or folder with what its actions need: may the viewer change it, and its place. */
interface ItemProps {
  item: FileItem
  canEdit: boolean
  href: Hrefs
  first: boolean
  last: boolean
}

function SortableRow({ item, children }: { item: FileItem; children: ReactNode }) {
  const { setNodeRef, style, isDragging, handle } = useSortableFile(item)
  return (
    <tr
      ref={setNodeRef}
      style={style}
      className={`border-b border-line last:border-0 ${isDragging ? 'bg-paper shadow-lg' : ''}`}
      data-testid="file-row"
      data-key={item.key}
    >
      <td className="px-3 py-2 align-middle">{handle}</td>
      {children}
    </tr>
  )
}

function SlideView({ items: loaded, canEdit, href, styleKey }: ViewProps) {
  return (
    <SortableFiles items={loaded} styleKey={styleKey} enabled={canEdit} layout="grid">
      {(items, sortable) => (
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" data-testid="files-slides">
          {items.map((item, index) =>
            sortable ? (
              <SortableSlide key={item.key} item={item}>
                <SlideBody item={item} canEdit={canEdit} href={href} {...ends(items, index)} />
              </SortableSlide>
            ) : (
              <li
                key={item.key}
                className="flex flex-col rounded-lg border border-line bg-white"
                data-testid="file-slide"
                data-key={item.key}
              >
                <SlideBody item={item} canEdit={canEdit} href={href} {...ends(items, index)} />
              </li>
            ),
          )}
        </ul>
      )}
    </SortableFiles>
  )
}

function SortableSlide({ item, children }: { item: FileItem; children: ReactNode }) {
  const { setNodeRef, style, isDragging, handle } = useSortableFile(item)
  return (
    <li
      ref={setNodeRef}
      style={style}
      className={`flex flex-col rounded-lg border border-line bg-white ${isDragging ? 'shadow-lg' : ''}`}
      data-testid="file-slide"
      data-key={item.key}
    >
      <span className="absolute left-2 top-2 z-[1]">{handle}</span>
      {children}
    </li>
  )
}

function SlideBody({ item, canEdit, href, first, last }: ItemProps) {
  const thumb = <Thumb item={item} className="aspect-[3/4] w-full rounded-t-lg" iconSize={88} />
  return (
    <>
      {item.folder ? (
        <Link to={href.folder(item.key)} className="block">
          {thumb}
        </Link>
      ) : item.image && item.original ? (
        <Link to={href.here({ open: item.key })} className="block" preventScrollReset aria-label={`Open ${item.name}`}>
          {thumb}
        </Link>
      ) : (
        thumb
      )}
      <div className="flex flex-col gap-1 p-3 text-sm">
        <ItemName item={item} href={href} />
        <span className="text-xs text-muted">
          {item.size === null ? 'Folder' : formatFileSize(item.size)} · {formatWhen(item.created, 'UTC')}
        </span>
        <RowActions item={item} canEdit={canEdit} href={href} first={first} last={last} />
      </div>
    </>
  )
}

function ActionButton({ intent, item, children }: { intent: string; item: FileItem; children: ReactNode }) {
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      className="block w-full px-4 py-2 text-left hover:bg-black/5"
      aria-label={`${typeof children === 'string' ? children : intent} ${item.name}`}
    >
      {children}
    </button>
  )
}

/** Download for everyone who sees the file; the rest for owners and editors (decision 114). */
function RowActions({ item, canEdit, href, first, last }: ItemProps) {
  const csrf = useCsrfToken()
  const download = !item.folder && item.original
  if (!canEdit) {
    return download ? (
      <Form method="post" action={href.action} reloadDocument className="text-right">
        <CsrfField token={csrf} />
        <input type="hidden" name="reference" value={item.key} />
        <button type="submit" name="intent" value="download" className="text-sm font-medium underline">
          Download
        </button>
      </Form>
    ) : null
  }
  const linkClass = 'block px-4 py-2 hover:bg-black/5'
  return (
    <div className="flex justify-end">
      <Menu name={`Actions for ${item.name}`} label={<span aria-hidden="true">⋯</span>}>
        {download ? (
          <Form method="post" action={href.action} reloadDocument>
            <CsrfField token={csrf} />
            <input type="hidden" name="reference" value={item.key} />
            <ActionButton intent="download" item={item}>
              Download
            </ActionButton>
          </Form>
        ) : null}
        <Link to={href.here({ rename: item.key })} className={linkClass} preventScrollReset>
          Rename
        </Link>
        <Link to={href.here({ move: item.key })} className={linkClass} preventScrollReset>
          Move
        </Link>
        <Form method="post" action={href.action} preventScrollReset>
          <CsrfField token={csrf} />
          <input type="hidden" name="reference" value={item.key} />
          {!first ? (
            <ActionButton intent="up" item={item}>
              Move up
            </ActionButton>
          ) : null}
          {!last ? (
            <ActionButton intent="down" item={item}>
              Move down
            </ActionButton>
          ) : null}
          {!item.folder ? (
            <ActionButton intent="clone" item={item}>
              Clone as Final
            </ActionButton>
          ) : null}
          <ActionButton intent="archive" item={item}>
            Archive
          </ActionButton>
        </Form>
        <Link to={href.here({ delete: item.key })} className={`${linkClass} text-red-700`} preventScrollReset>
          Delete
        </Link>
      </Menu>
    </div>
  )
}

/** A dialog of one reference: its form posts `intent` with the reference, or Cancel goes back. */
function ReferenceDialog({
  item,
  href,
  title,
  intent,
  submit,
  cancel = 'Cancel',
  danger = false,
  children,
}: {
  item: FileItem
  href: Hrefs
  title: string
  intent: string
  submit: string
  cancel?: string
  danger?: boolean
  children: ReactNode
}) {
  const csrf = useCsrfToken()
  const close = href.here({})
  return (
    <RouteDialog title={title} closeTo={close}>
      <Form method="post" action={href.action} className="flex flex-col gap-4">
        <CsrfField token={csrf} />
        <input type="hidden" name="reference" value={item.key} />
        {children}
        <div className="flex justify-end gap-2">
          <Link to={close} className={buttonClass('secondary')} preventScrollReset>
            {cancel}
          </Link>
          <Button type="submit" name="intent" value={intent} variant={danger ? 'danger' : undefined}>
            {submit}
          </Button>
        </div>
      </Form>
    </RouteDialog>
  )
}

const dialogLabelClass = 'text-xs font-semibold uppercase tracking-wide text-muted'

/** §2's Rename modal: NEW NAME, CANCEL and RENAME. */
function RenameDialog({ item, href }: { item: FileItem; href: Hrefs }) {
  return (
    <ReferenceDialog
      item={item}
      href={href}
      title={`Rename ${item.name}`}
      intent="rename"
      submit="RENAME"
      cancel="CANCEL"
    >
      <label htmlFor="new-name" className={dialogLabelClass}>
        NEW NAME
      </label>
      <input
        id="new-name"
        name="name"
        required
        maxLength={200}
        defaultValue={item.name}
        className="rounded-md border border-line px-3 py-2"
      />
    </ReferenceDialog>
  )
}

function DeleteDialog({ item, href }: { item: FileItem; href: Hrefs }) {
  return (
    <ReferenceDialog item={item} href={href} title={`Delete ${item.name}`} intent="delete" submit="Delete" danger>
      <p className="text-sm">{REFERENCE_TEXTS.confirmDelete}</p>
      {item.folder ? <p className="text-sm text-muted">Everything in the folder goes with it.</p> : null}
    </ReferenceDialog>
  )
}

function MoveDialog({ item, targets, href }: { item: FileItem; targets: StepFilesData['moveTargets']; href: Hrefs }) {
  // A folder cannot go into itself or below itself.
  const allowed = targets.filter((target) => !target.path.split(',').includes(item.key))
  return (
    <ReferenceDialog item={item} href={href} title={`Move ${item.name}`} intent="move" submit="Move">
      <label htmlFor="move-path" className={dialogLabelClass}>
        Move to
      </label>
      <select id="move-path" name="path" className="rounded-md border border-line px-3 py-2">
        <option value="">Top of the step</option>
        {allowed.map((target) => (
          <option key={target.key} value={target.path}>
            {target.label}
          </option>
        ))}
      </select>
    </ReferenceDialog>
  )
}

/** The original image, over the page (§2 "A lightbox opens an original image"). */
function Lightbox({ item, href }: { item: FileItem; href: Hrefs }) {
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label={item.name}
      className="fixed inset-0 z-40 flex flex-col items-center justify-center gap-3 bg-black/85 p-6 transition-opacity duration-200"
      data-testid="lightbox"
    >
      <Link
        to={href.here({})}
        aria-label="Close"
        className="absolute right-4 top-4 rounded-full p-2 text-white hover:bg-white/10"
        preventScrollReset
      >
        <CloseIcon />
      </Link>
      {item.image && item.original ? (
        <img src={item.original} alt={item.name} className="max-h-[85vh] max-w-full object-contain" />
      ) : (
        <p className="text-white">This file can&apos;t be previewed.</p>
      )}
      <p className="text-sm text-white/80">{item.name}</p>
    </div>
  )
}
