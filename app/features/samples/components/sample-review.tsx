// The virtual sample review page (atelier.md §2): header actions, the reference image carousel,
// the sample on its stage, its status and side actions, the other samples as a rail or a list,
// and the sample's comment thread. Dialogs are states of the query (`?dialog=`), so every action
// is a link or a form and works without JavaScript.
import { Form, Link } from '@remix-run/react'
import { useEffect, useState, type ReactNode } from 'react'
import { CommentThread } from '#app/features/chat/components/comment-thread'
import { Slide, Slideshow } from '#app/features/atelier/components/slideshow'
import { Button, ButtonLink, buttonClass } from '#app/ui/button'
import { RouteDialog } from '#app/ui/dialog'
import { BackIcon, ChevronIcon, HangerIcon } from '#app/ui/icons'
import { Badge, CsrfField, EmptyState } from '#app/ui/misc'
import { useCsrfToken } from '#app/platform/csrf'
import { formatFileSize, formatWhen } from '#app/platform/format'
import { SAMPLE_TEXTS, type SampleStatus } from '#app/features/samples/sample-status'
import type { AnyPin, Shape } from '#app/features/samples/markup/shapes'
import { SAMPLE_EXTENSIONS, sampleFormat } from '#app/features/samples/sample-formats'
import { markupPinThreadKey } from '#app/features/chat/schemas'
import type { MessagePage } from '#app/features/chat/chat.server'
import type { SampleView, StatusChangeView } from '#app/features/samples/samples.server'
import { versionLabel } from '#app/features/samples/sample-versions'
import { INITIAL_VIEW, type View } from '#app/ui/zoom-pan'
import { DownloadCard } from './download-card'
import { MarkupStage } from './markup-editor'
import { Sample3dStage } from './sample-3d'
import { ZoomControls, ZoomPanFrame } from './zoom-pan-frame'

export type SampleDialog = 'expand' | 'rename' | 'delete' | 'annotate' | 'version'

export interface SampleReviewData {
  brandKey: string
  selfKey: string
  style: { key: string; name: string; number: string | null }
  sample: SampleView
  samples: SampleView[]
  /** The versions of this sample's series one may see, first version first. */
  versions: SampleView[]
  /** The other version shown beside this one (`?compare=`). */
  compare: SampleView | null
  /** The lightbox's zoom asked for by the address (`?zoom=`), for the page without JavaScript. */
  zoom: number
  referenceImages: { key: string; name: string; assets: SampleView['assets'] }[]
  history: StatusChangeView[]
  statusOptions: SampleStatus[]
  mayLockAsFinal: boolean
  canEdit: boolean
  canReview: boolean
  thread: MessagePage
  /** The shapes drawn on the sample, as stored. */
  markup: Shape[]
  /** The pin whose comment thread is open (`?pin=`), and that thread. */
  pin: AnyPin | null
  pinThread: MessagePage | null
  /** Earlier versions' comments on the open pin, newest version first. */
  earlierPinComments: { sampleKey: string; version: number; count: number }[]
  selfName: string
  /** The page's own query state. */
  markupMode: boolean
  showReferences: boolean
  listView: boolean
  dialog: SampleDialog | null
}

const STATUS_TONE: Record<SampleStatus, 'neutral' | 'info' | 'success' | 'warning' | 'danger'> = {
  'Asset Uploaded': 'neutral',
  'In Progress': 'info',
  'Ready for Review': 'warning',
  Declined: 'danger',
  Approved: 'success',
  Final: 'success',
}

export function StatusBadge({ status }: { status: SampleStatus }) {
  return <Badge tone={STATUS_TONE[status]}>{status}</Badge>
}

function pageHref(data: SampleReviewData, changes: Record<string, string | null>, sampleKey = data.sample.key) {
  const query = new URLSearchParams()
  if (data.pin && sampleKey === data.sample.key) query.set('pin', data.pin.id)
  if (data.compare && sampleKey === data.sample.key) query.set('compare', data.compare.key)
  if (!data.showReferences) query.set('references', 'off')
  if (data.listView) query.set('view', 'list')
  if (data.markupMode) query.set('markup', 'on')
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) query.delete(name)
    else query.set(name, value)
  }
  const text = query.toString()
  return `/brand/${data.brandKey}/style/${data.style.key}/samples/${sampleKey}${text ? `?${text}` : ''}`
}

