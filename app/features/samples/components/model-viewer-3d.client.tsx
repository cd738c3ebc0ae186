// The 3D viewer of a glTF virtual sample (docs/decisions/137): Google's <model-viewer> web
// component, bundled with the portal and loaded on first use, never from a CDN. Drag turns the
// model, the wheel or a pinch zooms, a right drag moves it. In markup mode a reviewer's click on
// the model places a numbered pin there that keeps the camera they looked through; clicking a pin
// (on the model or in the list) brings that camera back for anyone and opens the pin's thread.
// Pins travel through the sample's markup document, as the picture's shapes do.
import { Link, useNavigate } from '@remix-run/react'
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type DetailedHTMLProps,
  type HTMLAttributes,
  type MouseEvent,
  type PointerEvent,
  type Ref,
} from 'react'
import { buttonClass } from '#app/ui/button'
import { cameraAttributes, hotspotAttributes, newModelPin } from '#app/features/samples/markup/model-pins'
import {
  MARKUP_COLOURS,
  nextPinNumber,
  type AnyPin,
  type CameraPose,
  type MarkupColour,
  type ModelPinShape,
  type Vector3,
} from '#app/features/samples/markup/shapes'
import { mirroredCamera, modelView } from '#app/features/samples/markup/follow'
import { FollowBanner, LookingNow } from './follow-banner'
import { MarkupColourAndHistory } from './markup-colour-and-history'
import { Frame, ModelPinList, type Sample3dProps } from './sample-3d-parts'
import { useFollow } from './use-follow'
import { useMarkupHistory } from './use-markup-history'
import { useModelPoster } from './use-model-poster'
import { useSampleMarkup } from './use-sample-markup'

/** The part of model-viewer's element this page uses. */
interface ModelViewerElement extends HTMLElement {
  loaded: boolean
  cameraOrbit: string
  cameraTarget: string
  fieldOfView: string
  getCameraOrbit(): { theta: number; phi: number; radius: number }
  getCameraTarget(): Vector3
  getFieldOfView(): number
  positionAndNormalFromPoint(x: number, y: number): { position: Vector3; normal: Vector3 } | null
  toBlob(options?: { mimeType?: string; qualityArgument?: number; idealAspect?: boolean }): Promise<Blob>
}

type ModelViewerAttributes = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & {
  src: string
  alt: string
  'camera-controls'?: string
  'disable-tap'?: string
  'touch-action'?: string
  'interaction-prompt'?: string
  'camera-orbit'?: string
  'min-camera-orbit'?: string
  'shadow-intensity'?: string
  'shadow-softness'?: string
  exposure?: string
  'tone-mapping'?: string
  'interpolation-decay'?: string
  loading?: string
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- JSX's intrinsic elements are declared this way
  namespace JSX {
    interface IntrinsicElements {
      'model-viewer': ModelViewerAttributes
    }
  }
}

/** The view a model opens with: a little from its left, slightly from above, all of it in frame. */
const OPENING_ORBIT = '25deg 78deg 105%'
/** A click that moves further than this (in pixels) was a drag that turned the model. */
const CLICK_SLOP = 5

const newId = () => crypto.randomUUID().replace(/-/g, '')

let loading: Promise<void> | null = null

/** Defines <model-viewer> once per page, from our own bundle. */
function loadModelViewer(): Promise<void> {
  if (customElements.get('model-viewer')) return Promise.resolve()
  loading ??= (async () => {
    // Decoders of compressed models would come from Google's CDN: they point at our own origin
    // instead, where they are not served, so such a model shows "can't be previewed" and Download.
    ;(self as unknown as { ModelViewerElement: Record<string, string> }).ModelViewerElement = {
      dracoDecoderLocation: '/vendor/model-viewer-decoders/draco/',
      ktx2TranscoderLocation: '/vendor/model-viewer-decoders/basis/',
      lottieLoaderLocation: '/vendor/model-viewer-decoders/lottie.js',
    }
    // three.js's meshopt decoder compiles its WebAssembly the moment it is imported; the portal's
    // policy allows no WebAssembly, which only compressed models need. That refusal is expected.
    const expected = (event: PromiseRejectionEvent) => {
      if (/WebAssembly/.test(String(event.reason))) event.preventDefault()
    }
    window.addEventListener('unhandledrejection', expected)
    try {
      await import('@google/model-viewer')
    } catch (error) {
      loading = null
      throw error
    } finally {
      setTimeout(() => window.removeEventListener('unhandledrejection', expected), 1000)
    }
  })()
  return loading
}

