import { describe, expect, it } from 'vitest'
import {
  NOT_FOLLOWING,
  VIEW_INTERVAL_MS,
  initialFollow,
  leaderOf,
  mayFollow,
  mirroredCamera,
  mirroredPicture,
  modelView,
  nextFollow,
  parseGoing,
  parseSharedView,
  pictureView,
  sameView,
  sampleOfPath,
  sendDelay,
  type FollowSelf,
  type FollowState,
  type Looker,
  type SharedView,
} from './follow'
import { cameraAttributes } from './model-pins'

const self: FollowSelf = {
  key: 'me',
  sample: 'v2',
  kind: 'picture',
  versions: [
    { key: 'v1', version: 1 },
    { key: 'v2', version: 2 },
    { key: 'v3', version: 3 },
  ],
}
const dana = (
  view: SharedView | null = pictureView('v2', { zoom: 2, x: 0.1, y: -0.2 }),
  going: string | null = null,
): Looker => ({
  clientId: 7,
  key: 'dana',
  name: 'Dana Designer',
  view,
  going,
})
const following: FollowState = { mode: 'following', key: 'dana', name: 'Dana Designer', going: null }
const camera = { theta: 0.4, phi: 1.2, radius: 2.5, target: { x: 0, y: 0.8, z: -0.1 }, fov: 30 }

describe('shared views', () => {
  it('reads a picture view, kept within the stage’s zoom and pan', () => {
    expect(parseSharedView({ sample: 'v2', kind: 'picture', zoom: 2, x: 0.1, y: -0.2 })).toEqual(dana().view)
    expect(parseSharedView({ sample: 'v2', kind: 'picture', zoom: 40, x: 9, y: -9 })).toEqual({
      sample: 'v2',
      kind: 'picture',
      zoom: 8,
      x: 3.5,
      y: -3.5,
    })
  })

  it('reads a camera, and refuses what is not one', () => {
    expect(parseSharedView({ sample: 'v2', kind: 'model', camera })).toEqual(modelView('v2', camera))
    for (const bad of [
      null,
      'view',
      { sample: 'v2', kind: 'picture', zoom: Number.NaN, x: 0, y: 0 },
      { sample: 'v2', kind: 'picture', zoom: '2', x: 0, y: 0 },
      { sample: '../x', kind: 'picture', zoom: 2, x: 0, y: 0 },
      { sample: 'v2', kind: 'video', zoom: 2, x: 0, y: 0 },
      { sample: 'v2', kind: 'model', camera: { ...camera, radius: 0 } },
      { sample: 'v2', kind: 'model', camera: { ...camera, phi: 4 } },
      { sample: 'v2', kind: 'model', camera: { ...camera, fov: 180 } },
      { sample: 'v2', kind: 'model', camera: { ...camera, target: { x: 0, y: Infinity, z: 0 } } },
    ]) {
      expect(parseSharedView(bad)).toBeNull()
    }
    expect(parseGoing('v3')).toBe('v3')
    expect(parseGoing('<v3>')).toBeNull()
    expect(parseGoing(3)).toBeNull()
  })

  it('tells a view that moved from one that did not', () => {
    const view = pictureView('v2', { zoom: 2, x: 0.1, y: 0 })
    expect(sameView(view, pictureView('v2', { zoom: 2, x: 0.1 + 1e-9, y: 0 }))).toBe(true)
    expect(sameView(view, pictureView('v2', { zoom: 2.01, x: 0.1, y: 0 }))).toBe(false)
    expect(sameView(view, pictureView('v2', { zoom: 2, x: 0.1, y: 0.05 }))).toBe(false)
    expect(sameView(view, pictureView('v1', { zoom: 2, x: 0.1, y: 0 }))).toBe(false)
    expect(sameView(modelView('v2', camera), modelView('v2', { ...camera, theta: 0.5 }))).toBe(false)
    expect(sameView(modelView('v2', camera), modelView('v2', { ...camera, target: { x: 0, y: 0.8, z: 0 } }))).toBe(
      false,
    )
    expect(sameView(modelView('v2', camera), modelView('v2', { ...camera }))).toBe(true)
    expect(sameView(view, modelView('v2', camera))).toBe(false)
    expect(sameView(null, null)).toBe(true)
    expect(sameView(view, null)).toBe(false)
  })
})

describe('mirroring', () => {
  it('shows a picture at their zoom and pan: box fractions mean the same part of the picture anywhere', () => {
    expect(mirroredPicture(pictureView('v2', { zoom: 3, x: 0.5, y: -1 }))).toEqual({ zoom: 3, x: 0.5, y: -1 })
    expect(mirroredPicture(modelView('v2', camera))).toBeNull()
  })

  it('turns the camera to theirs: orbit, target and field of view as model-viewer takes them', () => {
    const pose = mirroredCamera(modelView('v2', camera))!
    expect(cameraAttributes(pose)).toEqual({
      cameraOrbit: '0.4rad 1.2rad 2.5m',
      cameraTarget: '0m 0.8m -0.1m',
      fieldOfView: '30deg',
    })
    expect(mirroredCamera(dana().view!)).toBeNull()
  })
})