export function SampleReviewPage({ data }: { data: SampleReviewData }) {
  const { sample } = data
  const closeTo = pageHref(data, { dialog: null })
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex flex-col gap-1">
          <Link
            to={`/brand/${data.brandKey}/style/${data.style.key}`}
            className="inline-flex items-center gap-1 text-sm text-muted hover:text-ink"
          >
            <BackIcon className="h-4 w-4" /> {data.style.name}
          </Link>
          <h1 className="font-display text-2xl">Virtual Sample</h1>
        </div>
        <nav aria-label="Sample actions" className="flex flex-wrap gap-2">
          <ButtonLink
            variant={data.showReferences ? 'primary' : 'secondary'}
            to={pageHref(data, { references: data.showReferences ? 'off' : null })}
            preventScrollReset
          >
            Reference Image<span className="sr-only">{data.showReferences ? ' (on)' : ' (off)'}</span>
          </ButtonLink>
          <ButtonLink variant="secondary" to={pageHref(data, { dialog: 'expand' })} preventScrollReset>
            Expand
          </ButtonLink>
          {data.canReview ? (
            <ButtonLink
              variant={data.markupMode ? 'primary' : 'secondary'}
              to={pageHref(data, { markup: data.markupMode ? null : 'on' })}
              preventScrollReset
            >
              Markup<span className="sr-only">{data.markupMode ? ' (on)' : ' (off)'}</span>
            </ButtonLink>
          ) : null}
          <a href="#comments" className={buttonClass('secondary')}>
            Comment
          </a>
        </nav>
      </header>

      {data.showReferences ? <ReferenceCarousel data={data} /> : null}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <section aria-label={sample.name} className="flex flex-col gap-3">
          <div role="tablist" aria-label="Samples" className="flex gap-4 border-b border-line text-sm">
            <span role="tab" aria-selected="true" className="border-b-2 border-ink px-1 pb-2 font-medium">
              Virtual Sample
            </span>
            <span role="tab" aria-selected="false" aria-disabled="true" className="px-1 pb-2 text-muted opacity-50">
              Archived
            </span>
          </div>
          <VersionNotice data={data} />
          {data.compare ? (
            <CompareVersions data={data} other={data.compare} />
          ) : sample.assets && (sample.type === 'image' || sample.type === 'gif') ? (
            <MarkupStage
              key={sample.key}
              picture={{
                brandKey: data.brandKey,
                sampleKey: sample.key,
                name: sample.name,
                src: sample.assets.web ?? sample.assets.original,
                width: sample.width,
                height: sample.height,
              }}
              shapes={data.markup}
              user={{ key: data.selfKey, name: data.selfName }}
              markupMode={data.markupMode}
              canDraw={data.canReview}
              annotateHref={pageHref(data, { dialog: 'annotate' })}
              activePin={data.pin?.id ?? null}
              pinHref={(id) => `${pageHref(data, { pin: id })}#comments`}
            />
          ) : sample.assets && sampleFormat(sample)?.show === 'viewer' ? (
            <Sample3dStage
              key={sample.key}
              model={{
                brandKey: data.brandKey,
                sampleKey: sample.key,
                name: sample.name,
                src: sample.assets.original,
                format: sampleFormat(sample)!,
                size: sample.size,
                poster: sample.assets.web ?? null,
                posterUpload:
                  data.canEdit && !sample.assets.thumbnail
                    ? `/brand/${data.brandKey}/style/${data.style.key}/samples/${sample.key}/poster`
                    : null,
              }}
              shapes={data.markup}
              user={{ key: data.selfKey, name: data.selfName }}
              markupMode={data.markupMode}
              canDraw={data.canReview}
              annotateHref={pageHref(data, { dialog: 'annotate' })}
              activePin={data.pin?.id ?? null}
              pinHref={(id) => `${pageHref(data, { pin: id })}#comments`}
            />
          ) : (
            <SampleStage sample={sample} />
          )}
        </section>
        <SidePanel data={data} />
      </div>

      <OtherSamples data={data} />

      <section id="comments" aria-labelledby="comments-heading" className="flex flex-col gap-3">
        {data.pin ? (
          <PinThread data={data} pin={data.pin} />
        ) : (
          <>
            <h2 id="comments-heading" className="text-xs font-medium uppercase tracking-[0.2em] text-muted">
              Comments
            </h2>
            <CommentThread model="Reference" modelId={sample.key} selfKey={data.selfKey} initial={data.thread} />
          </>
        )}
      </section>

      {data.dialog === 'expand' ? <ExpandDialog data={data} closeTo={closeTo} /> : null}
      {data.dialog === 'rename' && data.canEdit ? <RenameDialog data={data} closeTo={closeTo} /> : null}
      {data.dialog === 'delete' && data.canEdit ? <DeleteDialog data={data} closeTo={closeTo} /> : null}
      {data.dialog === 'annotate' && data.canReview ? <AnnotateDialog closeTo={closeTo} /> : null}
      {data.dialog === 'version' && data.canEdit ? <VersionDialog data={data} closeTo={closeTo} /> : null}
    </div>
  )
}

