// The Linen Shirt on its dress form: profiles of the form and the shirt, collar, placket, pocket,
// sleeves and hem as meshes, and where the demo's pin sits.
import { add, along, cross, lerp, normalise, scale, sub, surface, tube, type Mesh, type Vec } from './demo-mesh'

const FOOT = 0.5

// Materials, by index.
export const LINEN = 0
const BUTTON = 1
const FORM = 2
const STAND = 3

/** Front of the garment faces +z; theta 0 is the front, growing towards the wearer's left (+x). */
const around = (theta: number, rx: number, rz: number, y: number): Vec => [
  Math.sin(theta) * rx,
  y,
  Math.cos(theta) * rz,
]

// The form's half-width (x) and half-depth (z) by height, in metres: hips, waist, bust, shoulders
// and neck, closed at both ends.
const FORM_X: [number, number][] = [
  [0.93, 0.0],
  [0.94, 0.152],
  [1.05, 0.134],
  [1.2, 0.152],
  [1.33, 0.16],
  [1.4, 0.165],
  [1.45, 0.118],
  [1.48, 0.062],
  [1.54, 0.056],
  [1.56, 0.0],
]
const FORM_Z: [number, number][] = [
  [0.93, 0.0],
  [0.94, 0.12],
  [1.05, 0.104],
  [1.2, 0.125],
  [1.33, 0.112],
  [1.4, 0.095],
  [1.45, 0.08],
  [1.48, 0.058],
  [1.54, 0.054],
  [1.56, 0.0],
]
// The shirt: a relaxed fit, easing over the chest and falling straight to a shirttail hem.
const SHIRT_X: [number, number][] = [
  [0.82, 0.19],
  [0.95, 0.183],
  [1.05, 0.172],
  [1.2, 0.179],
  [1.33, 0.181],
  [1.4, 0.182],
  [1.445, 0.13],
  [1.47, 0.078],
]
const SHIRT_Z: [number, number][] = [
  [0.82, 0.156],
  [0.95, 0.15],
  [1.05, 0.142],
  [1.2, 0.152],
  [1.33, 0.136],
  [1.4, 0.112],
  [1.445, 0.09],
  [1.47, 0.068],
]

/** The shirttail: lower at the front and back, curving up to the side seams. */
const hem = (theta: number) => 0.83 + 0.07 * Math.sin(theta) ** 2
/** Where the shirt ends at the neck: a small V at the open top button. */
const neckline = (theta: number) => 1.47 - 0.075 * Math.max(0, Math.cos(theta)) ** 16
/** Soft drape below the chest, deeper towards the hem. */
const drape = (theta: number, y: number) => {
  const depth = y < 1.15 ? ((1.15 - y) / (1.15 - 0.83)) ** 1.3 : 0
  return 1 + depth * (0.018 * Math.sin(7 * theta + 1.1) + 0.01 * Math.sin(11 * theta + 0.4))
}
const shirtAt = (theta: number, y: number): Vec =>
  around(theta, along(SHIRT_X, y) * drape(theta, y), along(SHIRT_Z, y) * drape(theta, y), y)

/** The shirt's outward normal at a point of its body. */
function shirtNormal(theta: number, y: number): Vec {
  const e = 1e-4
  const du = sub(shirtAt(theta + e, y), shirtAt(theta - e, y))
  const dv = sub(shirtAt(theta, y + e), shirtAt(theta, y - e))
  return normalise(cross(du, dv))
}

/** A point just off the shirt's surface, for what is sewn on it. */
const onShirt = (theta: number, y: number, lift: number): Vec =>
  add(shirtAt(theta, y), scale(shirtNormal(theta, y), lift))

/** The chest pocket on the wearer's left: its span around and its height. */
const POCKET = { from: 0.42, to: 0.78, top: 1.31, bottom: 1.2, point: 0.014 }

/** The middle of the chest pocket, with its outward normal: the demo pin's spot. */
export function demoPinSpot(): {
  position: { x: number; y: number; z: number }
  normal: { x: number; y: number; z: number }
} {
  const theta = (POCKET.from + POCKET.to) / 2
  const y = (POCKET.top + POCKET.bottom) / 2
  const [x, py, z] = onShirt(theta, y, 0.0035)
  const [nx, ny, nz] = shirtNormal(theta, y)
  return { position: { x, y: py, z }, normal: { x: nx, y: ny, z: nz } }
}

