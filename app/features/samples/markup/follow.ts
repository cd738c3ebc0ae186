// Following a collaborator's view of a sample, as design tools' "follow" does: each viewer shares
// where they look (a picture's zoom and pan, a 3D model's camera) in the sample document's
// awareness, and whoever follows them mirrors it live. Pure, so the rules are tested without a
// browser: what a shared view may be, who may be followed, how often a view is sent, and what
// each event does to following.
//
// Versions are separate documents: someone's awareness is gone the moment they open another
// version. So they announce where they are going (`going`) while the page loads it, and the
// follower, on seeing them leave for a version of the same series, is offered a link to follow
// them there (with `?follow=` so following resumes on arrival) instead of being taken away from
// what they were looking at (docs/decisions/155).
import type { CameraPose, Vector3 } from './shape-types'
import { clampStageView, type StageView } from './stage-view'

export type ViewKind = 'picture' | 'model'

/** What a viewer shares of their view: the sample they are on, and where they look on it. */
export type SharedView =
  | { sample: string; kind: 'picture'; zoom: number; x: number; y: number }
  | { sample: string; kind: 'model'; camera: CameraPose }

/** At most ten views a second: smooth to watch, light on the wire. */
export const VIEW_INTERVAL_MS = 100

/** Someone looking at the sample, as their awareness reads. */
export interface Looker {
  clientId: number
  key: string
  name: string
  view: SharedView | null
  /** The sample page they are opening, while it loads. */
  going: string | null
}

/** Who I am and where: the account, the sample and its kind, the versions of its series. */
export interface FollowSelf {
  key: string
  sample: string
  kind: ViewKind
  versions: readonly { key: string; version: number }[]
}

export type FollowState =
  | { mode: 'off' }
  /** Asked for by the address (`?follow=`): following starts when that person is here. */
  | { mode: 'pending'; key: string }
  | { mode: 'following'; key: string; name: string; going: string | null }
  /** They opened another version of the series: the way to follow them there. */
  | { mode: 'left'; key: string; name: string; to: { key: string; version: number } }

export type FollowEvent =
  /** Their avatar was pressed. */
  | { type: 'toggle'; key: string; people: readonly Looker[] }
  /** I zoomed, panned or turned the camera myself. */
  | { type: 'own-view' }
  | { type: 'escape' }
  | { type: 'stop' }
  /** Who is looking changed (or where they look). */
  | { type: 'people'; people: readonly Looker[] }

export const NOT_FOLLOWING: FollowState = { mode: 'off' }

const SAMPLE_KEY = /^[A-Za-z0-9_-]{1,100}$/
const MAX_DISTANCE = 1e6

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value)
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function readVector(value: unknown): Vector3 | null {
  if (!isObject(value)) return null
  const { x, y, z } = value
  if (![x, y, z].every((part) => isNumber(part) && Math.abs(part) <= MAX_DISTANCE)) return null
  return { x: x as number, y: y as number, z: z as number }
}

function readCamera(value: unknown): CameraPose | null {
  if (!isObject(value)) return null
  const { theta, phi, radius, fov } = value
  const target = readVector(value.target)
  if (!target || !isNumber(theta) || Math.abs(theta) > 1000 || !isNumber(phi) || phi < 0 || phi > Math.PI) return null
  if (!isNumber(radius) || radius <= 0 || radius > MAX_DISTANCE) return null
  if (!isNumber(fov) || fov <= 0 || fov >= 180) return null
  return { theta, phi, radius, target, fov }
}

/** A view from someone's awareness, or null when it is not one (awareness is whatever a client sends). */
export function parseSharedView(value: unknown): SharedView | null {
  if (!isObject(value) || typeof value.sample !== 'string' || !SAMPLE_KEY.test(value.sample)) return null
  if (value.kind === 'picture') {
    if (![value.zoom, value.x, value.y].every(isNumber)) return null
    const view = clampStageView({ zoom: value.zoom as number, x: value.x as number, y: value.y as number })
    return { sample: value.sample, kind: 'picture', ...view }
  }
  if (value.kind === 'model') {
    const camera = readCamera(value.camera)
    return camera ? { sample: value.sample, kind: 'model', camera } : null
  }
  return null
}

/** A sample key someone is going to, from their awareness. */
export const parseGoing = (value: unknown): string | null =>
  typeof value === 'string' && SAMPLE_KEY.test(value) ? value : null

export const pictureView = (sample: string, view: StageView): SharedView => ({ sample, kind: 'picture', ...view })
export const modelView = (sample: string, camera: CameraPose): SharedView => ({ sample, kind: 'model', camera })

