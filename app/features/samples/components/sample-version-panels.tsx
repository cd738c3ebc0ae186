// Versions: the notice of a newer one, the list, and comparing two (side by side or stacked).
import { versionLabel } from '#app/features/samples/sample-versions'
import {
  DEFAULT_OPACITY,
  compareQuery,
  olderFirst,
  pictureShapes,
  type CompareState,
} from '#app/features/samples/compare-view'
import type { SampleView } from '../views'
import { formatWhen } from '#app/platform/format'
import { ButtonLink, buttonClass } from '#app/ui/button'
import { INITIAL_VIEW, type View } from '#app/ui/zoom-pan'
import { Link } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { StatusBadge, pageHref, type SampleReviewData } from './sample-review-data'
import { SampleStage } from './sample-stage'
import { ZoomControls, ZoomPanFrame } from './zoom-pan-frame'
import { CheckLink, FittedPicture, OpacityControl, SwitchLinks, isPicture } from './compare-parts'

/** The compare frames fill the window below the page's header and the compare toolbar. */
const FRAME_HEIGHT = 'h-[calc(100vh-21rem)] min-h-[20rem]'

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
 * Two versions compared, older first: side by side, where zoom and pan in one moves the other the
 * same way so the same spot of the garment stays under the eye in both, or stacked in one frame
 * with the newer on top at an opacity of one's choosing. Each picture shows its own version's
 * markup unless Markup is switched off; stacked, only the top one's.
 */
export function CompareVersions({ data, other }: { data: SampleReviewData; other: SampleView }) {
  const [view, setView] = useState<View>({ ...INITIAL_VIEW, zoom: 1 })
  const state = data.compareView ?? { showMarkup: true, overlay: false, opacity: DEFAULT_OPACITY, otherMarkup: [] }
  // The slider moves the picture at once; a new address (Apply, a link) sets it again.
  const [opacity, setOpacity] = useState(state.opacity)
  useEffect(() => setOpacity(state.opacity), [state.opacity])
  const pair = olderFirst(other, data.sample)
  const [older, newer] = pair
  const stackable = isPicture(older) && isPicture(newer)
  const overlay = state.overlay && stackable
  const current = { showMarkup: state.showMarkup, overlay, opacity }
  const hrefWith = (changes: Partial<CompareState> & { zoom?: string | null }) => {
    const { zoom, ...rest } = changes
    return pageHref(data, { ...compareQuery({ ...current, ...rest }), ...(zoom === undefined ? {} : { zoom }) })
  }
  const shapesOf = (version: SampleView) =>
    state.showMarkup ? pictureShapes(version.key === data.sample.key ? data.markup : state.otherMarkup) : null
  const titleOf = (version: SampleView) =>
    `${versionLabel(version.version)}${version.key === data.sample.key ? ' (this one)' : ''}`
  return (
    <section aria-label="Compare versions" className="flex flex-col gap-3" data-testid="compare-versions">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <ZoomControls
            view={view}
            onView={setView}
            hrefFor={(zoom) => hrefWith({ zoom: zoom === null ? null : String(zoom) })}
          />
          {stackable ? (
            <SwitchLinks
              label="Compare as"
              options={[
                { name: 'Side by side', href: hrefWith({ overlay: false }), current: !overlay },
                { name: 'Overlay', href: hrefWith({ overlay: true }), current: overlay },
              ]}
            />
          ) : null}
          <CheckLink
            href={hrefWith({ showMarkup: !state.showMarkup })}
            on={state.showMarkup}
            label="Markup"
            detail="of the compared versions"
          />
        </div>
        <Link to={pageHref(data, { compare: null })} preventScrollReset className={buttonClass('ghost')}>
          Close compare
        </Link>
      </div>
      {overlay ? (
        <figure className="flex flex-col gap-2">
          <ZoomPanFrame
            view={view}
            onView={setView}
            label={`${titleOf(newer)} over ${titleOf(older).toLowerCase()}: ${newer.name}`}
            className={FRAME_HEIGHT}
          >
            <FittedPicture version={older} shapes={null} testId="compare-under" />
            <FittedPicture version={newer} shapes={shapesOf(newer)} opacity={opacity / 100} testId="compare-over" />
          </ZoomPanFrame>
          <figcaption className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm">
            <span className="flex items-center gap-2">
              <span className="font-medium">{titleOf(newer)}</span>
              <span className="text-muted">over {titleOf(older).toLowerCase()}</span>
            </span>
            <OpacityControl
              version={newer.version}
              opacity={opacity}
              onOpacity={setOpacity}
              href={pageHref(data, { ...compareQuery(current), opacity: null })}
            />
          </figcaption>
        </figure>
      ) : (
        <div className="grid grid-cols-2 gap-3">
          {pair.map((version) => (
            <figure key={version.key} className="flex flex-col gap-2">
              {isPicture(version) ? (
                <ZoomPanFrame
                  view={view}
                  onView={setView}
                  label={`${titleOf(version)}: ${version.name}`}
                  className={FRAME_HEIGHT}
                >
                  <FittedPicture version={version} shapes={shapesOf(version)} testId="compare-picture" />
                </ZoomPanFrame>
              ) : (
                <SampleStage sample={version} />
              )}
              <figcaption className="flex items-center justify-between gap-2 text-sm">
                <span className="font-medium">{titleOf(version)}</span>
                <StatusBadge status={version.sample_status} />
              </figcaption>
            </figure>
          ))}
        </div>
      )}
    </section>
  )
}
