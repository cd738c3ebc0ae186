// `/brand/{id}/style/{style}`: the style summary of the virtual atelier (atelier.md §2): slideshows
// of the style's listings and samples, a progress link per wizard step, and the style's comment
// thread. Designers get the designer layout, with their work first (docs/decisions/118). Every
// part is a link or a form, so the page works without JavaScript.
import { Slide, Slideshow } from '#app/features/atelier/components/slideshow'
import { StepStateBadge, StepStateMark, StepsDone } from '#app/features/atelier/components/style-progress'
import { STEP_STATE_LABELS, stepLabel } from '#app/features/atelier/style-steps'
import { CommentThread } from '#app/features/chat/components'
import { ButtonLink } from '#app/ui/button'
import type { FrameHandle } from '#app/ui/frame-handle'
import { HangerIcon } from '#app/ui/icons'
import { Badge, EmptyState } from '#app/ui/misc'
import { type MetaFunction } from '@remix-run/node'
import { useRefresh, useStyleRoom } from '../components/use-style-room'
import { Link, useLoaderData } from '@remix-run/react'
import type { loader } from './style.server'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.summary.style.name ?? 'Style'} · Virtual Atelier · Brand Portal` },
]

export const handle: FrameHandle = {
  title: 'Virtual Atelier',
  back: (_data, params) => `/brand/${params.brandKey ?? ''}/atelier`,
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>

export default function StyleSummary() {
  const data = useLoaderData<typeof loader>()
  const { designer } = data
  // The samples and their statuses stay current while the page is open.
  const refresh = useRefresh()
  useStyleRoom(data.summary.style.key, { onChange: refresh, onCatchUp: refresh })
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8" data-layout={designer ? 'designer' : 'standard'}>
      <StyleHeading data={data} />
      {designer ? (
        <>
          <DesignerSteps data={data} />
          <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
            <div className="flex flex-col gap-8">
              <SampleSlides data={data} />
              <ListingSlides data={data} />
            </div>
            <Comments data={data} />
          </div>
        </>
      ) : (
        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="flex flex-col gap-8">
            <ListingSlides data={data} />
            <SampleSlides data={data} />
            <Comments data={data} />
          </div>
          <ProgressLinks data={data} />
        </div>
      )}
    </div>
  )
}

function StyleHeading({ data }: { data: Data }) {
  const { style, progress } = data.summary
  return (
    <header className="flex flex-wrap items-end justify-between gap-6 border-b border-line pb-6">
      <div className="flex flex-col gap-2">
        <p className="text-xs uppercase tracking-[0.2em] text-muted">
          {[style.line_name, style.collection_name].filter(Boolean).join(' · ') || 'Style'}
        </p>
        <h1 className="text-3xl font-light tracking-tight" data-testid="style-name">
          {style.name}
        </h1>
        <div className="flex items-center gap-3 text-sm text-muted">
          <span className="font-mono" data-testid="style-number">
            {style.number}
          </span>
          <Badge tone="muted">{style.status}</Badge>
          {style.tags.map((tag) => (
            <Badge key={tag}>{tag}</Badge>
          ))}
        </div>
      </div>
      <div className="w-56">
        <StepsDone complete={progress.complete} total={progress.total} />
      </div>
    </header>
  )
}

const stepHref = (data: Data, step: string) => `/brand/${data.brandKey}/style/${data.summary.style.key}/${step}`

/** Standard layout: the six steps as a quiet list beside the slideshows. */
function ProgressLinks({ data }: { data: Data }) {
  return (
    <aside aria-labelledby="progress-heading" className="flex flex-col gap-3">
      <h2 id="progress-heading" className="text-xs font-medium uppercase tracking-[0.2em] text-muted">
        Progress
      </h2>
      <ol className="divide-y divide-line overflow-hidden rounded-lg border border-line bg-white">
        {data.summary.progress.steps.map((step, index) => (
          <li key={step.key}>
            <Link
              to={stepHref(data, step.key)}
              data-testid="progress-link"
              data-step={step.key}
              data-state={step.state}
              className="flex items-center justify-between gap-3 px-4 py-3 text-sm hover:bg-canvas"
            >
              <span className="flex items-center gap-3">
                <span className="w-4 text-xs tabular-nums text-muted">{index + 1}</span>
                <span className="font-medium">{step.label}</span>
              </span>
              <StepStateBadge state={step.state} />
            </Link>
          </li>
        ))}
      </ol>
    </aside>
  )
}

/** Designer layout: the steps first, as cards, with the next open step to continue with. */
function DesignerSteps({ data }: { data: Data }) {
  const { nextOpenStep, progress } = data.summary
  return (
    <section aria-labelledby="progress-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="progress-heading" className="text-xs font-medium uppercase tracking-[0.2em] text-muted">
          Progress
        </h2>
        {nextOpenStep ? (
          <ButtonLink to={stepHref(data, nextOpenStep)} data-testid="continue-step">
            {`Continue with ${stepLabel(nextOpenStep)}`}
          </ButtonLink>
        ) : (
          <span className="text-sm text-muted">Every step is done.</span>
        )}
      </div>
      <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {progress.steps.map((step, index) => (
          <li key={step.key}>
            <Link
              to={stepHref(data, step.key)}
              data-testid="progress-link"
              data-step={step.key}
              data-state={step.state}
              className={`flex h-full flex-col gap-3 rounded-lg border bg-white p-4 transition-colors hover:border-ink ${
                step.key === nextOpenStep ? 'border-ink' : 'border-line'
              }`}
            >
              <span className="flex items-center justify-between text-xs text-muted">
                <span className="tabular-nums">{`Step ${index + 1}`}</span>
                <StepStateMark state={step.state} className="h-3 w-3" />
              </span>
              <span className="font-medium">{step.label}</span>
              <span className="text-xs text-muted">{STEP_STATE_LABELS[step.state]}</span>
            </Link>
          </li>
        ))}
      </ol>
    </section>
  )
}

function ListingSlides({ data }: { data: Data }) {
  const { listings } = data.summary
  return (
    <section aria-labelledby="listings-heading" className="flex flex-col gap-3">
      <h2 id="listings-heading" className="text-xs font-medium uppercase tracking-[0.2em] text-muted">
        {`Listings (${listings.length})`}
      </h2>
      {listings.length === 0 ? (
        <EmptyState title="No listings are available">Listings made from this style show here.</EmptyState>
      ) : (
        <Slideshow label="Listings" count={listings.length}>
          {listings.map((listing) => {
            const photo = listing.images[0]
            return (
              <Slide key={listing.key}>
                <Link
                  to={`/brand/${data.brandKey}/products/listing/${listing.key}`}
                  className="group flex flex-col gap-2"
                  data-testid="listing-slide"
                >
                  {photo ? (
                    <img
                      src={photo.thumbnail}
                      alt={`${listing.name}${listing.colour ? `, ${listing.colour}` : ''}`}
                      loading="lazy"
                      width={300}
                      height={400}
                      className="aspect-product w-full rounded-md bg-canvas object-cover transition-opacity group-hover:opacity-90"
                    />
                  ) : (
                    <span
                      role="img"
                      aria-label={`${listing.name}: no image yet`}
                      className="flex aspect-product w-full items-center justify-center rounded-md bg-gradient-to-b from-stone-100 to-stone-200 text-stone-400"
                    >
                      <HangerIcon className="h-1/3 w-1/2" />
                    </span>
                  )}
                  <span className="flex items-baseline justify-between gap-2 text-sm">
                    <span className="truncate">{listing.colour ?? listing.name}</span>
                    {listing.look ? (
                      <span className="shrink-0 text-xs text-muted">{`Look ${listing.look}`}</span>
                    ) : null}
                  </span>
                </Link>
              </Slide>
            )
          })}
        </Slideshow>
      )}
    </section>
  )
}

function SampleSlides({ data }: { data: Data }) {
  const { samples } = data.summary
  return (
    <section aria-labelledby="samples-heading" className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-4">
        <h2 id="samples-heading" className="text-xs font-medium uppercase tracking-[0.2em] text-muted">
          Virtual samples
        </h2>
        {data.summary.canEdit && samples.length > 0 ? (
          <Link
            to={`/brand/${data.brandKey}/style/${data.summary.style.key}/samples/add`}
            className="text-sm underline underline-offset-2"
          >
            Add samples
          </Link>
        ) : null}
      </div>
      {samples.length === 0 ? (
        <EmptyState title="No virtual samples yet">
          Pictures, videos and 3D files of the sample show here once they are added.{' '}
          {data.summary.canEdit ? (
            <Link
              to={`/brand/${data.brandKey}/style/${data.summary.style.key}/samples/add`}
              className="text-ink underline underline-offset-2"
            >
              Add samples
            </Link>
          ) : null}
        </EmptyState>
      ) : (
        <Slideshow label="Carousel of virtual samples" count={samples.length}>
          {samples.map((sample) => (
            <Slide key={sample.key}>
              <Link
                to={`/brand/${data.brandKey}/style/${data.summary.style.key}/samples/${sample.key}`}
                className="flex flex-col gap-2 text-sm"
              >
                {sample.thumbnail ? (
                  <img
                    src={sample.thumbnail}
                    alt={sample.name}
                    loading="lazy"
                    className="aspect-product w-full rounded-md bg-canvas object-cover"
                  />
                ) : (
                  <span className="flex aspect-product w-full items-center justify-center rounded-md bg-stone-100 text-stone-400">
                    <HangerIcon className="h-1/3 w-1/2" />
                  </span>
                )}
                <span className="flex items-center justify-between gap-2">
                  <span className="truncate">{sample.name}</span>
                  <Badge tone="neutral">{sample.status}</Badge>
                </span>
              </Link>
            </Slide>
          ))}
        </Slideshow>
      )}
    </section>
  )
}

function Comments({ data }: { data: Data }) {
  return (
    <section id="comments" aria-label="Comments" className="flex flex-col">
      <CommentThread model="Style" modelId={data.summary.style.key} selfKey={data.selfKey} initial={data.thread} />
    </section>
  )
}
