// The review page's dialogs: expand, new version, rename, delete, annotate.
import { SAMPLE_EXTENSIONS, sampleFormat } from '#app/features/samples/sample-formats'
import { SAMPLE_TEXTS } from '#app/features/atelier'
import { versionLabel } from '#app/features/samples/sample-versions'
import { useCsrfToken } from '#app/platform/csrf'
import { Button, ButtonLink, buttonClass } from '#app/ui/button'
import { RouteDialog } from '#app/ui/dialog'
import { ChevronIcon } from '#app/ui/icons'
import { CsrfField } from '#app/ui/misc'
import { INITIAL_VIEW, type View } from '#app/ui/zoom-pan'
import { FormAlert, HeldFormMessage, refuseFileFormOffline } from '#app/ui/offline-forms'
import { Form, Link } from '@remix-run/react'
import { useEffect, useState, type ReactNode } from 'react'
import { pageHref, type SampleReviewData } from './sample-review-data'
import { SampleStage } from './sample-stage'
import { ZoomControls, ZoomPanFrame } from './zoom-pan-frame'

/**
 * Expand: the sample large, with previous and next that wrap around the style's samples; a picture
 * zooms (0.9 at first, 0.2 at least, by 0.1) and pans, and each one fades in over 200 ms (§9).
 */
export function ExpandDialog({ data, closeTo }: { data: SampleReviewData; closeTo: string }) {
  const index = Math.max(
    0,
    data.samples.findIndex((sample) => sample.key === data.sample.key),
  )
  const count = data.samples.length
  const previous = data.samples[(index - 1 + count) % count]
  const next = data.samples[(index + 1) % count]
  const initial = { ...INITIAL_VIEW, zoom: data.zoom }
  const [view, setView] = useState<View>(initial)
  // Another sample starts at the first zoom again.
  useEffect(() => setView({ ...INITIAL_VIEW, zoom: data.zoom }), [data.sample.key, data.zoom])
  const source = data.sample.assets?.web ?? data.sample.assets?.original ?? null
  // A 3D sample shows its still here (decision 141); it turns in the viewer on the sample's page.
  const still = sampleFormat(data.sample)?.show === 'viewer' ? (data.sample.assets?.web ?? null) : null
  const picture = still ?? (source && (data.sample.type === 'image' || data.sample.type === 'gif') ? source : null)
  return (
    <RouteDialog title={data.sample.name} closeTo={closeTo} wide>
      <div className="flex flex-col gap-3">
        {picture ? (
          <>
            <ZoomPanFrame view={view} onView={setView} label={data.sample.name} className="h-[70vh]">
              <img
                key={data.sample.key}
                src={picture}
                alt=""
                draggable={false}
                className="lightbox-fade max-h-full max-w-full object-contain"
              />
            </ZoomPanFrame>
            {still ? (
              <p className="text-center text-sm text-muted">
                A still of the 3D sample; it turns in the 3D view on the sample’s page.
              </p>
            ) : null}
            <div className="flex justify-center">
              <ZoomControls
                view={view}
                onView={setView}
                hrefFor={(zoom) => pageHref(data, { dialog: 'expand', zoom: zoom === null ? null : String(zoom) })}
              />
            </div>
          </>
        ) : (
          <div key={data.sample.key} className="lightbox-fade">
            <SampleStage sample={data.sample} large />
          </div>
        )}
        {count > 1 && previous && next ? (
          <div className="flex items-center justify-between text-sm">
            <Link
              to={pageHref(data, { dialog: 'expand', zoom: null }, previous.key)}
              className={buttonClass('secondary')}
            >
              <ChevronIcon direction="left" /> <span className="sr-only">Previous sample: </span>
              {previous.name}
            </Link>
            <span className="text-muted">
              {index + 1} / {count}
            </span>
            <Link to={pageHref(data, { dialog: 'expand', zoom: null }, next.key)} className={buttonClass('secondary')}>
              <span className="sr-only">Next sample: </span>
              {next.name} <ChevronIcon direction="right" />
            </Link>
          </div>
        ) : null}
      </div>
    </RouteDialog>
  )
}

