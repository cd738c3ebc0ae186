// The sample review page: header actions, the stage, the side panel, the other samples, the thread.
import { sampleFormat } from '#app/features/samples/sample-formats'
import { ButtonLink } from '#app/ui/button'
import { BackIcon } from '#app/ui/icons'
import { Link, useSearchParams } from '@remix-run/react'
import { OfflineQueueNotice, useOfflineLinks } from '#app/ui/offline-forms'
import { useMemo } from 'react'
import { MarkupStage } from './markup-editor'
import { Sample3dStage } from './sample-3d'
import { AnnotateDialog, DeleteDialog, ExpandDialog, RenameDialog, VersionDialog } from './sample-dialogs'
import { dialogOf, pageHref, type SampleReviewData } from './sample-review-data'
import { OtherSamples, SidePanel } from './sample-side-panel'
import { ReferenceCarousel, SampleStage } from './sample-stage'
import { CompareVersions, VersionNotice } from './sample-version-panels'
import { SampleLiveNotice, useSampleLive } from './sample-live-notice'

export function SampleReviewPage({ data }: { data: SampleReviewData }) {
  const { sample } = data
  const closeTo = pageHref(data, { dialog: null })
  const live = useSampleLive(data)
  // Offline a link waits for the connection; a dialog still opens and closes, read from the address
  // (the loader is not asked again offline, decision 169).
  const offlineLinks = useOfflineLinks()
  const [search] = useSearchParams()
  const dialog = dialogOf(search)
  // Following someone to another version of the series takes its number and its address.
  const follow = useMemo(
    () => ({
      versions: data.versions.map(({ key, version }) => ({ key, version })),
      samplesPath: `/brand/${data.brandKey}/style/${data.style.key}/samples/`,
    }),
    [data.versions, data.brandKey, data.style.key],
  )
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4">
      <header className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="flex min-w-0 items-baseline gap-3">
          <Link
            to={`/brand/${data.brandKey}/style/${data.style.key}`}
            className="inline-flex shrink-0 items-center gap-1 text-sm text-muted hover:text-ink"
          >
            <BackIcon className="h-4 w-4" /> {data.style.name}
          </Link>
          <h1 className="font-display text-xl">Virtual Sample</h1>
        </div>
        {/* Beside the title, so a change told live never pushes the picture down. */}
        <div className="flex min-w-0 flex-1 justify-center">
          <SampleLiveNotice notice={live.notice} onDismiss={live.dismiss} />
          <OfflineQueueNotice links={offlineLinks} />
        </div>
        <nav aria-label="Sample actions" className="flex flex-wrap gap-2">
          <ButtonLink
            variant={data.showReferences ? 'primary' : 'secondary'}
            to={pageHref(data, { references: data.showReferences ? null : 'on' })}
            preventScrollReset
            className="py-1.5"
          >
            Reference Image<span className="sr-only">{data.showReferences ? ' (on)' : ' (off)'}</span>
          </ButtonLink>
          <ButtonLink
            variant="secondary"
            to={pageHref(data, { dialog: 'expand' })}
            preventScrollReset
            className="py-1.5"
          >
            Expand
          </ButtonLink>
          {data.canReview ? (
            <ButtonLink
              variant={data.markupMode ? 'primary' : 'secondary'}
              to={pageHref(data, { markup: data.markupMode ? null : 'on' })}
              preventScrollReset
              className="py-1.5"
            >
              Markup<span className="sr-only">{data.markupMode ? ' (on)' : ' (off)'}</span>
            </ButtonLink>
          ) : null}
          <ButtonLink
            variant="secondary"
            to={`${pageHref(data, { tab: data.pin ? null : 'comments' })}#comments`}
            preventScrollReset
            className="py-1.5"
          >
            Comment
          </ButtonLink>
        </nav>
      </header>

      {data.showReferences ? <ReferenceCarousel data={data} /> : null}

      <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_18rem] lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-label={sample.name} className="flex min-w-0 flex-col gap-2">
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
              pinPreviews={data.pinPreviews}
              follow={follow}
              user={{ key: data.selfKey, name: data.selfName }}
              markupMode={data.markupMode}
              canDraw={data.canReview}
              locked={data.locked}
              annotateHref={pageHref(data, { dialog: 'annotate' })}
              activePin={data.pin?.id ?? null}
              pinHref={(id) => `${pageHref(data, { pin: id, tab: null })}#comments`}
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
              pinHref={(id) => `${pageHref(data, { pin: id, tab: null })}#comments`}
              follow={follow}
            />
          ) : (
            <SampleStage sample={sample} />
          )}
        </section>
        <SidePanel data={data} />
      </div>

      <OtherSamples data={data} />

      {dialog === 'expand' ? <ExpandDialog data={data} closeTo={closeTo} /> : null}
      {dialog === 'rename' && data.canEdit ? <RenameDialog data={data} closeTo={closeTo} /> : null}
      {dialog === 'delete' && data.canEdit ? <DeleteDialog data={data} closeTo={closeTo} /> : null}
      {dialog === 'annotate' && data.canReview ? <AnnotateDialog closeTo={closeTo} /> : null}
      {dialog === 'version' && data.canEdit ? <VersionDialog data={data} closeTo={closeTo} /> : null}
    </div>
  )
}
