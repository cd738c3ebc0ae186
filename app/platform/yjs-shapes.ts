// What a Yjs document kind declares about its content (decision 148): the places and values a
// client may insert, checked on the server before an update is applied. The types of an insertion
// and the helpers the shapes of every feature share.
import * as Y from 'yjs'

/**
 * Where an inserted value sits: the root type's name, then the map key at each level down to the
 * value (null for a position in an array or text).
 */
export interface Place {
  root: string
  keys: (string | null)[]
}

export interface Insertion {
  place: Place
  /** The value as Yjs carries it (ContentAny, ContentBinary, ContentType, ContentString…). */
  content: Y.Item['content']
}

/** The reason an insertion does not fit a document's shape, or null when it fits. */
export type InsertionCheck = (insertion: Insertion) => string | null

/** Who is writing, and to which copy: some rules depend on what the document already holds. */
export interface WriteContext {
  doc: Y.Doc
  accountKey: string
}

export type DocShape = (context: WriteContext) => InsertionCheck

/**
 * How large one client update to a document kind may be, checked on the raw bytes before Yjs reads
 * it (realtime/yjs/update-check.ts): reading, placing and applying an update runs in the portal's
 * one thread, so these bound what one update can cost everyone else.
 */
export interface UpdateLimits {
  /** Bytes of one message; more is refused before anything is read. */
  maxBytes: number
  /** Items, each entry of an inserted list or object counted as one. */
  maxItems: number
  /** Types nested below a root, and lists or objects nested inside one value. */
  maxDepth: number
  /** Longest text, key or byte value, in bytes. */
  maxValueBytes: number
}

/** What a kind that declares nothing else takes: a few hundred ordinary edits at once. */
export const DEFAULT_UPDATE_LIMITS: UpdateLimits = {
  maxBytes: 256 * 1024,
  maxItems: 4096,
  maxDepth: 8,
  maxValueBytes: 64 * 1024,
}

/** Record keys as the portal makes them (app/platform/ids.ts), with room for older and demo ones. */
export const RECORD_KEY = /^[a-z0-9]{1,64}$/

export const isRecordKey = (value: unknown): value is string => typeof value === 'string' && RECORD_KEY.test(value)

export function contentName(content: Insertion['content']): string {
  if (content instanceof Y.ContentType) return content.type.constructor.name
  return content.constructor.name
}

/** The refusal of a value at a place its document's shape has no room for. */
export const misplaced = ({ place }: Insertion) =>
  `Nothing may be written at ${[place.root, ...place.keys.map((key) => key ?? '[]')].join(' › ')}.`