/** The file picker's filter: the extensions a sample may have (the server checks again). */
const SAMPLE_ACCEPT = SAMPLE_EXTENSIONS.map((extension) => `.${extension}`).join(',')

/** Upload new version: one file, through the file pipeline (a plain multipart form). */
export function VersionDialog({ data, closeTo }: { data: SampleReviewData; closeTo: string }) {
  const csrf = useCsrfToken()
  const [refused, setRefused] = useState<string | null>(null)
  return (
    <RouteDialog title="Upload new version" closeTo={closeTo}>
      <form
        method="post"
        encType="multipart/form-data"
        // Offline the browser would leave for its own error page: the dialog says so and keeps the file.
        onSubmit={(event) => refuseFileFormOffline(event, setRefused)}
        action={`/brand/${data.brandKey}/style/${data.style.key}/samples/${data.sample.key}/version`}
        className="flex flex-col gap-4"
      >
        <CsrfField token={csrf} />
        {refused ? <FormAlert message={refused} /> : null}
        <p className="text-sm text-muted">
          {versionLabel(Math.max(data.sample.version, ...data.versions.map((version) => version.version)) + 1)} keeps
          the versions before it. The markup of the newest version is carried over, each mark flagged to re-check.
        </p>
        <label className="flex flex-col gap-2 text-sm">
          File
          <input type="file" name="file" required accept={SAMPLE_ACCEPT} className="text-sm" />
        </label>
        <div className="flex justify-end gap-2">
          <ButtonLink variant="secondary" to={closeTo}>
            Cancel
          </ButtonLink>
          <Button type="submit">Upload</Button>
        </div>
      </form>
    </RouteDialog>
  )
}

function DialogForm({ intent, children }: { intent: string; children: ReactNode }) {
  const csrf = useCsrfToken()
  return (
    <Form method="post" className="flex flex-col gap-4" preventScrollReset>
      <CsrfField token={csrf} />
      <input type="hidden" name="intent" value={intent} />
      <HeldFormMessage />
      {children}
    </Form>
  )
}

export function RenameDialog({ data, closeTo }: { data: SampleReviewData; closeTo: string }) {
  return (
    <RouteDialog title="Rename" closeTo={closeTo}>
      <DialogForm intent="rename">
        <label className="flex flex-col gap-1 text-sm">
          Name
          <input
            name="name"
            required
            maxLength={255}
            defaultValue={data.sample.name}
            className="rounded-md border border-line px-3 py-2"
          />
        </label>
        <div className="flex justify-end gap-2">
          <ButtonLink variant="secondary" to={closeTo}>
            Cancel
          </ButtonLink>
          <Button type="submit">Save</Button>
        </div>
      </DialogForm>
    </RouteDialog>
  )
}

export function DeleteDialog({ data, closeTo }: { data: SampleReviewData; closeTo: string }) {
  return (
    <RouteDialog title={`Delete ${data.sample.name}`} closeTo={closeTo}>
      <DialogForm intent="delete">
        <p className="text-sm">{SAMPLE_TEXTS.deleteConfirm}</p>
        <div className="flex justify-end gap-2">
          <ButtonLink variant="secondary" to={closeTo}>
            Cancel
          </ButtonLink>
          <Button type="submit" variant="danger">
            Delete
          </Button>
        </div>
      </DialogForm>
    </RouteDialog>
  )
}

/** Annotate (atelier.md §2): an optional summary, posted to the sample's thread as the markup's note. */
export function AnnotateDialog({ closeTo }: { closeTo: string }) {
  return (
    <RouteDialog title="Annotate" closeTo={closeTo}>
      <DialogForm intent="annotate">
        <label className="flex flex-col gap-1 text-sm">
          Summary (optional)
          <textarea name="summary" rows={4} maxLength={2000} className="rounded-md border border-line px-3 py-2" />
        </label>
        <div className="flex justify-end gap-2">
          <ButtonLink variant="secondary" to={closeTo}>
            Cancel
          </ButtonLink>
          <Button type="submit">Save</Button>
        </div>
      </DialogForm>
    </RouteDialog>
  )
}
