// The Remix pages behind Express, with the one check every page action goes through: its body
// must be a form it can read (docs/decisions/165). A content type no page takes is answered 415
// and a multipart type without its boundary 400, before Remix runs. A multipart body's framing is
// checked as it streams past: a form that ends within its first 64 KB (every form but an upload)
// is checked whole before Remix runs, a longer one as the action reads it (an upload still
// streams), and a broken one is answered 400 instead of whatever the action made of it. An action
// that answers before reading its form (a sign-in redirect) has the rest read here first, so a
// broken form is refused whoever sends it, as the JSON API refuses malformed JSON.
import { createRequestHandler, type AppLoadContext, type ServerBuild } from '@remix-run/node'
import type { NextFunction, Request, Response } from 'express'
import { logEvent } from './error-reporting.server'
import { FORM_BODY_MESSAGES, MultipartFraming, formEncoding, type FormRefusal } from './form-body'

const MALFORMED: FormRefusal = { status: 400, type: 'ValidationError', message: FORM_BODY_MESSAGES.malformed }

/** Methods whose requests carry a form to an action. */
const WITH_FORM = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
/** How much of a multipart form is read before the action runs (all of any form but an upload). */
const READ_AHEAD_BYTES = 64 * 1024
/**
 * How much of a multipart form an action left unread is read after it answered, to tell a whole
 * form from a broken one. Past this the action's answer stands: it did not need the form.
 */
const UNREAD_CHECKED_BYTES = 1024 * 1024

export interface PageOptions {
  build: ServerBuild
  getLoadContext: (req: Request, res: Response) => AppLoadContext
}

export function servePages({ build, getLoadContext }: PageOptions) {
  // Remix's development mode only adds stack traces (with the server's paths) to error answers;
  // there is no dev server here, so a client is never told more in any mode.
  const handle = createRequestHandler(build, 'production')
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      let form: CheckedForm | null = null
      if (WITH_FORM.has(req.method)) {
        const encoding = formEncoding(req.get('content-type'), req.get('content-encoding'))
        if (!encoding.ok) return refuse(req, res, encoding)
        form = new CheckedForm(req, encoding.boundary)
        if (!(await form.readAhead())) return refuse(req, res, MALFORMED)
      }
      const response = await handle(remixRequest(req, res, form), getLoadContext(req, res))
      if (form && (await form.brokenUnder(response.status))) {
        await response.body?.cancel().catch(() => undefined)
        return refuse(req, res, MALFORMED)
      }
      await send(res, response)
    } catch (error) {
      next(error)
    }
  }
}

/** A form's body as the action reads it, its multipart framing checked on the way. */
class CheckedForm {
  readonly stream: ReadableStream<Uint8Array>
  private readonly chunks: AsyncIterator<Buffer>
  private readonly framing: MultipartFraming | null
  /** Chunks read before the action ran, handed to it first. */
  private readonly ahead: Uint8Array[] = []
  /** Reads one after another, whether the action or a check here asks. */
  private reading: Promise<unknown> = Promise.resolve()
  private ended = false
  /** Why the request's body could not be read (the client went away): the action meets it. */
  private failure: { error: unknown } | null = null

  constructor(req: Request, boundary: string | null) {
    this.framing = boundary === null ? null : new MultipartFraming(boundary)
    this.chunks = (req as AsyncIterable<Buffer>)[Symbol.asyncIterator]()
    this.stream = new ReadableStream<Uint8Array>(
      {
        pull: async (controller) => {
          const early = this.ahead.shift()
          if (early) return controller.enqueue(early)
          const next = await this.next()
          if (next === 'broken') controller.error(malformedForm())
          else if (next === null) controller.close()
          else controller.enqueue(next)
        },
        // An action that stops reading leaves the rest in the request, for brokenUnder.
      },
      { highWaterMark: 0 },
    )
  }

  /** Reads the start of a multipart form; answers false when that shows it broken. */
  async readAhead(): Promise<boolean> {
    if (!this.framing) return true
    let bytes = 0
    try {
      while (bytes < READ_AHEAD_BYTES) {
        const next = await this.next()
        if (next === 'broken') return false
        if (next === null) break
        this.ahead.push(next)
        bytes += next.byteLength
      }
    } catch {
      // The action meets the same failure when it reads.
    }
    return true
  }

  private next(): Promise<Uint8Array | null | 'broken'> {
    const result = this.reading.then(async (): Promise<Uint8Array | null | 'broken'> => {
      if (this.failure) throw this.failure.error
      if (this.ended) return this.framing?.broken ? 'broken' : null
      let chunk: IteratorResult<Buffer>
      try {
        chunk = await this.chunks.next()
      } catch (error) {
        this.failure = { error }
        throw error
      }
      if (chunk.done) {
        this.ended = true
        return this.framing && !this.framing.end() ? 'broken' : null
      }
      if (this.framing && !this.framing.push(chunk.value)) return 'broken'
      return chunk.value
    })
    this.reading = result.catch(() => undefined)
    return result
  }

