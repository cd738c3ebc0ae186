// The demo's 3D virtual sample: the Linen Shirt on a dress form, built from parametric surfaces
// and written as a binary glTF (.glb) at seed time, so nothing is downloaded and nothing binary is
// committed. The shirt has a collar on a stand, a button placket, a chest pocket, long sleeves
// with cuffs, soft drape and a shirttail hem; its cloth is a small blue linen texture (a PNG inside
// the file), the form is ecru on a walnut stand. About 300 KB.
import sharp from 'sharp'

type Vec = [number, number, number]

const add = (a: Vec, b: Vec): Vec => [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
const sub = (a: Vec, b: Vec): Vec => [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
const scale = (a: Vec, s: number): Vec => [a[0] * s, a[1] * s, a[2] * s]
const cross = (a: Vec, b: Vec): Vec => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
const normalise = (a: Vec): Vec => {
  const length = Math.hypot(...a) || 1
  return scale(a, 1 / length)
}
const lerp = (a: number, b: number, t: number) => a + (b - a) * t

/**
 * A value along a profile of [key, value] points (keys ascending): a Catmull-Rom curve through
 * them, so the surface's curvature flows on without a ring at each point.
 */
function along(profile: readonly (readonly [number, number])[], key: number): number {
  const last = profile.length - 1
  if (key <= profile[0]![0]) return profile[0]![1]
  if (key >= profile[last]![0]) return profile[last]![1]
  let i = 1
  while (profile[i]![0] < key) i++
  const [k1, v1] = profile[i - 1]!
  const [k2, v2] = profile[i]!
  const [k0, v0] = profile[Math.max(0, i - 2)]!
  const [k3, v3] = profile[Math.min(last, i + 1)]!
  const span = k2 - k1
  // Slopes at both ends of the span, scaled to it.
  const m1 = ((v2 - v0) / (k2 - k0 || span)) * span
  const m2 = ((v3 - v1) / (k3 - k1 || span)) * span
  const t = (key - k1) / span
  const t2 = t * t
  const t3 = t2 * t
  return (2 * t3 - 3 * t2 + 1) * v1 + (t3 - 2 * t2 + t) * m1 + (-2 * t3 + 3 * t2) * v2 + (t3 - t2) * m2
}

interface Mesh {
  positions: number[]
  normals: number[]
  uvs: number[]
  indices: number[]
  material: number
}

/**
 * A grid surface f(u, v), u and v in 0..1; `wrapU` joins u = 1 to u = 0 (a surface of revolution).
 * Normals come from the surface's derivatives, so a wrapped seam shades smoothly; `outward` picks
 * which side faces out.
 */
function surface(
  f: (u: number, v: number) => Vec,
  segmentsU: number,
  segmentsV: number,
  options: { wrapU: boolean; material: number; uvScale?: [number, number]; flip?: boolean },
): Mesh {
  const mesh: Mesh = { positions: [], normals: [], uvs: [], indices: [], material: options.material }
  const e = 1e-4
  for (let j = 0; j <= segmentsV; j++) {
    const v = j / segmentsV
    for (let i = 0; i <= segmentsU; i++) {
      const u = i / segmentsU
      const p = f(options.wrapU ? u % 1 : u, v)
      const normalAt = (w: number) => {
        const du = options.wrapU
          ? sub(f((u + e) % 1, w), f((u - e + 1) % 1, w))
          : sub(f(Math.min(1, u + e), w), f(Math.max(0, u - e), w))
        const dv = sub(
          f(options.wrapU ? u % 1 : u, Math.min(1, w + e)),
          f(options.wrapU ? u % 1 : u, Math.max(0, w - e)),
        )
        return cross(dv, du)
      }
      let n = normalAt(v)
      // At a pole (a ring shrunk to a point) the surface has no width: its normal is the one just beside it.
      if (Math.hypot(...n) < 1e-12) n = normalAt(v < 0.5 ? v + 1e-3 : v - 1e-3)
      n = normalise(n)
      if (options.flip) n = scale(n, -1)
      mesh.positions.push(...p)
      mesh.normals.push(...n)
      const [su, sv] = options.uvScale ?? [1, 1]
      mesh.uvs.push(u * su, v * sv)
    }
  }
  const row = segmentsU + 1
  for (let j = 0; j < segmentsV; j++) {
    for (let i = 0; i < segmentsU; i++) {
      const a = j * row + i
      const b = a + 1
      const c = a + row
      const d = c + 1
      if (options.flip) mesh.indices.push(a, b, c, b, d, c)
      else mesh.indices.push(a, c, b, b, c, d)
    }
  }
  return mesh
}

/** A tube of `radius` along a path, closed around. */
function tube(
  path: (t: number) => Vec,
  radius: (t: number) => number,
  segments: number,
  sides: number,
  material: number,
  uvScale: [number, number] = [1, 1],
) {
  return surface(
    (u, t) => {
      const p = path(t)
      const tangent = normalise(sub(path(Math.min(1, t + 1e-3)), path(Math.max(0, t - 1e-3))))
      const up: Vec = Math.abs(tangent[1]) > 0.9 ? [1, 0, 0] : [0, 1, 0]
      const side = normalise(cross(tangent, up))
      const other = cross(side, tangent)
      const angle = u * 2 * Math.PI
      return add(p, add(scale(side, Math.cos(angle) * radius(t)), scale(other, Math.sin(angle) * radius(t))))
    },
    sides,
    segments,
    { wrapU: true, material, uvScale },
  )
}

/** Height of the stand's foot: a table-top form, so the shirt fills the view. */
const FOOT = 0.5

// Materials, by index.
const LINEN = 0
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

function garment(): Mesh[] {
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
async function linen(size = 64): Promise<Buffer> {
  const base: Vec = [98, 130, 166]
  // A fixed sequence, so every seed draws the same cloth.
  let state = 7
  const random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648
  const slubs = Array.from({ length: size }, () => (random() < 0.15 ? 0.03 + random() * 0.03 : 0))
  const pixels = Buffer.alloc(size * size * 3)
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const weave = (x + y) % 2 === 0 ? 0.035 : -0.035
      const slub = slubs[y]! * (0.6 + 0.4 * Math.sin((x / size) * 2 * Math.PI * 3 + y))
      const shade = 1 + weave + slub + (random() - 0.5) * 0.05
      const offset = (y * size + x) * 3
      for (let c = 0; c < 3; c++) pixels[offset + c] = Math.max(0, Math.min(255, Math.round(base[c]! * shade)))
    }
  }
  return sharp(pixels, { raw: { width: size, height: size, channels: 3 } })
    .png({ compressionLevel: 9 })
    .toBuffer()
}

/** The shirt on its form as a binary glTF 2.0 file. */
export async function demoGarmentGlb(): Promise<Buffer> {
  const meshes = garment()
  const chunks: Buffer[] = []
  let length = 0
  const bufferViews: Record<string, unknown>[] = []
  const accessors: Record<string, unknown>[] = []
  const view = (bytes: Buffer, target?: number) => {
    const padding = (4 - (length % 4)) % 4
    if (padding) {
      chunks.push(Buffer.alloc(padding))
      length += padding
    }
    bufferViews.push({ buffer: 0, byteOffset: length, byteLength: bytes.length, ...(target ? { target } : {}) })
    chunks.push(bytes)
    length += bytes.length
    return bufferViews.length - 1
  }
  const floats = (values: number[], type: 'VEC2' | 'VEC3', bounds = false) => {
    const bytes = Buffer.from(new Float32Array(values).buffer)
    const width = type === 'VEC2' ? 2 : 3
    const accessor: Record<string, unknown> = {
      bufferView: view(bytes, 34962),
      componentType: 5126,
      count: values.length / width,
      type,
    }
    if (bounds) {
      const min = [Infinity, Infinity, Infinity]
      const max = [-Infinity, -Infinity, -Infinity]
      for (let i = 0; i < values.length; i++) {
        min[i % 3] = Math.min(min[i % 3]!, Math.fround(values[i]!))
        max[i % 3] = Math.max(max[i % 3]!, Math.fround(values[i]!))
      }
      Object.assign(accessor, { min, max })
    }
    accessors.push(accessor)
    return accessors.length - 1
  }
  const primitives = meshes.map((mesh) => {
    const wide = mesh.positions.length / 3 > 65535
    const indexBytes = Buffer.from((wide ? new Uint32Array(mesh.indices) : new Uint16Array(mesh.indices)).buffer)
    const position = floats(mesh.positions, 'VEC3', true)
    const normal = floats(mesh.normals, 'VEC3')
    const attributes: Record<string, number> = { POSITION: position, NORMAL: normal }
    if (mesh.material === LINEN) attributes.TEXCOORD_0 = floats(mesh.uvs, 'VEC2')
    accessors.push({
      bufferView: view(indexBytes, 34963),
      componentType: wide ? 5125 : 5123,
      count: mesh.indices.length,
      type: 'SCALAR',
    })
    return { attributes, indices: accessors.length - 1, material: mesh.material }
  })
  const image = view(await linen())
  const json = {
    asset: { version: '2.0', generator: 'Brand Portal demo seed' },
    scene: 0,
    scenes: [{ name: 'Linen shirt', nodes: [0] }],
    nodes: [{ name: 'Linen shirt on a dress form', mesh: 0 }],
    meshes: [{ name: 'Linen shirt', primitives }],
    materials: [
      {
        name: 'Blue linen',
        pbrMetallicRoughness: { baseColorTexture: { index: 0 }, metallicFactor: 0, roughnessFactor: 0.9 },
        doubleSided: true,
      },
      {
        name: 'Shell buttons',
        pbrMetallicRoughness: { baseColorFactor: [0.86, 0.84, 0.78, 1], metallicFactor: 0, roughnessFactor: 0.35 },
      },
      {
        name: 'Linen form',
        pbrMetallicRoughness: { baseColorFactor: [0.78, 0.72, 0.62, 1], metallicFactor: 0, roughnessFactor: 0.95 },
      },
      {
        name: 'Walnut stand',
        pbrMetallicRoughness: { baseColorFactor: [0.12, 0.08, 0.06, 1], metallicFactor: 0.1, roughnessFactor: 0.45 },
      },
    ],
    textures: [{ source: 0, sampler: 0 }],
    samplers: [{ magFilter: 9729, minFilter: 9987, wrapS: 10497, wrapT: 10497 }],
    images: [{ bufferView: image, mimeType: 'image/png' }],
    accessors,
    bufferViews,
    buffers: [{ byteLength: 0 }],
  }
  const padding = (4 - (length % 4)) % 4
  const binary = Buffer.concat([...chunks, Buffer.alloc(padding)])
  json.buffers[0]!.byteLength = binary.length
  const text = Buffer.from(JSON.stringify(json))
  const jsonChunk = Buffer.concat([text, Buffer.alloc((4 - (text.length % 4)) % 4, 0x20)])
  const header = Buffer.alloc(12)
  header.writeUInt32LE(0x46546c67, 0)
  header.writeUInt32LE(2, 4)
  header.writeUInt32LE(12 + 8 + jsonChunk.length + 8 + binary.length, 8)
  const chunkHeader = (size: number, type: number) => {
    const bytes = Buffer.alloc(8)
    bytes.writeUInt32LE(size, 0)
    bytes.writeUInt32LE(type, 4)
    return bytes
  }
  return Buffer.concat([
    header,
    chunkHeader(jsonChunk.length, 0x4e4f534a),
    jsonChunk,
    chunkHeader(binary.length, 0x004e4942),
    binary,
  ])
}
