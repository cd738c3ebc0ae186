// Reading untrusted shapes: anything read from a Yjs document or a form passes here first.
import {
  CONTROL,
  COORDINATE_MAX,
  COORDINATE_MIN,
  ID,
  MAX_CAMERA_THETA,
  MAX_FIELD_OF_VIEW,
  MAX_ID_LENGTH,
  MAX_MODEL_DISTANCE,
  MAX_PEN_POINTS,
  MAX_PIN_NUMBER,
  MAX_STROKE_WIDTH,
  MAX_TEXT_LENGTH,
  MAX_TEXT_SIZE,
  MIN_FIELD_OF_VIEW,
  NORMAL_TOLERANCE,
  SHAPE_KINDS,
  clampToImage,
  isMarkupColour,
  type CameraPose,
  type Point,
  type Shape,
  type ShapeKind,
  type Vector3,
} from './shape-types'

type Fields = Record<string, unknown>

const BASE_FIELDS = ['id', 'kind', 'colour', 'strokeWidth', 'author', 'created', 'needsRecheck']
const KIND_FIELDS: Record<ShapeKind, string[]> = {
  pen: ['points'],
  arrow: ['from', 'to'],
  rect: ['x', 'y', 'width', 'height'],
  ellipse: ['cx', 'cy', 'rx', 'ry'],
  text: ['x', 'y', 'text', 'size'],
  pin: ['x', 'y', 'number', 'resolved', 'thread'],
  pin3d: ['position', 'normal', 'camera', 'number', 'resolved', 'thread'],
}
const CAMERA_FIELDS = ['theta', 'phi', 'radius', 'target', 'fov']

function isPlainObject(value: unknown): value is Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

const isKey = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= MAX_ID_LENGTH && ID.test(value)
const isCoordinate = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= COORDINATE_MIN && value <= COORDINATE_MAX
const isNumberIn = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max

function readPoint(value: unknown): Point | null {
  if (!isPlainObject(value) || Object.keys(value).length !== 2) return null
  return isCoordinate(value.x) && isCoordinate(value.y) ? { x: value.x, y: value.y } : null
}

const hasExactly = (value: Fields, keys: readonly string[]) =>
  Object.keys(value).length === keys.length && keys.every((key) => Object.hasOwn(value, key))

function readVector(value: unknown, max: number): Vector3 | null {
  if (!isPlainObject(value) || !hasExactly(value, ['x', 'y', 'z'])) return null
  const { x, y, z } = value
  return isNumberIn(x, -max, max) && isNumberIn(y, -max, max) && isNumberIn(z, -max, max) ? { x, y, z } : null
}

/** A normal of length 1 (within what 4 stored decimals lose), made exactly length 1. */
function readNormal(value: unknown): Vector3 | null {
  const normal = readVector(value, 1 + NORMAL_TOLERANCE)
  if (!normal) return null
  const length = Math.hypot(normal.x, normal.y, normal.z)
  if (Math.abs(length - 1) > NORMAL_TOLERANCE) return null
  return { x: normal.x / length, y: normal.y / length, z: normal.z / length }
}

function readCamera(value: unknown): CameraPose | null {
  if (!isPlainObject(value) || !hasExactly(value, CAMERA_FIELDS)) return null
  const { theta, phi, radius, fov } = value
  const target = readVector(value.target, MAX_MODEL_DISTANCE)
  if (!target || !isNumberIn(theta, -MAX_CAMERA_THETA, MAX_CAMERA_THETA) || !isNumberIn(phi, 0, Math.PI)) return null
  if (!isNumberIn(radius, 0, MAX_MODEL_DISTANCE) || radius === 0) return null
  if (!isNumberIn(fov, MIN_FIELD_OF_VIEW, MAX_FIELD_OF_VIEW)) return null
  return { theta, phi, radius, target, fov }
}

function readText(value: unknown): string | null {
  // Length is checked on UTF-16 units first, so a huge string is refused before it is split.
  if (typeof value !== 'string' || value.length > MAX_TEXT_LENGTH * 2) return null
  if ([...value].length > MAX_TEXT_LENGTH || value.trim() === '' || CONTROL.test(value)) return null
  return value
}

