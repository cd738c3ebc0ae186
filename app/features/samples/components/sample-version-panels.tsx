// Versions: the notice of a newer one, the list, and comparing two side by side.
import { versionLabel } from '#app/features/samples/sample-versions'
import type { SampleView } from '../views'
import { formatWhen } from '#app/platform/format'
import { ButtonLink, buttonClass } from '#app/ui/button'
import { INITIAL_VIEW, type View } from '#app/ui/zoom-pan'
import { Link } from '@remix-run/react'
import { useState } from 'react'
import { StatusBadge, pageHref, type SampleReviewData } from './sample-review-data'
import { SampleStage } from './sample-stage'
import { ZoomControls, ZoomPanFrame } from './zoom-pan-frame'

/** Which version this is, and the way to the newest when it is an older one. */
export function VersionNotice({ data }: { data: SampleReviewData }) {
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
export function VersionList({ data }: { data: SampleReviewData }) {
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
export function CompareVersions({ data, other }: { data: SampleReviewData; other: SampleView }) {
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