function poseOf(viewer: ModelViewerElement): CameraPose {
  const orbit = viewer.getCameraOrbit()
  const target = viewer.getCameraTarget()
  return {
    theta: orbit.theta,
    phi: orbit.phi,
    radius: orbit.radius,
    target: { x: target.x, y: target.y, z: target.z },
    fov: viewer.getFieldOfView(),
  }
}

function turnTo(viewer: ModelViewerElement, pose: CameraPose) {
  const attributes = cameraAttributes(pose)
  // model-viewer eases from where the camera is to the new goal.
  viewer.cameraTarget = attributes.cameraTarget
  viewer.cameraOrbit = attributes.cameraOrbit
  viewer.fieldOfView = attributes.fieldOfView
}

export function ModelViewer3d({
  model,
  shapes: initial,
  user,
  markupMode,
  canDraw,
  annotateHref,
  activePin,
  pinHref,
  follow: followContext,
}: Sample3dProps) {
  const navigate = useNavigate()
  const drawing = markupMode && canDraw
  const live = useSampleMarkup(model.brandKey, model.sampleKey, user, initial)
  const pins = useMemo(
    () =>
      live.shapes.filter((shape): shape is ModelPinShape => shape.kind === 'pin3d').sort((a, b) => a.number - b.number),
    [live.shapes],
  )
  // Every page load signs the file's link anew; the model already shown is kept, not fetched again.
  const [src] = useState(model.src)
  const [state, setState] = useState<'loading' | 'ready' | 'loaded' | 'failed'>('loading')
  const [colour, setColour] = useState<MarkupColour>(MARKUP_COLOURS.red)
  const { history, doOp, step } = useMarkupHistory(live)
  const viewer = useRef<ModelViewerElement | null>(null)
  const pressed = useRef<{ x: number; y: number } | null>(null)
  // The pin whose view the camera was last turned to, so a page update does not turn it again.
  const shown = useRef<string | null>(null)
  const follow = useFollow(
    live,
    { key: user.key, sample: model.sampleKey, kind: 'model' },
    followContext,
    (shared) => {
      const pose = mirroredCamera(shared)
      if (pose && viewer.current) turnTo(viewer.current, pose)
    },
    state === 'loaded',
  )
  const { publish, ownInput } = follow
  // Whether I touched the viewer since following began: model-viewer keeps calling the camera's
  // easing "user-interaction" for a while after one's own drag.
  const touched = useRef(false)
  const followingNow = follow.state.mode === 'following'
  useEffect(() => {
    if (followingNow) touched.current = false
  }, [followingNow])

  // My camera goes out to those following me; my own orbit, zoom or move stops my following.
  useEffect(() => {
    const element = viewer.current
    if (state !== 'loaded' || !element) return
    const onCamera = (event: Event) => {
      const source = (event as CustomEvent<{ source?: string }>).detail?.source
      if (source === 'user-interaction' && touched.current) ownInput()
      publish(modelView(model.sampleKey, poseOf(element)))
    }
    const onTouch = () => {
      touched.current = true
    }
    publish(modelView(model.sampleKey, poseOf(element)))
    element.addEventListener('camera-change', onCamera)
    for (const type of ['pointerdown', 'wheel', 'keydown']) element.addEventListener(type, onTouch, { capture: true })
    return () => {
      element.removeEventListener('camera-change', onCamera)
      for (const type of ['pointerdown', 'wheel', 'keydown'])
        element.removeEventListener(type, onTouch, { capture: true })
    }
  }, [state, publish, ownInput, model.sampleKey])

  useEffect(() => {
    let gone = false
    loadModelViewer().then(
      () => !gone && setState('ready'),
      () => !gone && setState('failed'),
    )
    return () => {
      gone = true
    }
  }, [])

  // 'load' and 'error' do not bubble, so React can't hand them over: listened to on the element.
  const attach = useCallback((element: ModelViewerElement | null) => {
    viewer.current = element
    if (!element) return
    // The viewer's focusable surface turns the model with the arrow keys: a widget of its own
    // (application), not a picture (img) as model-viewer names it.
    element.shadowRoot?.querySelector('.userInput')?.setAttribute('role', 'application')
    element.addEventListener('load', () => setState('loaded'))
    element.addEventListener('error', () => setState('failed'))
    if (element.loaded) setState('loaded')
  }, [])

  /** Turns the camera to the pin's view and opens its thread below, leaving the page where it is. */
  const openPin = (pin: AnyPin) => {
    ownInput()
    if (pin.kind === 'pin3d' && viewer.current) turnTo(viewer.current, pin.camera)
    shown.current = pin.id
    if (pin.id !== activePin) navigate(pinHref(pin.id).split('#')[0]!, { preventScrollReset: true })
  }

  useModelPoster(viewer, state === 'loaded', model.posterUpload)

  // Opened from a link (?pin=…) or by someone else's navigation: that pin's view, once loaded.
  useEffect(() => {
    if (state !== 'loaded' || !activePin || shown.current === activePin) return
    const pin = pins.find((candidate) => candidate.id === activePin)
    if (pin && viewer.current) {
      turnTo(viewer.current, pin.camera)
      shown.current = activePin
    }
  }, [state, activePin, pins])

  /** A pin where the model is under the given point of the screen, with the camera as it is now. */
  const placeAt = (x: number, y: number) => {
    const element = viewer.current
    if (!element || state !== 'loaded') return
    const hit = element.positionAndNormalFromPoint(x, y)
    if (!hit) return
    const pin = newModelPin({
      id: newId(),
      author: user.key,
      created: Date.now(),
      colour,
      number: nextPinNumber(live.shapes),
      hit,
      camera: poseOf(element),
    })
    if (!pin) return
    doOp({ type: 'add', shape: pin })
    shown.current = pin.id
  }

  const onPointerDown = (event: PointerEvent) => {
    pressed.current = { x: event.clientX, y: event.clientY }
  }
  const onClick = (event: MouseEvent) => {
    if (!drawing || (event.target as Element).closest('[data-pin-hotspot]')) return
    const start = pressed.current
    if (!start || Math.hypot(event.clientX - start.x, event.clientY - start.y) > CLICK_SLOP) return
    placeAt(event.clientX, event.clientY)
  }
  const pinTheCentre = () => {
    const box = viewer.current?.getBoundingClientRect()
    if (box) placeAt(box.left + box.width / 2, box.top + box.height / 2)
  }
  const resetView = () => {
    const element = viewer.current
    if (!element) return
    ownInput()
    element.cameraTarget = 'auto auto auto'
    element.cameraOrbit = OPENING_ORBIT
    element.fieldOfView = 'auto'
  }

  const active = pins.find((pin) => pin.id === activePin) ?? null
  const names = follow.people.map((person) => person.name)

  if (state === 'failed') {
    return (
      <div className="flex flex-col gap-3">
        <Frame model={model} status="This file can't be previewed." />
        <ModelPinList pins={pins} activePin={activePin} pinHref={pinHref} />
      </div>
    )
  }

  return (
    <div className="flex flex-col gap-3">
      {drawing ? (
        <div
          role="toolbar"
          aria-label="Markup tools"
          className="flex flex-wrap items-center gap-2 rounded-md border border-line bg-white p-2"
        >
          <button
            type="button"
            onClick={pinTheCentre}
            disabled={state !== 'loaded'}
            className="rounded px-2 py-1 text-sm hover:bg-black/5 disabled:opacity-40"
          >
            Pin the centre
          </button>
          <span className="mx-1 h-6 w-px bg-line" aria-hidden="true" />
          <MarkupColourAndHistory
            colour={colour}
            onColour={setColour}
            history={history}
            onStep={step}
            deleteLabel={active ? `Delete pin ${active.number}` : 'Delete pin'}
            canDelete={!!active}
            onDelete={() => active && doOp({ type: 'remove', shape: active })}
          />
          <Link to={annotateHref} className={buttonClass('primary', 'ml-auto py-1')}>
            Save
          </Link>
        </div>
      ) : null}
      <div className="flex min-h-7 flex-wrap items-center gap-x-3 gap-y-1">
        <LookingNow follow={follow}>
          {names.length > 0
            ? `Looking now: ${names.join(', ')}`
            : live.status === 'connected'
              ? 'Only you are looking.'
              : ''}
        </LookingNow>
        <FollowBanner follow={follow} />
      </div>
      <figure
        data-testid="model-3d"
        data-state={state}
        data-pins={pins.length}
        className={`${followingNow ? 'ring-2 ring-sky-600 ' : ''}relative aspect-[4/3] max-h-[36rem] w-full overflow-hidden rounded-lg bg-gradient-to-b from-stone-50 to-stone-200`}
      >
        {state === 'loading' ? (
          <div className="absolute inset-0 flex items-center justify-center text-sm text-muted">
            Loading the 3D view…
          </div>
        ) : (
          <model-viewer
            ref={attach as unknown as Ref<HTMLElement>}
            src={src}
            alt={`${model.name}, 3D view`}
            camera-controls=""
            touch-action="pan-y"
            interaction-prompt="none"
            camera-orbit={OPENING_ORBIT}
            // Close enough to look at a seam: a tenth of the distance that fits the whole model.
            min-camera-orbit="auto auto 10%"
            shadow-intensity="0.7"
            shadow-softness="1"
            exposure="0.95"
            tone-mapping="neutral"
            loading="eager"
            // While pins are being placed a tap must not re-centre the camera on the spot tapped.
            {...(drawing ? { 'disable-tap': '' } : {})}
            style={{ width: '100%', height: '100%', cursor: drawing ? 'crosshair' : undefined }}
            onPointerDown={onPointerDown}
            onClick={onClick}
          >
            {pins.map((pin) => {
              const { position, normal } = hotspotAttributes(pin)
              return (
                <button
                  key={pin.id}
                  type="button"
                  slot={`hotspot-${pin.id}`}
                  data-pin-hotspot=""
                  data-position={position}
                  data-normal={normal}
                  data-visibility-attribute="visible"
                  aria-label={`Pin ${pin.number}${pin.resolved ? ', resolved' : ''}`}
                  aria-current={pin.id === activePin ? 'true' : undefined}
                  onClick={(event) => {
                    event.stopPropagation()
                    openPin(pin)
                  }}
                  className={`flex h-7 min-w-7 items-center justify-center rounded-full border-2 border-white px-1.5 text-xs font-semibold text-white shadow-md transition-opacity [&:not([data-visible])]:opacity-30 ${
                    pin.id === activePin ? 'ring-2 ring-ink ring-offset-1' : ''
                  } ${pin.resolved ? 'opacity-40' : ''}`}
                  style={{ backgroundColor: pin.colour }}
                >
                  {pin.number}
                </button>
              )
            })}
          </model-viewer>
        )}
        {drawing && !active && state === 'loaded' ? (
          <p className="pointer-events-none absolute left-3 top-3 rounded-full bg-white/90 px-3 py-1 text-xs shadow-sm">
            Click the model to place a pin
          </p>
        ) : null}
        {active ? (
          <div className="pointer-events-none absolute left-3 top-3 flex items-center gap-2 rounded-full bg-white/90 px-3 py-1 text-xs shadow-sm">
            <span
              className="inline-block h-2.5 w-2.5 rounded-full"
              style={{ backgroundColor: active.colour }}
              aria-hidden="true"
            />
            <span data-testid="model-3d-view">Pin {active.number}: the view it was placed from</span>
          </div>
        ) : null}
        <div className="absolute bottom-3 right-3 flex gap-2">
          <button
            type="button"
            onClick={resetView}
            disabled={state !== 'loaded'}
            className="rounded-full bg-white/90 px-3 py-1 text-xs font-medium shadow-sm hover:bg-white disabled:opacity-40"
          >
            Reset view
          </button>
        </div>
        <p className="pointer-events-none absolute bottom-3 left-3 hidden rounded-full bg-white/70 px-3 py-1 text-xs text-stone-600 sm:block">
          Drag to turn · scroll to zoom · right-drag to move
        </p>
      </figure>
      <ModelPinList pins={pins} activePin={activePin} pinHref={pinHref} onOpen={openPin} />
    </div>
  )
}
