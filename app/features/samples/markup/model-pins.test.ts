import { describe, expect, it } from 'vitest'
import {
  boundsOf,
  clampToImage,
  hitTest,
  isImageShape,
  isPin,
  MARKUP_COLOURS,
  MAX_MODEL_DISTANCE,
  MAX_STORED_SHAPE_LENGTH,
  moveShape,
  nextPinNumber,
  parseShape,
  parseStoredShape,
  resizeShape,
  shapeText,
  storedShape,
  svgOf,
  toPixels,
  type ModelPinShape,
  type PinShape,
} from './shapes'
import { angleBetween, cameraAttributes, hotspotAttributes, newModelPin, sameView } from './model-pins'

const camera = { theta: 0.6, phi: 1.2, radius: 2.4, target: { x: 0, y: 1.05, z: 0.02 }, fov: 30 }
const pin3d: ModelPinShape = {
  id: 'pin3d1',
  kind: 'pin3d',
  colour: MARKUP_COLOURS.red,
  strokeWidth: 0,
  author: 'acct1',
  created: 1_700_000_000_000,
  position: { x: 0.12, y: 1.31, z: 0.15 },
  normal: { x: 0.6, y: 0, z: 0.8 },
  camera,
  number: 3,
  resolved: false,
}
const flatPin: PinShape = {
  id: 'pin1',
  kind: 'pin',
  colour: MARKUP_COLOURS.blue,
  strokeWidth: 0.01,
  author: 'acct1',
  created: 1_700_000_000_000,
  x: 0.5,
  y: 0.5,
  number: 1,
  resolved: false,
}

/** pin3d with some fields replaced, as untrusted input. */
const forged = (changes: Record<string, unknown>) => ({ ...structuredClone(pin3d), ...changes })

describe('a 3D pin as a shape', () => {
  it('reads back as it was, and with its thread', () => {
    expect(parseShape(structuredClone(pin3d))).toEqual(pin3d)
    expect(parseShape(forged({ thread: 'conv_1', resolved: true }))).toEqual({
      ...pin3d,
      thread: 'conv_1',
      resolved: true,
    })
  })

  it('survives the stored form: 4 decimals, the normal made length 1 again, small', () => {
    const precise = {
      ...pin3d,
      position: { x: 0.123456789, y: 1.3, z: -0.0000004 },
      normal: { x: 1 / Math.sqrt(3), y: 1 / Math.sqrt(3), z: -1 / Math.sqrt(3) },
      camera: { ...camera, theta: Math.PI / 7 },
    }
    const bytes = storedShape(precise)
    expect(bytes.byteLength).toBeLessThan(400)
    const back = parseStoredShape(bytes) as ModelPinShape
    expect(back.kind).toBe('pin3d')
    expect(back.position.x).toBe(0.1235)
    expect(Math.hypot(back.normal.x, back.normal.y, back.normal.z)).toBeCloseTo(1, 12)
    expect(back.camera.theta).toBeCloseTo(Math.PI / 7, 4)
    expect(back.number).toBe(3)
  })

  it.each([
    ['a missing camera', { camera: undefined }],
    ['an unknown field', { note: 'x' }],
    ['an unknown camera field', { camera: { ...camera, zoom: 2 } }],
    ['a camera without a target', { camera: { theta: 0, phi: 1, radius: 2, fov: 30 } }],
    ['a target with a fourth coordinate', { camera: { ...camera, target: { x: 0, y: 0, z: 0, w: 1 } } }],
    ['a position as an array', { position: [0, 1, 0] }],
    ['a position with a string', { position: { x: '0', y: 1, z: 0 } }],
    ['a position far off', { position: { x: MAX_MODEL_DISTANCE * 2, y: 0, z: 0 } }],
    ['an infinite coordinate', { position: { x: Infinity, y: 0, z: 0 } }],
    ['NaN in the camera', { camera: { ...camera, theta: NaN } }],
    ['a zero normal', { normal: { x: 0, y: 0, z: 0 } }],
    ['a normal of length 2', { normal: { x: 2, y: 0, z: 0 } }],
    ['a normal of length 0.5', { normal: { x: 0.5, y: 0, z: 0 } }],
    ['phi past the bottom', { camera: { ...camera, phi: 4 } }],
    ['a negative phi', { camera: { ...camera, phi: -0.1 } }],
    ['a zero distance', { camera: { ...camera, radius: 0 } }],
    ['a negative distance', { camera: { ...camera, radius: -1 } }],
    ['a field of view of 0', { camera: { ...camera, fov: 0 } }],
    ['a field of view of 180', { camera: { ...camera, fov: 180 } }],
    ['a huge turn', { camera: { ...camera, theta: 1e9 } }],
    ['pin number 0', { number: 0 }],
    ['a fractional pin number', { number: 1.5 }],
    ['resolved as text', { resolved: 'yes' }],
    ['a thread key with a slash', { thread: '../x' }],
    ['image coordinates instead', { x: 0.5, y: 0.5 }],
    ['a colour off the palette', { colour: '#123456' }],
  ])('is refused with %s', (_label, changes) => {
    const value = forged(changes)
    for (const [key, change] of Object.entries(changes))
      if (change === undefined) delete value[key as keyof typeof value]
    expect(parseShape(value)).toBeNull()
    expect(parseStoredShape(JSON.stringify(value))).toBeNull()
  })

  it('is refused when its stored text is oversized or not JSON', () => {
    const padded = shapeText(pin3d).replace('{', `{${' '.repeat(MAX_STORED_SHAPE_LENGTH)}`)
    expect(parseStoredShape(padded)).toBeNull()
    expect(parseStoredShape(new TextEncoder().encode(padded))).toBeNull()
    expect(parseStoredShape(new TextEncoder().encode(shapeText(pin3d)))).toEqual(pin3d)
    expect(parseStoredShape('{"kind":"pin3d"')).toBeNull()
    expect(parseStoredShape(null)).toBeNull()
  })

  it('is refused when a getter throws or the object is not plain', () => {
    const trap = forged({})
    Object.defineProperty(trap, 'camera', {
      enumerable: true,
      get() {
        throw new Error('no')
      },
    })
    expect(parseShape(trap)).toBeNull()
    expect(parseShape(forged({ camera: Object.assign(Object.create({ evil: 1 }), camera) }))).toBeNull()
  })

  it('is left as it is by the image functions and never drawn on the image', () => {
    expect(clampToImage(pin3d)).toBe(pin3d)
    expect(toPixels(pin3d, { width: 800, height: 600 })).toBe(pin3d)
    expect(moveShape(pin3d, 0.1, 0.1)).toEqual(pin3d)
    expect(resizeShape(pin3d, { x: 0, y: 0, width: 1, height: 1 })).toEqual(pin3d)
    expect(boundsOf(pin3d)).toEqual({ x: 0, y: 0, width: 0, height: 0 })
    expect(hitTest([pin3d], { x: 0, y: 0 }, 1)).toBeNull()
    expect(svgOf([pin3d], { width: 800, height: 600 })).not.toContain('<circle')
  })

  it('counts as a pin with a thread, not as an image shape; numbers go on across both kinds', () => {
    expect(isPin(pin3d)).toBe(true)
    expect(isPin(flatPin)).toBe(true)
    expect(isImageShape(pin3d)).toBe(false)
    expect(isImageShape(flatPin)).toBe(true)
    expect(nextPinNumber([flatPin, pin3d])).toBe(4)
    expect(nextPinNumber([flatPin])).toBe(2)
  })
})

