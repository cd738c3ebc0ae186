// The library's dialogs (new folder, upload, rename, move, delete) and the preview.
import type { AssetEntryView, StyleUse } from '../views'
import { joinPath, MAX_NAME_LENGTH } from '#app/features/assets/asset-paths'
import { formatFileSize, formatWhen } from '#app/platform/format'
import { Button, buttonClass } from '#app/ui/button'
import { ConfirmDialog } from '#app/ui/confirm-dialog'
import { RouteDialog } from '#app/ui/dialog'
import { CsrfField, EmptyState } from '#app/ui/misc'
import { PdfPreview } from '#app/ui/pdf-preview'
import { Form, Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { previewKind, typeLabel, withQuery, type LibraryPageProps } from './asset-library-props'

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

export function Dialogs({
  dialog,
  folder,
  query,
  here,
  csrf,
  brandKey,
}: LibraryPageProps & { here: string; csrf: string }) {
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

export function Preview({
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