export function garment(): Mesh[] {
  const meshes: Mesh[] = []
  // The shirt's body, from the shirttail to the neck.
  meshes.push(
    surface((u, v) => shirtAt(u * 2 * Math.PI, lerp(hem(u * 2 * Math.PI), neckline(u * 2 * Math.PI), v)), 88, 44, {
      wrapU: true,
      material: LINEN,
      uvScale: [24, 14],
      flip: true,
    }),
  )
  // The form: linen torso and neck.
  meshes.push(
    surface(
      (u, v) => {
        const y = lerp(0.93, 1.56, v)
        return around(u * 2 * Math.PI, along(FORM_X, y), along(FORM_Z, y), y)
      },
      40,
      32,
      { wrapU: true, material: FORM, flip: true },
    ),
  )
  // The button placket down the front, a little proud of the body, and its buttons.
  meshes.push(
    surface((u, v) => onShirt(lerp(-0.085, 0.085, u), lerp(hem(0) + 0.002, neckline(0) - 0.002, v), 0.0025), 4, 40, {
      wrapU: false,
      material: LINEN,
      uvScale: [1, 16],
      flip: true,
    }),
  )
  for (const y of [0.87, 0.955, 1.04, 1.125, 1.21, 1.295, 1.375]) {
    const centre = onShirt(0, y, 0.004)
    meshes.push(
      surface(
        (u, v) => {
          const theta = u * 2 * Math.PI
          const phi = v * Math.PI
          return add(centre, [
            Math.sin(phi) * Math.cos(theta) * 0.0072,
            -Math.cos(phi) * 0.0072,
            Math.sin(phi) * Math.sin(theta) * 0.0028,
          ])
        },
        12,
        6,
        { wrapU: true, material: BUTTON },
      ),
    )
  }
  // The chest pocket, with a pointed bottom.
  meshes.push(
    surface(
      (u, v) => {
        const theta = lerp(POCKET.from, POCKET.to, u)
        const point = POCKET.point * (1 - Math.abs(u - 0.5) * 2)
        return onShirt(theta, lerp(POCKET.bottom - point, POCKET.top, v), 0.003)
      },
      12,
      8,
      { wrapU: false, material: LINEN, uvScale: [3, 3], flip: true },
    ),
  )
  // Its turned-down top edge and the seams round it catch the light.
  meshes.push(
    tube(
      (t) => onShirt(lerp(POCKET.from, POCKET.to, t), POCKET.top, 0.004),
      () => 0.0022,
      12,
      6,
      LINEN,
    ),
  )
  for (const side of [POCKET.from, POCKET.to]) {
    meshes.push(
      tube(
        (t) => {
          // Down the side, then along the bottom to the point in the middle.
          if (t < 0.5) return onShirt(side, lerp(POCKET.top, POCKET.bottom, t * 2), 0.0035)
          const s = (t - 0.5) * 2
          const u = side === POCKET.from ? s * 0.5 : 1 - s * 0.5
          const point = POCKET.point * (1 - Math.abs(u - 0.5) * 2)
          return onShirt(lerp(POCKET.from, POCKET.to, u), POCKET.bottom - point, 0.0035)
        },
        () => 0.0012,
        16,
        5,
        LINEN,
      ),
    )
  }
  // A band collar round the neck, open at the front with rounded corners.
  const OPEN = 0.16
  meshes.push(
    surface(
      (u, v) => {
        const theta = lerp(OPEN, 2 * Math.PI - OPEN, u)
        // The corners round off over the last part of the band either side.
        const corner = Math.min(1, Math.min(u, 1 - u) / 0.05)
        const height = 0.036 * Math.sqrt(corner)
        const base = neckline(theta) - 0.004
        const y = base + height * v
        const radius = 1 + 0.06 * (1 - v)
        return around(theta, 0.074 * radius, 0.069 * radius, y)
      },
      72,
      4,
      { wrapU: false, material: LINEN, uvScale: [22, 1], flip: true },
    ),
  )
  // Long sleeves hanging from the shoulders, their heads rounded into the shoulder, with cuffs.
  for (const side of [1, -1]) {
    const shoulder: Vec = [side * 0.16, 1.36, -0.006]
    const direction = normalise([side * 0.24, -1, 0.06])
    const length = 0.5
    const head = 0.09
    const along = (t: number): Vec =>
      add(add(shoulder, scale(direction, t)), [0, 0, 0.018 * Math.sin((Math.PI * Math.max(0, t)) / length)])
    meshes.push(
      tube(
        (t) => along(lerp(-head, length, t)),
        (t) => {
          const at = lerp(-head, length, t)
          const cap = at < 0 ? Math.sqrt(Math.max(0, 1 - (at / head) ** 2)) : 1
          return lerp(0.068, 0.052, Math.max(0, at) / length) * cap * (1 + 0.03 * Math.sin(at * 30 + side))
        },
        30,
        28,
        LINEN,
        [6, 10],
      ),
    )
    meshes.push(
      tube(
        (t) => along(length + (t - 0.7) * 0.07),
        () => 0.0545,
        2,
        28,
        LINEN,
        [6, 1],
      ),
    )
  }
  // Stand: a pole, a collar under the torso, a knob on top and a round foot.
  meshes.push(
    tube(
      (t) => [0, lerp(FOOT + 0.03, 0.94, t), 0],
      () => 0.013,
      2,
      20,
      STAND,
    ),
  )
  meshes.push(
    tube(
      (t) => [0, lerp(0.915, 0.94, t), 0],
      () => 0.03,
      2,
      24,
      STAND,
    ),
  )
  meshes.push(
    surface(
      (u, v) => {
        const theta = u * 2 * Math.PI
        const phi = v * Math.PI
        return [
          Math.sin(phi) * Math.cos(theta) * 0.024,
          1.565 - Math.cos(phi) * 0.018,
          Math.sin(phi) * Math.sin(theta) * 0.024,
        ]
      },
      20,
      10,
      { wrapU: true, material: STAND },
    ),
  )
  meshes.push(
    surface(
      (u, v) => {
        const theta = u * 2 * Math.PI
        // Profile of the foot: flat top, rounded rim, flat underside.
        const r = v < 0.5 ? lerp(0.02, 0.17, v * 2) : 0.17 + 0.012 * Math.sin((v - 0.5) * 2 * Math.PI)
        const y = FOOT + (v < 0.5 ? 0.03 : lerp(0.03, 0, (v - 0.5) * 2))
        return [Math.sin(theta) * r, y, Math.cos(theta) * r]
      },
      48,
      12,
      { wrapU: true, material: STAND },
    ),
  )
  return meshes
}

/** Blue linen: a plain weave with the odd slubbed thread, as a small PNG repeated over the shirt. */
