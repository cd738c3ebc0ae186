// Small geometry for the demo's 3D sample: vectors, profiles, and meshes of parametric surfaces
// and tubes.

export type Vec = [number, number, number]

export const add = (a: Vec, b: Vec): Vec => [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
export const sub = (a: Vec, b: Vec): Vec => [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
export const scale = (a: Vec, s: number): Vec => [a[0] * s, a[1] * s, a[2] * s]
export const cross = (a: Vec, b: Vec): Vec => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
]
export const normalise = (a: Vec): Vec => {
  const length = Math.hypot(...a) || 1
  return scale(a, 1 / length)
}
export const lerp = (a: number, b: number, t: number) => a + (b - a) * t

/**
 * A value along a profile of [key, value] points (keys ascending): a Catmull-Rom curve through
 * them, so the surface's curvature flows on without a ring at each point.
 */
export function along(profile: readonly (readonly [number, number])[], key: number): number {
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

export interface Mesh {
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
export function surface(
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
export function tube(
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
