// A sample picture with its markup. On the server (and without JavaScript) the stored shapes are
// drawn as an SVG overlay; in the browser the live document takes over: everyone looking sees
// each other's shapes as they are drawn and each other's cursors with names, and in markup mode
// a reviewer draws with the toolbar's tools. Undo and redo take back only one's own steps.
import { Link, useNavigate } from '@remix-run/react'
import { lazy, Suspense, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react'
import { buttonClass } from '#app/ui/button'
import {
  MARKUP_COLOURS,
  svgOf,
  type MarkupColour,
  type PinShape,
  type Shape,
} from '#app/features/samples/markup/shapes'
import { markChecked, needsRecheckCount } from '#app/features/samples/sample-versions'
import { FITTED_VIEW, type StageView } from '#app/features/samples/markup/stage-view'
import type { PinPreviews } from '#app/features/samples/pin-preview'
import { useHydrated } from '#app/ui/use-hydrated'
import { useFitToWindow } from '#app/ui/use-fit-to-window'
import { viewTransform } from '#app/ui/zoom-pan'
import type { MarkupTool } from './markup-canvas-props'
import { MarkupColourAndHistory } from './markup-colour-and-history'
import { MarkupIcon } from './markup-tool-icons'
import { FollowBanner, LookingNow } from './follow-banner'
import { usePictureFollow, type FollowContext } from './use-follow'
import { useMarkupHistory } from './use-markup-history'
import { useSampleMarkup } from './use-sample-markup'

const MarkupCanvas = lazy(() => import('./markup-canvas.client').then((module) => ({ default: module.MarkupCanvas })))

/** The tools, their names and their keys (as in common drawing tools: V, P, A, R, O, T, N). */
export const TOOLS: [MarkupTool, string, string][] = [
  ['select', 'Select', 'v'],
  ['pen', 'Pen', 'p'],
  ['arrow', 'Arrow', 'a'],
  ['rect', 'Rectangle', 'r'],
  ['ellipse', 'Ellipse', 'o'],
  ['text', 'Text', 't'],
  ['pin', 'Pin', 'n'],
]

/** The picture fits the window below the frame's header and the page's own header row. */
const PICTURE_HEIGHT = 'max-h-[calc(100vh-17rem)] min-h-[12rem]'
const PICTURE_HEIGHT_DRAWING = 'max-h-[calc(100vh-21.5rem)] min-h-[12rem]'

export interface MarkupPicture {
  brandKey: string
  sampleKey: string
  name: string
  src: string
  /** The picture's own size, for the server's overlay. */
  width: number | null
  height: number | null
}

export function MarkupStage({
  picture,
  shapes,
  user,
  markupMode,
  canDraw,
  annotateHref,
  activePin,
  pinHref,
  pinPreviews,
  follow,
  locked = false,
}: {
  picture: MarkupPicture
  shapes: Shape[]
  user: { key: string; name: string }
  markupMode: boolean
  canDraw: boolean
  /** Final and locked: its review is closed, so nothing is left to re-check (decision 167). */
  locked?: boolean
  annotateHref: string
  /** The pin whose thread is open. */
  activePin: string | null
  /** Where a pin's comment thread opens. */
  pinHref: (id: string) => string
  /** The first comment of each pin, for the pins' hover cards. */
  pinPreviews?: PinPreviews
  /** The series' versions, so one can follow someone who opens another. */
  follow?: FollowContext
}) {
  const hydrated = useHydrated()
  const size = { width: picture.width ?? 1000, height: picture.height ?? 1000 }
  return (
    <div className="flex flex-col gap-3">
      {hydrated ? (
        <LiveMarkup
          picture={picture}
          initial={shapes}
          user={user}
          drawing={markupMode && canDraw}
          annotateHref={annotateHref}
          activePin={activePin}
          pinHref={pinHref}
          pinPreviews={pinPreviews}
          followContext={follow}
          locked={locked}
        />
      ) : (
        <>
          {markupMode && canDraw ? (
            <p className="rounded-md border border-line bg-white px-3 py-2 text-sm text-muted">
              Drawing on the sample needs JavaScript.{' '}
              <Link to={annotateHref} className="text-ink underline underline-offset-2">
                Save a note
              </Link>
            </p>
          ) : null}
          <RecheckNotice count={locked ? 0 : needsRecheckCount(shapes)} />
          <figure className="flex items-center justify-center rounded-lg bg-stone-100">
            <div className="relative">
              <img src={picture.src} alt={picture.name} className={`block max-w-full ${PICTURE_HEIGHT}`} />
              {shapes.length > 0 ? (
                <div
                  data-testid="markup-overlay"
                  aria-label={`Markup: ${shapes.length} ${shapes.length === 1 ? 'mark' : 'marks'}`}
                  role="img"
                  className="pointer-events-none absolute inset-0 [&>svg]:h-full [&>svg]:w-full"
                  // svgOf escapes every text and writes only palette colours (app/features/samples/markup/shapes.ts).
                  dangerouslySetInnerHTML={{ __html: svgOf(shapes, size) }}
                />
              ) : null}
            </div>
          </figure>
          <PinList shapes={shapes} activePin={activePin} pinHref={pinHref} />
        </>
      )}
    </div>
  )
}

/** Marks carried over from the previous version that nobody has looked at again yet. */
function RecheckNotice({ count, children }: { count: number; children?: ReactNode }) {
  if (count === 0) return null
  return (
    <div
      role="note"
      data-testid="recheck-notice"
      className="flex flex-wrap items-center gap-x-3 rounded-full border border-dashed border-amber-400 bg-amber-50 px-3 py-0.5 text-xs"
    >
      <span>
        {count} {count === 1 ? 'mark' : 'marks'} from the previous version {count === 1 ? 'needs' : 'need'} re-check
        (dashed).
      </span>
      {children}
    </div>
  )
}

/** The sample's pins as links to their threads: the way to a pin's comments without JavaScript. */
function PinList({
  shapes,
  activePin,
  pinHref,
}: {
  shapes: Shape[]
  activePin: string | null
  pinHref: (id: string) => string
}) {
  const pins = shapes.filter((shape): shape is PinShape => shape.kind === 'pin').sort((a, b) => a.number - b.number)
  if (pins.length === 0) return null
  return (
    <nav aria-label="Pins" className="flex flex-wrap items-center gap-2 text-sm">
      <span className="text-xs uppercase tracking-[0.2em] text-muted">Pins</span>
      {pins.map((pin) => (
        <Link
          key={pin.id}
          to={pinHref(pin.id)}
          preventScrollReset
          aria-current={pin.id === activePin ? 'true' : undefined}
          aria-label={`Pin ${pin.number}${pin.resolved ? ', resolved' : ''}${pin.needsRecheck ? ', needs re-check' : ''}`}
          className={`flex h-7 min-w-7 items-center justify-center rounded-full px-2 text-xs font-medium text-white ${
            pin.id === activePin ? 'ring-2 ring-ink ring-offset-2' : ''
          } ${pin.resolved ? 'opacity-40' : ''} ${pin.needsRecheck ? 'outline-dashed outline-2 outline-offset-1 outline-amber-500' : ''}`}
          style={{ backgroundColor: pin.colour }}
        >
          {pin.number}
        </Link>
      ))}
    </nav>
  )
}

function LiveMarkup({
  picture,
  initial,
  user,
  drawing,
  annotateHref,
  activePin,
  pinHref,
  pinPreviews,
  followContext,
  locked,
}: {
  picture: MarkupPicture
  initial: Shape[]
  user: { key: string; name: string }
  drawing: boolean
  annotateHref: string
  activePin: string | null
  pinHref: (id: string) => string
  pinPreviews?: PinPreviews
  followContext?: FollowContext
  locked: boolean
}) {
  const navigate = useNavigate()
  const live = useSampleMarkup(picture.brandKey, picture.sampleKey, user, initial)
  const [tool, setTool] = useState<MarkupTool>('rect')
  const [colour, setColour] = useState<MarkupColour>(MARKUP_COLOURS.red)
  const [selected, setSelected] = useState<string | null>(null)
  const { history, doOp, step } = useMarkupHistory(live)
  const image = useRef<HTMLImageElement>(null)
  // The picture ends above the fold, whatever sits above it on this screen.
  const fittedHeight = useFitToWindow(image, drawing)
  const [shown, setShown] = useState<{ width: number; height: number } | null>(null)
  // Pinch zoom of the picture; the canvas draws the shapes with the same view.
  const [view, setView] = useState<StageView>(FITTED_VIEW)
  const { follow, onView } = usePictureFollow(
    live,
    { key: user.key, sample: picture.sampleKey },
    followContext,
    view,
    setView,
  )

  useEffect(() => {
    const element = image.current
    if (!element) return
    const measure = () => {
      if (element.clientWidth > 0 && element.clientHeight > 0) {
        setShown({ width: element.clientWidth, height: element.clientHeight })
      }
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    element.addEventListener('load', measure)
    return () => {
      observer.disconnect()
      element.removeEventListener('load', measure)
    }
  }, [])

  const checkShapes = (ids: string[]) => {
    for (const shape of live.shapes) {
      if (ids.includes(shape.id) && shape.needsRecheck)
        doOp({ type: 'update', before: shape, after: markChecked(shape) })
    }
  }
  const selectedShape = live.shapes.find((candidate) => candidate.id === selected)
  const recheckCount = locked ? 0 : needsRecheckCount(live.shapes)
  const removeSelected = () => {
    const shape = live.shapes.find((candidate) => candidate.id === selected)
    if (!shape) return
    doOp({ type: 'remove', shape })
    setSelected(null)
  }

  useEffect(() => {
    if (!drawing) return
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null
      if (target && ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return
      if ((event.key === 'Delete' || event.key === 'Backspace') && selected) {
        event.preventDefault()
        removeSelected()
        return
      }
      const command = event.metaKey || event.ctrlKey
      if (command && event.key.toLowerCase() === 'z') {
        event.preventDefault()
        step(event.shiftKey ? 'redo' : 'undo')
        return
      }
      if (command && event.key.toLowerCase() === 'y') {
        event.preventDefault()
        step('redo')
        return
      }
      if (command || event.altKey) return
      const picked = TOOLS.find(([, , key]) => key === event.key.toLowerCase())
      if (picked) {
        event.preventDefault()
        setTool(picked[0])
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  })

  const names = follow.people.map((person) => person.name)
  const drawers = [...new Set(live.viewers.filter((viewer) => viewer.drawing).map((viewer) => viewer.name))]
  return (
    <>
      {drawing ? (
        <div
          role="toolbar"
          aria-label="Markup tools"
          // It wraps rather than scroll: on a tablet every tool and Save stay in reach.
          className="flex flex-wrap items-center gap-1 whitespace-nowrap rounded-md border border-line bg-white p-1.5"
        >
          {TOOLS.map(([value, label, key]) => (
            <button
              key={value}
              type="button"
              aria-pressed={tool === value}
              aria-keyshortcuts={key.toUpperCase()}
              title={`${label} (${key.toUpperCase()})`}
              onClick={() => setTool(value)}
              className={`flex h-8 w-8 items-center justify-center rounded ${tool === value ? 'bg-ink text-white' : 'hover:bg-black/5'}`}
            >
              <MarkupIcon name={value} />
              <span className="sr-only">{label}</span>
            </button>
          ))}
          <span className="mx-1 h-6 w-px bg-line" aria-hidden="true" />
          <MarkupColourAndHistory
            colour={colour}
            onColour={setColour}
            history={history}
            onStep={step}
            deleteLabel="Delete shape"
            canDelete={!!selected}
            onDelete={removeSelected}
          />
          {recheckCount > 0 ? (
            <button
              type="button"
              onClick={() => selectedShape && checkShapes([selectedShape.id])}
              disabled={!selectedShape?.needsRecheck}
              className="rounded px-2 py-1 text-sm hover:bg-black/5 disabled:opacity-40"
            >
              Mark checked
            </button>
          ) : null}
          <Link to={annotateHref} className={buttonClass('primary', 'ml-auto py-1')}>
            Save
          </Link>
        </div>
      ) : null}
      <div className="flex min-h-7 flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <LookingNow follow={follow}>
            {names.length > 0
              ? `Looking now: ${names.join(', ')}` +
                (drawers.length > 0 ? ` · ${drawers.join(', ')} ${drawers.length === 1 ? 'is' : 'are'} drawing…` : '')
              : live.status === 'connected'
                ? 'Only you are looking.'
                : live.status === 'disconnected'
                  ? 'Offline: what you draw is kept here and syncs when the connection returns.'
                  : ''}
          </LookingNow>
          <FollowBanner follow={follow} />
        </div>
        <RecheckNotice count={recheckCount}>
          {drawing ? (
            <button
              type="button"
              onClick={() => checkShapes(live.shapes.map((shape) => shape.id))}
              className="font-medium underline"
            >
              Mark all checked
            </button>
          ) : null}
        </RecheckNotice>
      </div>
      <figure
        className={`flex items-center justify-center rounded-lg bg-stone-100 ${follow.state.mode === 'following' ? 'ring-2 ring-sky-600' : ''}`}
      >
        <div
          className="relative overflow-hidden"
          data-testid="markup-live"
          data-zoom={view.zoom}
          data-pan={`${view.x} ${view.y}`}
          data-shapes={live.shapes.length}
          data-drawing={drawers.join(', ')}
        >
          <img
            ref={image}
            src={picture.src}
            alt={picture.name}
            className={`block max-w-full select-none ${drawing ? PICTURE_HEIGHT_DRAWING : PICTURE_HEIGHT}`}
            style={{ transform: viewTransform(view), ...(fittedHeight === null ? {} : { maxHeight: fittedHeight }) }}
            draggable={false}
          />
          {shown ? (
            <div className="absolute inset-0">
              <Suspense fallback={null}>
                <LazyCanvas
                  Canvas={MarkupCanvas}
                  size={shown}
                  shapes={live.shapes}
                  tool={tool}
                  colour={colour}
                  author={user.key}
                  drawing={drawing}
                  selected={selected}
                  viewers={live.viewers}
                  view={view}
                  onView={onView}
                  pinPreviews={pinPreviews}
                  onCreate={(shape) => doOp({ type: 'add', shape })}
                  // Moving a carried-over mark is re-checking it.
                  onChange={(before, after) => doOp({ type: 'update', before, after: markChecked(after) })}
                  onSelect={setSelected}
                  onCursor={live.moveCursor}
                  onDrawing={live.showDrawing}
                  onOpenPin={(id) => navigate(pinHref(id), { preventScrollReset: true })}
                />
              </Suspense>
            </div>
          ) : null}
        </div>
      </figure>
      <PinList shapes={live.shapes} activePin={activePin} pinHref={pinHref} />
    </>
  )
}

// Keeps the lazy component's props typed where it is used.
function LazyCanvas<P extends object>({ Canvas, ...props }: { Canvas: ComponentType<P> } & P) {
  return <Canvas {...(props as P)} />
}