/** The comment thread of one markup pin, with Resolve (greys the pin out for everyone) and Reopen. */
function PinThread({ data, pin }: { data: SampleReviewData; pin: AnyPin }) {
  const csrf = useCsrfToken()
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <h2 id="comments-heading" className="text-xs font-medium uppercase tracking-[0.2em] text-muted">
            Pin {pin.number}
          </h2>
          {pin.resolved ? <Badge tone="neutral">Resolved</Badge> : <Badge tone="warning">Open</Badge>}
        </div>
        <div className="flex items-center gap-2">
          {data.canReview ? (
            <Form method="post" action={pageHref(data, {})} preventScrollReset>
              <CsrfField token={csrf} />
              <input type="hidden" name="intent" value="resolve-pin" />
              <input type="hidden" name="pin" value={pin.id} />
              <input type="hidden" name="resolved" value={pin.resolved ? 'false' : 'true'} />
              <Button type="submit" variant="secondary">
                {pin.resolved ? 'Reopen' : 'Resolve'}
              </Button>
            </Form>
          ) : null}
          <Link to={`${pageHref(data, { pin: null })}#comments`} className="text-sm text-muted underline">
            All comments
          </Link>
        </div>
      </div>
      {data.earlierPinComments.length > 0 ? (
        <p className="text-sm text-muted" data-testid="earlier-pin-comments">
          Earlier comments on this pin:{' '}
          {data.earlierPinComments.map((earlier, index) => (
            <span key={earlier.sampleKey}>
              {index > 0 ? ', ' : null}
              <Link
                to={`/brand/${data.brandKey}/style/${data.style.key}/samples/${earlier.sampleKey}?pin=${pin.id}#comments`}
                className="text-ink underline underline-offset-2"
              >
                {`version ${earlier.version} (${earlier.count} ${earlier.count === 1 ? 'comment' : 'comments'})`}
              </Link>
            </span>
          ))}
        </p>
      ) : null}
      <CommentThread
        model="MarkupPin"
        modelId={markupPinThreadKey(data.sample.key, pin.id)}
        selfKey={data.selfKey}
        initial={data.pinThread}
        title={`Comments on pin ${pin.number}`}
      />
    </>
  )
}

function ReferenceCarousel({ data }: { data: SampleReviewData }) {
  return (
    <section aria-labelledby="reference-heading" className="flex flex-col gap-2">
      <h2 id="reference-heading" className="text-xs font-medium uppercase tracking-[0.2em] text-muted">
        Reference images
      </h2>
      {data.referenceImages.length === 0 ? (
        <p className="text-sm text-muted">No reference images yet: add them in the style’s Additional References.</p>
      ) : (
        <Slideshow label="Carousel of reference images" count={data.referenceImages.length}>
          {data.referenceImages.map((image) => (
            <Slide key={image.key}>
              <a href={image.assets?.web ?? image.assets?.original ?? '#'} className="block">
                <img
                  src={image.assets?.thumbnail ?? image.assets?.web ?? ''}
                  alt={image.name}
                  loading="lazy"
                  className="aspect-product w-full rounded-md bg-canvas object-cover"
                />
              </a>
            </Slide>
          ))}
        </Slideshow>
      )}
    </section>
  )
}

