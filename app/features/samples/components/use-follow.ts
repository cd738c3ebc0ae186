// Following a collaborator's view on a sample's stage (markup/follow.ts has the rules): shares
// where one looks, at most ten times a second, and while following someone hands their view to
// the stage. Following stops on one's own zoom, pan or orbit (the stage says so through
// ownInput), on Escape and on their avatar pressed again.
import { useNavigation, useSearchParams } from '@remix-run/react'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import {
  initialFollow,
  mayFollow,
  mirroredPicture,
  nextFollow,
  pictureView,
  sameView,
  sampleOfPath,
  sendDelay,
  type FollowEvent,
  type FollowSelf,
  type FollowState,
  type SharedView,
  type ViewKind,
} from '#app/features/samples/markup/follow'
import type { StageView } from '#app/features/samples/markup/stage-view'
import type { SampleMarkupDoc } from './use-sample-markup'

/** What the page tells the stage so one can follow someone to another version. */
export interface FollowContext {
  /** The versions of the sample's series. */
  versions: readonly { key: string; version: number }[]
  /** Where this style's sample pages are: `{samplesPath}{sampleKey}`. */
  samplesPath: string
}

/** Someone in the "Looking now" line: one avatar per person, however many tabs they have open. */
export interface PresencePerson {
  key: string
  name: string
  followable: boolean
}

export interface Follow {
  state: FollowState
  people: PresencePerson[]
  toggle(key: string): void
  stop(): void
  /** I changed my view myself. */
  ownInput(): void
  /** Shares my view (sent at most every VIEW_INTERVAL_MS, the latest always). */
  publish(view: SharedView): void
  /** The address of the version they opened, following them there. */
  hrefOf(sampleKey: string, accountKey: string): string
}

export function useFollow(
  live: Pick<SampleMarkupDoc, 'viewers' | 'share'>,
  me: { key: string; sample: string; kind: ViewKind },
  context: FollowContext | undefined,
  onMirror: (view: SharedView) => void,
  /** Whether the stage can show a view yet (a 3D model loads first). */
  ready = true,
): Follow {
  const [params] = useSearchParams()
  const versions = context?.versions
  const self: FollowSelf = useMemo(
    () => ({ ...me, versions: versions ?? [] }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the fields are what matters, not the object
    [me.key, me.sample, me.kind, versions],
  )
  const [state, setState] = useState<FollowState>(() => initialFollow(params.get('follow'), me))
  const dispatch = useCallback((event: FollowEvent) => setState((current) => nextFollow(current, event, self)), [self])

  // Who is looking, as the rules read it.
  const viewers = live.viewers
  useEffect(() => dispatch({ type: 'people', people: viewers }), [viewers, dispatch])

  // Their view, on my stage.
  const mirrored = useRef<SharedView | null>(null)
  const onMirrorRef = useRef(onMirror)
  onMirrorRef.current = onMirror
  useEffect(() => {
    if (state.mode !== 'following') {
      mirrored.current = null
      return
    }
    if (!ready) return
    const view = viewers.find((viewer) => viewer.key === state.key && viewer.view?.sample === self.sample)?.view
    if (!view || view.kind !== self.kind || sameView(view, mirrored.current)) return
    mirrored.current = view
    onMirrorRef.current(view)
  }, [state, viewers, self, ready])

  useEffect(() => {
    if (state.mode === 'off') return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dispatch({ type: 'escape' })
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [state.mode, dispatch])

  // My view goes out at most every VIEW_INTERVAL_MS; the last one always does.
  const share = live.share
  const outbox = useRef<{ view: SharedView | null; sent: SharedView | null; at: number | null; timer: number | null }>({
    view: null,
    sent: null,
    at: null,
    timer: null,
  })
  const publish = useCallback(
    (view: SharedView) => {
      const box = outbox.current
      box.view = view
      if (box.timer !== null) return
      const send = () => {
        box.timer = null
        if (!box.view || sameView(box.view, box.sent)) return
        box.sent = box.view
        box.at = Date.now()
        share('view', box.view)
      }
      const wait = sendDelay(box.at, Date.now())
      if (wait === 0) send()
      else box.timer = window.setTimeout(send, wait)
    },
    [share],
  )
  useEffect(() => () => void (outbox.current.timer !== null && window.clearTimeout(outbox.current.timer)), [])

  // While the page opens another sample of the style, those following me learn where I went.
  const navigation = useNavigation()
  const samplesPath = context?.samplesPath
  const going = samplesPath && navigation.location ? sampleOfPath(navigation.location.pathname, samplesPath) : null
  useEffect(() => {
    share('going', going && going !== self.sample ? going : null)
  }, [going, share, self.sample])

  const ownInput = useCallback(() => dispatch({ type: 'own-view' }), [dispatch])

  const people = useMemo(() => {
    const byKey = new Map<string, PresencePerson>()
    for (const viewer of viewers) {
      const followable = mayFollow(viewer, self)
      const known = byKey.get(viewer.key)
      if (!known) byKey.set(viewer.key, { key: viewer.key, name: viewer.name, followable })
      else known.followable ||= followable
    }
    return [...byKey.values()]
  }, [viewers, self])

  return {
    state,
    people,
    toggle: (key: string) => dispatch({ type: 'toggle', key, people: viewers }),
    stop: () => dispatch({ type: 'stop' }),
    ownInput,
    publish,
    hrefOf: (sampleKey, accountKey) =>
      `${samplesPath ?? ''}${sampleKey}?${new URLSearchParams({ follow: accountKey }).toString()}`,
  }
}

/**
 * Following on a picture: my zoom and pan go out, theirs come in, and a view change of my own
 * (the stage calls onView only for my input) stops following.
 */
export function usePictureFollow(
  live: Pick<SampleMarkupDoc, 'viewers' | 'share'>,
  me: { key: string; sample: string },
  context: FollowContext | undefined,
  view: StageView,
  setView: (update: (view: StageView) => StageView) => void,
): { follow: Follow; onView: (update: (view: StageView) => StageView) => void } {
  const follow = useFollow(live, { ...me, kind: 'picture' }, context, (shared) => {
    const next = mirroredPicture(shared)
    if (next) setView(() => next)
  })
  const { publish } = follow
  useEffect(() => publish(pictureView(me.sample, view)), [publish, me.sample, view])
  const { ownInput } = follow
  const onView = useCallback(
    (update: (view: StageView) => StageView) => {
      ownInput()
      setView(update)
    },
    [ownInput, setView],
  )
  return { follow, onView }
}
