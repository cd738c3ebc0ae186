// The sample on its stage, its pins' threads and the reference image carousel.
import { Slide, Slideshow } from '#app/features/atelier/components'
import { CommentThread } from '#app/features/chat/components'
import { markupPinThreadKey } from '#app/features/chat'
import type { AnyPin } from '#app/features/samples/markup/shapes'
import { sampleFormat } from '#app/features/samples/sample-formats'
import type { SampleView } from '../views'
import { useCsrfToken } from '#app/platform/csrf'
import { Button, buttonClass } from '#app/ui/button'
import { HangerIcon } from '#app/ui/icons'
import { Badge, CsrfField } from '#app/ui/misc'
import { Form, Link } from '@remix-run/react'
import { DownloadCard } from './download-card'
import { PinFeedback } from './feedback-tab'
import { pageHref, type SampleReviewData } from './sample-review-data'

/** The comment thread of one markup pin, with Resolve (greys the pin out for everyone) and Reopen. */
export function PinThread({ data, pin }: { data: SampleReviewData; pin: AnyPin }) {
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
          <Link
            to={`${pageHref(data, { pin: null, tab: 'comments' })}#comments`}
            className="text-sm text-muted underline"
          >
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
      <PinFeedback data={data} pinId={pin.id} />
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

export function ReferenceCarousel({ data }: { data: SampleReviewData }) {
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