/** The sample itself: a picture, a video, or a card to download what the page can't show. */
export function SampleStage({ sample, large = false }: { sample: SampleView; large?: boolean }) {
  const source = sample.assets?.web ?? sample.assets?.original ?? null
  const frame = `flex items-center justify-center overflow-hidden rounded-lg bg-stone-100 ${large ? 'max-h-[75vh]' : 'min-h-[24rem]'}`
  if (source && (sample.type === 'image' || sample.type === 'gif')) {
    return (
      <figure className={frame}>
        <img
          src={source}
          alt={sample.name}
          className={`max-w-full object-contain ${large ? 'max-h-[75vh]' : 'max-h-[36rem]'}`}
        />
      </figure>
    )
  }
  if (source && sample.type === 'video') {
    return (
      <figure className={frame}>
        <video src={source} controls className="max-h-[36rem] max-w-full" aria-label={sample.name} />
      </figure>
    )
  }
  const format = sampleFormat(sample)
  if (format) {
    const note = format.show === 'viewer' ? 'The 3D view shows on the sample’s page.' : undefined
    return <DownloadCard sample={sample} format={format} large={large} note={note} />
  }
  const checking = sample.progress === 0
  return (
    <div className={`${frame} flex-col gap-3 p-8 text-center`}>
      <HangerIcon className="h-16 w-16 text-stone-400" />
      <p className="font-medium">{sample.name}</p>
      <p className="text-sm text-muted">
        {checking ? 'The file is being checked; it shows here once it is safe.' : "This file can't be previewed."}
      </p>
      {sample.download ? (
        <a href={sample.download} download={sample.name} className={buttonClass('secondary')}>
          Download
        </a>
      ) : null}
    </div>
  )
}