/** How long to wait before the next view may be sent: at once if the last went out long enough ago. */
export function sendDelay(lastSent: number | null, now: number, interval = VIEW_INTERVAL_MS): number {
  if (lastSent === null) return 0
  return Math.min(interval, Math.max(0, lastSent + interval - now))
}

const near = (a: number, b: number, tolerance = 1e-6) => Math.abs(a - b) <= tolerance

/** The same view, to within what the eye can tell: nothing to send or to mirror. */
export function sameView(a: SharedView | null, b: SharedView | null): boolean {
  if (!a || !b) return a === b
  if (a.sample !== b.sample) return false
  if (a.kind === 'picture' && b.kind === 'picture') return near(a.zoom, b.zoom) && near(a.x, b.x) && near(a.y, b.y)
  if (a.kind === 'model' && b.kind === 'model') {
    const [p, q] = [a.camera, b.camera]
    return (
      near(p.theta, q.theta) &&
      near(p.phi, q.phi) &&
      near(p.radius, q.radius, p.radius * 1e-6) &&
      near(p.fov, q.fov) &&
      near(p.target.x, q.target.x) &&
      near(p.target.y, q.target.y) &&
      near(p.target.z, q.target.z)
    )
  }
  return false
}

/**
 * A picture's view to show as someone else's. The stage is the picture's own box, so the zoom and
 * the pan (in fractions of the box) show the same part of the picture on any screen.
 */
export function mirroredPicture(view: SharedView): StageView | null {
  return view.kind === 'picture' ? clampStageView({ zoom: view.zoom, x: view.x, y: view.y }) : null
}

/** A model's camera to show as someone else's: orbit, target and field of view as they are. */
export function mirroredCamera(view: SharedView): CameraPose | null {
  return view.kind === 'model' ? { ...view.camera, target: { ...view.camera.target } } : null
}

/** Whether I may follow this tab: someone else, on this very sample and its kind of stage. */
export function mayFollow(looker: Looker, self: FollowSelf): boolean {
  return (
    looker.key !== self.key &&
    looker.view !== null &&
    looker.view.sample === self.sample &&
    looker.view.kind === self.kind
  )
}

/** The tab of that person to follow: the first that may be followed (tabs keep their order in the awareness). */
export function leaderOf(people: readonly Looker[], key: string, self: FollowSelf): Looker | null {
  return people.find((looker) => looker.key === key && mayFollow(looker, self)) ?? null
}

/** The sample page a path opens, if it is one of this style's: `{prefix}{key}`. */
export function sampleOfPath(pathname: string, prefix: string): string | null {
  if (!pathname.startsWith(prefix)) return null
  const rest = pathname.slice(prefix.length).replace(/\/$/, '')
  return SAMPLE_KEY.test(rest) ? rest : null
}

export function nextFollow(state: FollowState, event: FollowEvent, self: FollowSelf): FollowState {
  switch (event.type) {
    case 'escape':
    case 'stop':
      return NOT_FOLLOWING
    case 'own-view':
      // My own look ends following; an offer to follow them elsewhere stays until dismissed.
      return state.mode === 'left' ? state : NOT_FOLLOWING
    case 'toggle': {
      if (state.mode === 'following' && state.key === event.key) return NOT_FOLLOWING
      const leader = leaderOf(event.people, event.key, self)
      return leader ? { mode: 'following', key: leader.key, name: leader.name, going: leader.going } : state
    }
    case 'people': {
      if (state.mode === 'off') return state
      const leader = leaderOf(event.people, state.key, self)
      if (state.mode === 'pending' || state.mode === 'left') {
        return leader ? { mode: 'following', key: leader.key, name: leader.name, going: leader.going } : state
      }
      if (leader) {
        const going = event.people.find((looker) => looker.key === state.key && looker.going)?.going ?? null
        return going === state.going && leader.name === state.name ? state : { ...state, name: leader.name, going }
      }
      // Still here in a tab that shows nothing to follow yet: wait for it.
      if (event.people.some((looker) => looker.key === state.key)) return state
      const to = self.versions.find((version) => version.key === state.going && version.key !== self.sample)
      return to ? { mode: 'left', key: state.key, name: state.name, to } : NOT_FOLLOWING
    }
  }
}

/** The state a page opens with: following the person the address names, once they are here. */
export function initialFollow(asked: string | null, self: { key: string }): FollowState {
  return asked && asked !== self.key && asked.length <= 100 ? { mode: 'pending', key: asked } : NOT_FOLLOWING
}
