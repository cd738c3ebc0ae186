// The toolbar (view, new folder, tabs) and the drop zone with its plain form.
import { DEFAULT_FOLDER_NAME } from '#app/features/atelier/references'
import { UPLOAD_EMPTY_TEXT, stepLabel } from '#app/features/atelier/style-steps'
import { useCsrfToken } from '#app/platform/csrf'
import { Button, ButtonLink } from '#app/ui/button'
import { BackIcon } from '#app/ui/icons'
import { CsrfField, EmptyState, Menu } from '#app/ui/misc'
import { ProgressBar } from '#app/ui/progress-bar'
import { useHydrated } from '#app/ui/use-hydrated'
import { Form, Link, useNavigate, useRevalidator } from '@remix-run/react'
import { useRef } from 'react'
import { ACCEPT, type Hrefs, type StepUploadsSlotProps } from './step-uploads-props'
import { useStepUploads } from './use-step-uploads'

export function Toolbar({ files, canEdit, step, href }: StepUploadsSlotProps & { href: Hrefs }) {
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

export function UploadArea({ canEdit, files, brandKey, href }: StepUploadsSlotProps & { href: Hrefs }) {
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