  /** Whether the form turned out broken, so the action's answer (of this status) gives way to 400. */
  async brokenUnder(status: number): Promise<boolean> {
    const framing = this.framing
    if (!framing) return false
    // Whoever read up to the close delimiter had the whole form: what came after it can only
    // have made an action fail, never changed what one did.
    if (framing.broken) return !(framing.sawClose && status < 400)
    // A refusal before the action read all of it (413 for a file too large) stands.
    if (framing.sawClose || this.ended || this.failure || status >= 400) return false
    let read = 0
    try {
      while (read < UNREAD_CHECKED_BYTES) {
        const next = await this.next()
        if (next === 'broken') return !framing.sawClose
        if (next === null) return false
        read += next.byteLength
      }
    } catch {
      // The client went away: nobody reads the answer.
    }
    return false
  }
}

/**
 * What a parser reading a broken form meets: a 400 answer, which an action that does not catch it
 * throws on as its own (Remix answers a thrown Response as it is).
 */
function malformedForm(): globalThis.Response {
  return new globalThis.Response(JSON.stringify({ error: { type: MALFORMED.type, message: MALFORMED.message } }), {
    status: 400,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  })
}

/** The request Remix sees, built as its Express adapter builds it, with the checked body. */
function remixRequest(req: Request, res: Response, form: CheckedForm | null): globalThis.Request {
  const portOf = (host: string | undefined) => {
    const port = Number.parseInt(host?.split(':')[1] ?? '', 10)
    return Number.isSafeInteger(port) ? port : null
  }
  const port = portOf(req.get('X-Forwarded-Host')) ?? portOf(req.get('host'))
  const url = new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ''}${req.originalUrl}`)
  // Loaders and actions stop once the answer can no longer be written (closed before finished).
  let controller: AbortController | null = new AbortController()
  const signal = controller.signal
  res.on('finish', () => (controller = null))
  res.on('close', () => controller?.abort())
  return new globalThis.Request(url.href, {
    method: req.method,
    headers: requestHeaders(req),
    signal,
    ...(form ? { body: form.stream, duplex: 'half' } : {}),
  } as RequestInit)
}

function requestHeaders(req: Request): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const each of value) headers.append(name, each)
    else if (value) headers.set(name, value)
  }
  return headers
}

/** Remix's answer written out, as its Express adapter writes it. */
async function send(res: Response, response: globalThis.Response): Promise<void> {
  res.statusMessage = response.statusText
  res.status(response.status)
  for (const [name, value] of response.headers.entries()) res.append(name, value)
  if (/text\/event-stream/i.test(response.headers.get('Content-Type') ?? '')) res.flushHeaders()
  if (response.body) await writeBody(response.body, res)
  else res.end()
}

/**
 * A streamed answer (an export, a line sheet) written as its reader takes it: the next chunk is
 * read once the socket has room, and a reader who goes away cancels the stream, so nothing is made
 * for nobody and a slow reader never has the whole answer piled up in memory.
 */
async function writeBody(body: ReadableStream<Uint8Array>, res: Response): Promise<void> {
  const reader = body.getReader()
  const gone = () => void reader.cancel().catch(() => undefined)
  res.once('close', gone)
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done || res.destroyed) break
      if (!res.write(value)) {
        await new Promise<void>((resolve) => {
          const settle = () => {
            res.off('drain', settle)
            res.off('close', settle)
            resolve()
          }
          res.on('drain', settle)
          res.on('close', settle)
        })
      }
    }
  } catch (error) {
    // The stream failed midway: the answer cannot be finished, so the connection ends with it.
    res.destroy(error instanceof Error ? error : new Error(String(error)))
    return
  } finally {
    res.off('close', gone)
  }
  if (!res.destroyed) res.end()
}

function refuse(req: Request, res: Response, refusal: FormRefusal) {
  const { status, type, message } = refusal
  logEvent('warn', 'page request refused', { path: req.path, method: req.method, status, message })
  res.status(status).set('Cache-Control', 'no-store')
  // The rest of a body nobody reads would hold the connection up: it ends with this answer.
  if (!req.complete) res.set('Connection', 'close')
  // Remix's own fetches (`_data`) show it as a caught error; scripts get the API's envelope.
  const dataRequest = typeof req.query._data === 'string'
  if (dataRequest) res.set('X-Remix-Catch', 'yes')
  if (dataRequest || req.accepts(['html', 'json']) === 'json') {
    res.json({ error: { type, message } })
    return
  }
  res.type('html').send(refusalPage(message))
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

function refusalPage(message: string): string {
  return (
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>The form could not be read</title></head><body><main>' +
    `<h1>The form could not be read</h1><p>${escapeHtml(message)}</p>` +
    '<p><a href="/brands">Go to your brands</a></p></main></body></html>'
  )
}