describe('throttling', () => {
  it('sends at once after a quiet while, else when the interval has passed since the last', () => {
    expect(VIEW_INTERVAL_MS).toBe(100)
    expect(sendDelay(null, 5000)).toBe(0)
    expect(sendDelay(5000, 5000)).toBe(100)
    expect(sendDelay(5000, 5030)).toBe(70)
    expect(sendDelay(5000, 5100)).toBe(0)
    expect(sendDelay(5000, 9000)).toBe(0)
    // A clock that went back never waits longer than one interval.
    expect(sendDelay(5000, 1000)).toBe(100)
  })
})

describe('who may be followed', () => {
  it('someone else, on this sample and its kind of stage, once their view has arrived', () => {
    expect(mayFollow(dana(), self)).toBe(true)
    expect(mayFollow({ ...dana(), key: 'me' }, self)).toBe(false)
    expect(mayFollow({ ...dana(), view: null }, self)).toBe(false)
    expect(mayFollow(dana(pictureView('v1', { zoom: 1, x: 0, y: 0 })), self)).toBe(false)
    expect(mayFollow(dana(modelView('v2', camera)), self)).toBe(false)
    expect(mayFollow(dana(modelView('v2', camera)), { ...self, kind: 'model' })).toBe(true)
  })

  it('of someone’s tabs, the first that shows this sample', () => {
    const elsewhere = { ...dana(null), clientId: 3 }
    expect(leaderOf([elsewhere, dana()], 'dana', self)?.clientId).toBe(7)
    expect(leaderOf([elsewhere], 'dana', self)).toBeNull()
  })
})

describe('following', () => {
  it('starts and stops on their avatar, and moves to another person’s', () => {
    const started = nextFollow(NOT_FOLLOWING, { type: 'toggle', key: 'dana', people: [dana()] }, self)
    expect(started).toEqual(following)
    expect(nextFollow(started, { type: 'toggle', key: 'dana', people: [dana()] }, self)).toEqual(NOT_FOLLOWING)
    const victor = { ...dana(), clientId: 9, key: 'victor', name: 'Victor Sample' }
    expect(nextFollow(started, { type: 'toggle', key: 'victor', people: [dana(), victor] }, self)).toMatchObject({
      mode: 'following',
      key: 'victor',
    })
    // Nobody to follow: nothing changes.
    expect(nextFollow(NOT_FOLLOWING, { type: 'toggle', key: 'me', people: [dana()] }, self)).toBe(NOT_FOLLOWING)
  })

  it('stops on my own zoom, pan or orbit, on Escape and on Stop', () => {
    for (const type of ['own-view', 'escape', 'stop'] as const) {
      expect(nextFollow(following, { type }, self)).toEqual(NOT_FOLLOWING)
      expect(nextFollow({ mode: 'pending', key: 'dana' }, { type }, self)).toEqual(NOT_FOLLOWING)
    }
  })

  it('offers to follow them to the version they opened, and resumes when they come back', () => {
    const leaving = nextFollow(following, { type: 'people', people: [dana(undefined, 'v3')] }, self)
    expect(leaving).toEqual({ ...following, going: 'v3' })
    const left = nextFollow(leaving, { type: 'people', people: [] }, self)
    expect(left).toEqual({ mode: 'left', key: 'dana', name: 'Dana Designer', to: { key: 'v3', version: 3 } })
    // Looking around meanwhile keeps the offer; Escape dismisses it.
    expect(nextFollow(left, { type: 'own-view' }, self)).toBe(left)
    expect(nextFollow(left, { type: 'escape' }, self)).toEqual(NOT_FOLLOWING)
    expect(nextFollow(left, { type: 'people', people: [dana()] }, self)).toEqual(following)
  })

  it('stops when they leave for anything but another version of the series', () => {
    for (const going of [null, 'other-sample', 'v2']) {
      const leaving = nextFollow(following, { type: 'people', people: [dana(undefined, going)] }, self)
      expect(nextFollow(leaving, { type: 'people', people: [] }, self)).toEqual(NOT_FOLLOWING)
    }
  })

  it('waits while their only tab shows nothing to follow yet', () => {
    expect(nextFollow(following, { type: 'people', people: [dana(null)] }, self)).toBe(following)
  })

  it('follows the person the address names once they are here, never oneself', () => {
    const pending = initialFollow('dana', self)
    expect(pending).toEqual({ mode: 'pending', key: 'dana' })
    expect(nextFollow(pending, { type: 'people', people: [] }, self)).toBe(pending)
    expect(nextFollow(pending, { type: 'people', people: [dana()] }, self)).toEqual(following)
    expect(initialFollow('me', self)).toBe(NOT_FOLLOWING)
    expect(initialFollow(null, self)).toBe(NOT_FOLLOWING)
  })

  it('knows the sample page a link opens', () => {
    const prefix = '/brand/b/style/s/samples/'
    expect(sampleOfPath('/brand/b/style/s/samples/v3', prefix)).toBe('v3')
    expect(sampleOfPath('/brand/b/style/s/samples/v3/', prefix)).toBe('v3')
    expect(sampleOfPath('/brand/b/style/s/samples/v3/poster', prefix)).toBeNull()
    expect(sampleOfPath('/brand/b/style/other/samples/v3', prefix)).toBeNull()
  })
})