function readShape(value: unknown): Shape | null {
  if (!isPlainObject(value)) return null
  const kind = value.kind
  if (typeof kind !== 'string' || !(SHAPE_KINDS as readonly string[]).includes(kind)) return null
  const allowed = [...BASE_FIELDS, ...KIND_FIELDS[kind as ShapeKind]]
  // Unknown fields are refused, not dropped: the value sits in the shared document as sent and
  // would travel on to every colleague, however large.
  if (Object.keys(value).some((key) => !allowed.includes(key))) return null

  const { id, colour, strokeWidth, author, created, needsRecheck } = value
  if (!isKey(id) || !isKey(author)) return null
  const lowerColour = typeof colour === 'string' ? colour.toLowerCase() : colour
  if (!isMarkupColour(lowerColour)) return null
  if (!isNumberIn(strokeWidth, 0, MAX_STROKE_WIDTH)) return null
  if (!isNumberIn(created, 0, Number.MAX_SAFE_INTEGER)) return null
  if (needsRecheck !== undefined && typeof needsRecheck !== 'boolean') return null
  const base = {
    id,
    colour: lowerColour,
    strokeWidth,
    author,
    created,
    ...(needsRecheck === undefined ? {} : { needsRecheck }),
  }

  switch (kind as ShapeKind) {
    case 'pen': {
      const { points } = value
      if (!Array.isArray(points) || points.length < 2 || points.length % 2 !== 0) return null
      if (points.length > MAX_PEN_POINTS * 2 || !points.every(isCoordinate)) return null
      return { ...base, kind: 'pen', points: [...points] }
    }
    case 'arrow': {
      const from = readPoint(value.from)
      const to = readPoint(value.to)
      return from && to ? { ...base, kind: 'arrow', from, to } : null
    }
    case 'rect': {
      const { x, y, width, height } = value
      if (!isCoordinate(x) || !isCoordinate(y)) return null
      if (!isNumberIn(width, 0, COORDINATE_MAX - x) || !isNumberIn(height, 0, COORDINATE_MAX - y)) return null
      return { ...base, kind: 'rect', x, y, width, height }
    }
    case 'ellipse': {
      const { cx, cy, rx, ry } = value
      if (!isCoordinate(cx) || !isCoordinate(cy)) return null
      if (!isNumberIn(rx, 0, COORDINATE_MAX - COORDINATE_MIN) || !isNumberIn(ry, 0, COORDINATE_MAX - COORDINATE_MIN)) {
        return null
      }
      if (!isCoordinate(cx - rx) || !isCoordinate(cx + rx) || !isCoordinate(cy - ry) || !isCoordinate(cy + ry)) {
        return null
      }
      return { ...base, kind: 'ellipse', cx, cy, rx, ry }
    }
    case 'text': {
      const { x, y, size } = value
      const text = readText(value.text)
      if (!isCoordinate(x) || !isCoordinate(y) || text === null) return null
      if (!isNumberIn(size, 0, MAX_TEXT_SIZE) || size === 0) return null
      return { ...base, kind: 'text', x, y, text, size }
    }
    case 'pin': {
      const { x, y, number, resolved, thread } = value
      if (!isCoordinate(x) || !isCoordinate(y) || typeof resolved !== 'boolean') return null
      if (!Number.isSafeInteger(number) || !isNumberIn(number, 1, MAX_PIN_NUMBER)) return null
      if (thread !== undefined && !isKey(thread)) return null
      return { ...base, kind: 'pin', x, y, number, resolved, ...(thread === undefined ? {} : { thread }) }
    }
    case 'pin3d': {
      const { number, resolved, thread } = value
      const position = readVector(value.position, MAX_MODEL_DISTANCE)
      const normal = readNormal(value.normal)
      const camera = readCamera(value.camera)
      if (!position || !normal || !camera || typeof resolved !== 'boolean') return null
      if (!Number.isSafeInteger(number) || !isNumberIn(number, 1, MAX_PIN_NUMBER)) return null
      if (thread !== undefined && !isKey(thread)) return null
      return {
        ...base,
        kind: 'pin3d',
        position,
        normal,
        camera,
        number,
        resolved,
        ...(thread === undefined ? {} : { thread }),
      }
    }
  }
}

/**
 * A shape from untrusted input (the network, the shared Yjs document), or null when it is not one
 * exactly: a known kind with finite numbers, coordinates no further off the image than
 * COORDINATE_MIN..COORDINATE_MAX, a palette colour, short [A-Za-z0-9_-] keys, bounded text and
 * points, and no other fields. What passes is a fresh object, clamped onto the image. Never throws.
 */
export function parseShape(value: unknown): Shape | null {
  try {
    const shape = readShape(value)
    return shape && clampToImage(shape)
  } catch {
    // A getter or proxy that throws is as unreadable as a wrong value.
    return null
  }
}

/** Longest stored form of one shape: a pen stroke of MAX_PEN_POINTS with room to spare. */
export const MAX_STORED_SHAPE_LENGTH = 64 * 1024
/** Decimals kept of a stored fraction: 1/10,000 of the image, below a pixel on any screen. */
const STORED_DECIMALS = 1e4

/**
 * A shape as JSON text, fractions rounded to 4 decimals (the rounding keeps it small); whole
 * numbers (times, pin numbers) are kept as they are. The form of a shape being drawn in awareness.
 */
export function shapeText(shape: Shape): string {
  return JSON.stringify(shape, (_key, value: unknown) =>
    typeof value === 'number' && !Number.isInteger(value)
      ? Math.round(value * STORED_DECIMALS) / STORED_DECIMALS
      : value,
  )
}

const utf8 = new TextEncoder()
const fromUtf8 = new TextDecoder('utf-8', { fatal: true })

/**
 * The form a shape takes in the shared Yjs document: its JSON text (shapeText) as UTF-8 bytes.
 * Yjs reads a plain object number by number, a string as one piece, and bytes stored in its
 * update format 2 as a view on the update without copying them (decision 140): a document of
 * 10,000 shapes opens several times faster than with objects, about twice as fast as with strings.
 */
export function storedShape(shape: Shape): Uint8Array {
  return utf8.encode(shapeText(shape))
}

/**
 * A shape as read from the shared document or from awareness (its UTF-8 bytes, its JSON text, or
 * a plain object as first stored), checked by parseShape.
 */
export function parseStoredShape(value: unknown): Shape | null {
  if (value instanceof Uint8Array) {
    if (value.byteLength > MAX_STORED_SHAPE_LENGTH) return null
    try {
      return parseStoredShape(fromUtf8.decode(value))
    } catch {
      return null
    }
  }
  if (typeof value !== 'string') return parseShape(value)
  if (value.length > MAX_STORED_SHAPE_LENGTH) return null
  try {
    return parseShape(JSON.parse(value))
  } catch {
    return null
  }
}