describe('newModelPin', () => {
  const input = {
    id: 'new1',
    author: 'acct1',
    created: 1_700_000_000_000,
    colour: MARKUP_COLOURS.green,
    number: 1,
    hit: { position: { x: 0.1, y: 1.2, z: 0.3 }, normal: { x: 0, y: 0, z: 2 } },
    camera,
  }

  it('makes a pin of a surface click and the camera, its normal length 1, open', () => {
    expect(newModelPin(input)).toEqual({
      id: 'new1',
      kind: 'pin3d',
      colour: MARKUP_COLOURS.green,
      strokeWidth: 0,
      author: 'acct1',
      created: 1_700_000_000_000,
      position: { x: 0.1, y: 1.2, z: 0.3 },
      normal: { x: 0, y: 0, z: 1 },
      camera,
      number: 1,
      resolved: false,
    })
  })

  it('copies only the numbers it needs from what the viewer hands over', () => {
    const withExtras = { ...input, hit: { ...input.hit, position: { ...input.hit.position, toString: () => 'v' } } }
    expect(newModelPin(withExtras)?.position).toEqual({ x: 0.1, y: 1.2, z: 0.3 })
  })

  it('gives nothing for a click it cannot store', () => {
    expect(newModelPin({ ...input, hit: { ...input.hit, normal: { x: 0, y: 0, z: 0 } } })).toBeNull()
    expect(newModelPin({ ...input, camera: { ...camera, radius: NaN } })).toBeNull()
    expect(newModelPin({ ...input, id: 'a b' })).toBeNull()
  })
})

describe('camera and hotspot attributes', () => {
  it('write every length in metres and every angle with its unit', () => {
    expect(cameraAttributes(camera)).toEqual({
      cameraOrbit: '0.6rad 1.2rad 2.4m',
      cameraTarget: '0m 1.05m 0.02m',
      fieldOfView: '30deg',
    })
    expect(hotspotAttributes(pin3d)).toEqual({ position: '0.12m 1.31m 0.15m', normal: '0.6m 0m 0.8m' })
  })
})

describe('sameView', () => {
  it('takes turns the short way round', () => {
    expect(angleBetween(0.1, 2 * Math.PI + 0.1)).toBeCloseTo(0, 12)
    expect(angleBetween(-3, 3)).toBeCloseTo(2 * Math.PI - 6, 12)
    expect(sameView({ ...camera, theta: camera.theta + 4 * Math.PI }, camera)).toBe(true)
  })

  it('tells a camera turned, raised, moved or zoomed away', () => {
    expect(sameView(camera, camera)).toBe(true)
    expect(sameView({ ...camera, theta: camera.theta + 0.01 }, camera)).toBe(true)
    expect(sameView({ ...camera, theta: camera.theta + 0.5 }, camera)).toBe(false)
    expect(sameView({ ...camera, phi: camera.phi - 0.3 }, camera)).toBe(false)
    expect(sameView({ ...camera, radius: camera.radius * 1.5 }, camera)).toBe(false)
    expect(sameView({ ...camera, target: { x: 0.5, y: 1.05, z: 0.02 } }, camera)).toBe(false)
    expect(sameView({ ...camera, fov: 45 }, camera)).toBe(false)
  })
})
