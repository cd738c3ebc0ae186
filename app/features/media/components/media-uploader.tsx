// The upload area of the media upload page (catalogue.md §2 step 2): drag and drop or Select
// Files, as a plain multipart form that posts every chosen photo to the page's action without
// JavaScript. With JavaScript the same form opens the Upload Detail modal instead: the batch
// preflight, per-item progress and status, Filename errors, Cancel and Save.
import { useNavigate } from '@remix-run/react'
import { useRef, useState, type DragEvent } from 'react'
import { Button } from '#app/ui/button'
import { RouteDialog } from '#app/ui/dialog'
import { InfoIcon } from '#app/ui/icons'
import { CsrfField } from '#app/ui/misc'
import { formatFileSize } from '#app/platform/format'
import { MEDIA_ACCEPT_ATTRIBUTE, MEDIA_NAMING, progressLabel } from '#app/features/media/media-upload-texts'
import { useHydrated } from '#app/ui/use-hydrated'
import { MediaPlace, MediaStatusBadge } from './media-status'
import { useMediaUploads, type UploadItem } from './use-media-uploads'

export const MEDIA_FORM_ID = 'media-upload-form'

/** The File Upload requirement tooltip: shown on hover or focus, so it needs no script. */
export function RequirementTooltip({ maxBytes, maxFiles }: { maxBytes: number; maxFiles: number }) {
  return (
    <span className="group relative inline-flex">
      <button
        type="button"
        aria-describedby="file-upload-requirements"
        className="inline-flex items-center gap-1 rounded-full px-2 py-1 text-xs font-medium text-muted hover:bg-black/5 hover:text-ink focus-visible:outline focus-visible:outline-2"
      >
        <InfoIcon width={16} height={16} /> File Upload requirements
      </button>
      <span
        id="file-upload-requirements"
        role="tooltip"
        className="invisible absolute right-0 top-full z-30 mt-2 w-80 rounded-md border border-line bg-white p-4 text-left text-xs leading-relaxed text-ink opacity-0 shadow-lg transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100"
      >
        <span className="mb-1 block font-semibold uppercase tracking-wide text-muted">File Upload</span>
        <span className="block">Accepted types: JPG, JPEG, PNG and WEBP.</span>
        <span className="block">
          Name each photo <code className="rounded bg-black/5 px-1">{MEDIA_NAMING}</code>, for example{' '}
          <code className="rounded bg-black/5 px-1">DB-1001_DB-1001-NAT-M_front.jpg</code>: it is placed on that
          listing. Other names go to the pool.
        </span>
        <span className="block">
          Up to {formatFileSize(maxBytes)} a photo; {maxFiles} photos at most in one upload without JavaScript.
        </span>
      </span>
    </span>
  )
}