function SidePanel({ data }: { data: SampleReviewData }) {
  const csrf = useCsrfToken()
  const { sample } = data
  return (
    <aside aria-label="Sample details" className="flex flex-col gap-5 text-sm">
      <div className="flex flex-col gap-1">
        <h2 className="break-words text-lg font-medium">{sample.name}</h2>
        <p className="text-muted">
          {sample.size !== null ? formatFileSize(sample.size) : ''} · added{' '}
          {formatWhen(new Date(sample.created * 1000))}
        </p>
      </div>

      <div className="flex flex-col gap-2">
        <span className="text-xs font-medium uppercase tracking-[0.2em] text-muted">Status</span>
        <div data-testid="sample-status">
          <StatusBadge status={sample.sample_status} />
        </div>
        {data.statusOptions.length > 0 ? (
          <Form method="post" className="flex gap-2" preventScrollReset>
            <CsrfField token={csrf} />
            <input type="hidden" name="intent" value="status" />
            <label htmlFor="sample-status" className="sr-only">
              Status
            </label>
            <select
              id="sample-status"
              name="status"
              defaultValue={data.statusOptions.includes(sample.sample_status) ? sample.sample_status : ''}
              className="min-w-0 flex-1 rounded-md border border-line bg-white px-2 py-2"
            >
              {data.statusOptions.includes(sample.sample_status) ? null : (
                <option value="" disabled>
                  Choose a status
                </option>
              )}
              {data.statusOptions.map((status) => (
                <option key={status} value={status}>
                  {status}
                </option>
              ))}
            </select>
            <Button type="submit" variant="secondary">
              Save
            </Button>
          </Form>
        ) : null}
        {data.mayLockAsFinal ? (
          <Form method="post" preventScrollReset>
            <CsrfField token={csrf} />
            <input type="hidden" name="intent" value="lock" />
            <Button type="submit" variant="primary" className="w-full">
              Lock as Final
            </Button>
          </Form>
        ) : null}
      </div>

      <div className="flex flex-col gap-1" role="group" aria-label="Sample side actions">
        {sample.download ? (
          <a href={sample.download} download={sample.name} className={buttonClass('ghost', 'justify-start')}>
            Download
          </a>
        ) : null}
        {data.canEdit ? (
          <>
            <ButtonLink
              variant="ghost"
              className="justify-start"
              to={pageHref(data, { dialog: 'rename' })}
              preventScrollReset
            >
              Rename
            </ButtonLink>
            <button type="button" disabled className={buttonClass('ghost', 'justify-start opacity-50')}>
              Move
            </button>
            <ButtonLink
              variant="ghost"
              className="justify-start text-red-700"
              to={pageHref(data, { dialog: 'delete' })}
              preventScrollReset
            >
              Delete
            </ButtonLink>
          </>
        ) : null}
      </div>

      <VersionList data={data} />

      <div className="flex flex-col gap-2">
        <h3 className="text-xs font-medium uppercase tracking-[0.2em] text-muted">History</h3>
        {data.history.length === 0 ? (
          <p className="text-muted">No status changes yet.</p>
        ) : (
          <ol aria-label="Status history" className="flex flex-col gap-2">
            {data.history.map((change) => (
              <li key={change.key} className="leading-snug">
                <span className="font-medium">{change.who ?? 'Someone'}</span> set{' '}
                <span className="font-medium">{change.to}</span> (was {change.from})
                <span className="block text-xs text-muted">{formatWhen(new Date(change.when * 1000))}</span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </aside>
  )
}

function OtherSamples({ data }: { data: SampleReviewData }) {
  const toggle = (
    <div className="flex gap-1 text-sm" role="group" aria-label="Show samples as">
      <Link
        to={pageHref(data, { view: null })}
        aria-current={data.listView ? undefined : 'true'}
        preventScrollReset
        className={`rounded px-2 py-1 ${data.listView ? 'text-muted hover:text-ink' : 'bg-black/5 font-medium'}`}
      >
        Rail
      </Link>
      <Link
        to={pageHref(data, { view: 'list' })}
        aria-current={data.listView ? 'true' : undefined}
        preventScrollReset
        className={`rounded px-2 py-1 ${data.listView ? 'bg-black/5 font-medium' : 'text-muted hover:text-ink'}`}
      >
        List
      </Link>
    </div>
  )
  return (
    <section aria-labelledby="samples-heading" className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-4">
        <h2 id="samples-heading" className="text-xs font-medium uppercase tracking-[0.2em] text-muted">
          Samples of this style
        </h2>
        <div className="flex items-center gap-3">
          {toggle}
          {data.canEdit ? (
            <ButtonLink variant="secondary" to={`/brand/${data.brandKey}/style/${data.style.key}/samples/add`}>
              Add samples
            </ButtonLink>
          ) : null}
        </div>
      </div>
      {data.samples.length === 0 ? (
        <EmptyState title="No virtual samples yet" />
      ) : data.listView ? (
        <table className="w-full text-left text-sm">
          <thead className="text-xs uppercase tracking-wide text-muted">
            <tr>
              <th className="py-2 font-medium">Name</th>
              <th className="py-2 font-medium">Status</th>
              <th className="py-2 font-medium">Added</th>
            </tr>
          </thead>
          <tbody>
            {data.samples.map((sample) => (
              <tr key={sample.key} className="border-t border-line">
                <td className="py-2">
                  <Link
                    to={pageHref(data, { dialog: null }, sample.key)}
                    aria-current={sample.key === data.sample.key ? 'page' : undefined}
                    className="underline-offset-2 hover:underline aria-[current=page]:font-medium"
                  >
                    {sample.name}
                  </Link>
                </td>
                <td className="py-2">
                  <StatusBadge status={sample.sample_status} />
                </td>
                <td className="py-2 text-muted">{formatWhen(new Date(sample.created * 1000))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <Slideshow label="Carousel of this style’s samples" count={data.samples.length}>
          {data.samples.map((sample) => (
            <Slide key={sample.key}>
              <Link
                to={pageHref(data, { dialog: null }, sample.key)}
                aria-current={sample.key === data.sample.key ? 'page' : undefined}
                className="flex flex-col gap-2 rounded-md p-1 text-sm aria-[current=page]:ring-2 aria-[current=page]:ring-ink"
              >
                <Thumb sample={sample} />
                <span className="truncate">{sample.name}</span>
                <span>
                  <StatusBadge status={sample.sample_status} />
                </span>
              </Link>
            </Slide>
          ))}
        </Slideshow>
      )}
    </section>
  )
}

function Thumb({ sample }: { sample: SampleView }) {
  const src = sample.assets?.thumbnail ?? null
  return src ? (
    <img src={src} alt="" loading="lazy" className="aspect-product w-full rounded-md bg-canvas object-cover" />
  ) : (
    <span className="flex aspect-product w-full items-center justify-center rounded-md bg-stone-100 text-stone-400">
      <HangerIcon className="h-1/3 w-1/2" />
    </span>
  )
}

/**
 * Expand: the sample large, with previous and next that wrap around the style's samples; a picture
 * zooms (0.9 at first, 0.2 at least, by 0.1) and pans, and each one fades in over 200 ms (§9).
 */
function ExpandDialog({ data, closeTo }: { data: SampleReviewData; closeTo: string }) {
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

/** Which version this is, and the way to the newest when it is an older one. */
function VersionNotice({ data }: { data: SampleReviewData }) {
  const newest = data.versions[data.versions.length - 1]
  if (!newest || newest.version <= data.sample.version) return null
  return (
    <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm" role="note">
      You’re looking at {versionLabel(data.sample.version).toLowerCase()}.{' '}
      <Link to={pageHref(data, { compare: null, pin: null }, newest.key)} className="font-medium underline">
        Open {versionLabel(newest.version).toLowerCase()}, the newest
      </Link>
    </p>
  )
}

/** The versions of the sample: open one, compare it with this one, or upload a new version. */
function VersionList({ data }: { data: SampleReviewData }) {
  const listed = data.versions.some((version) => version.key === data.sample.key)
    ? data.versions
    : [...data.versions, data.sample]
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-xs font-medium uppercase tracking-[0.2em] text-muted">Versions</h3>
      <ol aria-label="Versions" className="flex flex-col gap-1">
        {listed
          .slice()
          .reverse()
          .map((version) => {
            const current = version.key === data.sample.key
            return (
              <li key={version.key} className="flex items-center justify-between gap-2">
                <Link
                  to={pageHref(data, { compare: null, pin: null, dialog: null }, version.key)}
                  aria-current={current ? 'page' : undefined}
                  className="truncate underline-offset-2 hover:underline aria-[current=page]:font-medium"
                >
                  {versionLabel(version.version)}
                  <span className="text-muted"> · {formatWhen(new Date(version.created * 1000))}</span>
                </Link>
                {current ? null : (
                  <Link
                    to={pageHref(data, { compare: data.compare?.key === version.key ? null : version.key })}
                    preventScrollReset
                    aria-label={`Compare with ${versionLabel(version.version).toLowerCase()}`}
                    aria-current={data.compare?.key === version.key ? 'true' : undefined}
                    className="shrink-0 text-xs text-muted underline aria-[current=true]:text-ink"
                  >
                    Compare
                  </Link>
                )}
              </li>
            )
          })}
      </ol>
      {data.canEdit ? (
        <ButtonLink
          variant="secondary"
          to={pageHref(data, { dialog: 'version' })}
          preventScrollReset
          className="justify-center"
        >
          Upload new version
        </ButtonLink>
      ) : null}
    </div>
  )
}

/**
 * Two versions side by side, older on the left; zoom and pan in one moves the other the same way,
 * so the same spot of the garment stays under the eye in both.
 */
function CompareVersions({ data, other }: { data: SampleReviewData; other: SampleView }) {
  const [view, setView] = useState<View>({ ...INITIAL_VIEW, zoom: 1 })
  const pair = [other, data.sample].sort((a, b) => a.version - b.version)
  return (
    <section aria-label="Compare versions" className="flex flex-col gap-3" data-testid="compare-versions">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <ZoomControls
          view={view}
          onView={setView}
          hrefFor={(zoom) => pageHref(data, { zoom: zoom === null ? null : String(zoom) })}
        />
        <Link to={pageHref(data, { compare: null })} preventScrollReset className={buttonClass('ghost')}>
          Close compare
        </Link>
      </div>
      <div className="grid grid-cols-2 gap-3">
        {pair.map((version) => {
          const source = version.assets?.web ?? version.assets?.original ?? null
          const title = `${versionLabel(version.version)}${version.key === data.sample.key ? ' (this one)' : ''}`
          return (
            <figure key={version.key} className="flex flex-col gap-2">
              {source && (version.type === 'image' || version.type === 'gif') ? (
                <ZoomPanFrame view={view} onView={setView} label={`${title}: ${version.name}`} className="h-[32rem]">
                  <img src={source} alt="" draggable={false} className="max-h-full max-w-full object-contain" />
                </ZoomPanFrame>
              ) : (
                <SampleStage sample={version} />
              )}
              <figcaption className="flex items-center justify-between gap-2 text-sm">
                <span className="font-medium">{title}</span>
                <StatusBadge status={version.sample_status} />
              </figcaption>
            </figure>
          )
        })}
      </div>
    </section>
  )
}

/** The file picker's filter: the extensions a sample may have (the server checks again). */
const SAMPLE_ACCEPT = SAMPLE_EXTENSIONS.map((extension) => `.${extension}`).join(',')

/** Upload new version: one file, through the file pipeline (a plain multipart form). */
function VersionDialog({ data, closeTo }: { data: SampleReviewData; closeTo: string }) {
  const csrf = useCsrfToken()
  return (
    <RouteDialog title="Upload new version" closeTo={closeTo}>
      <form
        method="post"
        encType="multipart/form-data"
        action={`/brand/${data.brandKey}/style/${data.style.key}/samples/${data.sample.key}/version`}
        className="flex flex-col gap-4"
      >
        <CsrfField token={csrf} />
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
      {children}
    </Form>
  )
}

function RenameDialog({ data, closeTo }: { data: SampleReviewData; closeTo: string }) {
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

function DeleteDialog({ data, closeTo }: { data: SampleReviewData; closeTo: string }) {
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
function AnnotateDialog({ closeTo }: { closeTo: string }) {
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
