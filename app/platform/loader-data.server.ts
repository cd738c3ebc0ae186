// A loader's data as a Response that is encoded only if it is sent. Remix (without single fetch)
// turns each loader's answer into a JSON Response, and for a page it reads that Response back
// (parse) before encoding all loaders' data once more into the page: every signed-in page paid the
// frame's and the root's data three times (docs/decisions/163). This Response hands its data to
// the page as it is when the data is plain JSON, and encodes it only when it is sent as the answer
// of a data request.
import type { TypedResponse } from '@remix-run/node'

const encoder = new TextEncoder()

class LoaderDataResponse<T> extends Response {
  readonly #data: T

  constructor(data: T, init: ResponseInit) {
    super(
      new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            controller.enqueue(encoder.encode(JSON.stringify(data)))
            controller.close()
          },
        },
        // Nothing is queued ahead: a stream pulls once at start to fill a queue of one.
        { highWaterMark: 0 },
      ),
      init,
    )
    this.#data = data
  }

  // What a JSON round trip would give: the data itself when it is plain JSON, else a round trip.
  override json(): Promise<T> {
    if (isPlainJson(this.#data)) return Promise.resolve(this.#data)
    return super.json() as Promise<T>
  }
}

/** Remix's `json`, for loaders whose data the page reads back (the root's, the frame's, lists'). */
export function json<T>(data: T, init: ResponseInit = {}): TypedResponse<T> {
  const headers = new Headers(init.headers)
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json; charset=utf-8')
  return new LoaderDataResponse(data, { ...init, headers }) as unknown as TypedResponse<T>
}

/**
 * Whether JSON.parse(JSON.stringify(value)) would give back the same values: strings, finite
 * numbers, booleans, null, arrays of those and plain objects (an undefined property is dropped
 * either way; a Date, a Map or a class would change, and an array's undefined become null).
 */
export function isPlainJson(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true
    case 'number':
      return Number.isFinite(value)
    case 'object': {
      if (value === null) return true
      if (Array.isArray(value)) {
        for (const item of value) if (item === undefined || !isPlainJson(item)) return false
        return true
      }
      const prototype = Object.getPrototypeOf(value)
      if (prototype !== Object.prototype && prototype !== null) return false
      for (const key in value) {
        const item = (value as Record<string, unknown>)[key]
        if (item !== undefined && !isPlainJson(item)) return false
      }
      return true
    }
    default:
      return false
  }
}