export function MediaUploader({
  brandKey,
  csrf,
  action,
  manageTo,
  onChanged,
}: {
  brandKey: string
  csrf: string
  action: string
  manageTo: string
  /** The page's data changed (reserved rows, finished scans): refresh the table. */
  onChanged: () => void
}) {
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const input = useRef<HTMLInputElement>(null)
  const [dragging, setDragging] = useState(false)
  const uploads = useMediaUploads(brandKey, onChanged)

  const choose = (list: FileList | null) => {
    const chosen = Array.from(list ?? [])
    if (input.current) input.current.value = ''
    if (chosen.length > 0) void uploads.select(chosen)
  }
  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    choose(event.dataTransfer.files)
  }

  return (
    <>
      <form
        id={MEDIA_FORM_ID}
        method="post"
        encType="multipart/form-data"
        action={action}
        onSubmit={(event) => {
          // With a script the photos go one by one (resumable) as soon as they are chosen; the
          // form itself is not sent. The stepper's Save then only goes on to the manage step.
          event.preventDefault()
          const files = input.current?.files ?? null
          if (files && files.length > 0) choose(files)
          else navigate(manageTo)
        }}
      >
        {/* The token first: the action checks it before it reads any file. */}
        <CsrfField token={csrf} />
        <label
          htmlFor="media-files"
          onDragOver={(event) => {
            event.preventDefault()
            setDragging(true)
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="media-dropzone"
          className={`flex cursor-pointer flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed px-6 py-12 text-center transition-colors ${
            dragging ? 'border-ink bg-black/[0.03]' : 'border-line bg-white hover:border-ink/60'
          }`}
        >
          <span aria-hidden="true" className="grid grid-cols-3 gap-1.5">
            {[0, 1, 2].map((n) => (
              <span
                key={n}
                className={`block h-12 w-9 rounded-sm border border-line ${n === 1 ? 'bg-stone-200' : 'bg-stone-100'}`}
              />
            ))}
          </span>
          <span className="text-base font-medium">Drag and drop product photos here</span>
          <span className="text-sm text-muted">
            JPG, PNG or WEBP, named <code className="rounded bg-black/5 px-1 text-xs">{MEDIA_NAMING}</code>
          </span>
          <span className="mt-1 inline-flex items-center rounded-md bg-ink px-4 py-2 text-sm font-medium text-white">
            Select Files
          </span>
          <input
            ref={input}
            id="media-files"
            type="file"
            name="file"
            multiple
            accept={MEDIA_ACCEPT_ATTRIBUTE}
            onChange={hydrated ? (event) => choose(event.currentTarget.files) : undefined}
            className={hydrated ? 'sr-only' : 'mt-2 text-sm'}
          />
        </label>
        {hydrated ? null : (
          <div className="mt-3 flex justify-end">
            <Button type="submit">Upload</Button>
          </div>
        )}
      </form>
      {uploads.phase !== 'closed' ? (
        <UploadDetail
          items={uploads.items}
          checking={uploads.phase === 'checking'}
          busy={uploads.busy}
          onRemove={uploads.remove}
          onCancel={() => void uploads.cancel()}
          onSave={() => navigate(manageTo)}
        />
      ) : null}
    </>
  )
}

function UploadDetail({
  items,
  checking,
  busy,
  onRemove,
  onCancel,
  onSave,
}: {
  items: UploadItem[]
  checking: boolean
  busy: boolean
  onRemove: (id: number) => void
  onCancel: () => void
  onSave: () => void
}) {
  const placed = items.filter((item) => item.listing).length
  const pooled = items.filter((item) => item.key && !item.listing).length
  const failed = items.filter((item) => item.error).length
  return (
    <RouteDialog title="Upload Detail" wide onClose={onCancel}>
      <p className="mb-4 text-sm text-muted" data-testid="upload-detail-counts">
        {checking
          ? 'Checking the names…'
          : `${items.length} ${items.length === 1 ? 'photo' : 'photos'}: ${placed} on listings, ${pooled} to the pool${failed ? `, ${failed} with errors` : ''}.`}
      </p>
      <ul className="divide-y divide-line border-y border-line" data-testid="upload-detail-list">
        {items.map((item) => (
          <UploadRow key={item.id} item={item} onRemove={onRemove} />
        ))}
      </ul>
      <div className="mt-6 flex items-center justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="button" onClick={onSave} disabled={busy || checking}>
          {busy ? 'Uploading…' : 'Save'}
        </Button>
      </div>
    </RouteDialog>
  )
}

function UploadRow({ item, onRemove }: { item: UploadItem; onRemove: (id: number) => void }) {
  const removable = Boolean(item.error) && item.progress <= 0
  const percent = Math.max(0, Math.min(100, item.progress))
  return (
    <li
      className="grid grid-cols-[minmax(0,1.3fr)_minmax(0,1.2fr)_8rem_9.5rem] items-center gap-4 py-3"
      data-testid="upload-item"
    >
      <div className="min-w-0">
        <p className="truncate text-sm font-medium" title={item.name}>
          {item.name}
        </p>
        <p className="text-xs text-muted">{formatFileSize(item.size)}</p>
        {item.error ? (
          <p className="mt-1 text-xs text-red-900">
            <span className="mr-1 inline-flex rounded bg-red-100 px-1.5 py-0.5 font-semibold">Filename error</span>{' '}
            {item.error}
          </p>
        ) : null}
        {item.failure ? <p className="mt-1 text-xs text-red-900">{item.failure}</p> : null}
      </div>
      <div className="min-w-0">
        {item.error ? (
          <span className="text-xs text-muted">Not uploaded</span>
        ) : item.key ? (
          <MediaPlace
            listing={item.listing ?? null}
            unmatched={item.unmatched}
            refused={item.status === 'refused' && !item.failure}
          />
        ) : null}
      </div>
      <div>
        <div
          role="progressbar"
          aria-label={`${item.name} progress`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={item.progress < 0 ? undefined : percent}
          className="h-1.5 overflow-hidden rounded-full bg-black/10"
        >
          <div className="h-full bg-ink transition-[width]" style={{ width: `${percent}%` }} />
        </div>
        <p className="mt-1 text-xs tabular-nums text-muted" data-testid="upload-progress">
          {progressLabel(item.progress)}
        </p>
      </div>
      <div className="flex items-center justify-end gap-2">
        <MediaStatusBadge status={item.error ? 'refused' : item.status} />
        {removable ? (
          <button
            type="button"
            onClick={() => onRemove(item.id)}
            className="rounded px-2 py-1 text-xs font-medium text-muted hover:bg-black/5 hover:text-ink"
            aria-label={`Remove ${item.name}`}
          >
            Remove
          </button>
        ) : null}
      </div>
    </li>
  )
}
