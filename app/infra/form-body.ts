// What a page form's body must be before an action reads it (docs/decisions/165). Pages take the
// two encodings browsers send for a form, `application/x-www-form-urlencoded` and
// `multipart/form-data`; anything else is refused with 415 before Remix runs, and a multipart body
// is checked for its framing as it streams past (MultipartFraming), so a broken one is answered
// 400 instead of failing inside the action that reads it. The framing follows the parser that
// `Request.formData()` runs (the multipart/form-data parser of the Fetch standard, as undici
// implements it), so a body this accepts is one that parser reads.

export type FormRefusal = { status: 400 | 415; type: 'ValidationError' | 'UnsupportedMediaType'; message: string }

/** A body the page may read: its boundary when it is multipart. */
export type FormEncoding = { ok: true; boundary: string | null } | ({ ok: false } & FormRefusal)

export const FORM_BODY_MESSAGES = {
  type: 'body: send the form as application/x-www-form-urlencoded or multipart/form-data.',
  encoding: 'body: send the form without a content encoding.',
  boundary: 'body: the multipart form names no boundary.',
  malformed: 'body: malformed form.',
} as const

const TOKEN = /^[!#$%&'*+\-.^_|~A-Za-z0-9]+$/
/** The most a boundary may be (RFC 2046). */
const MAX_BOUNDARY = 70

const unsupported = (message: string): FormEncoding => ({
  ok: false,
  status: 415,
  type: 'UnsupportedMediaType',
  message,
})

/** The parameters of a media type, as the MIME Sniffing standard reads them (first one wins). */
function parameters(text: string): Map<string, string> {
  const found = new Map<string, string>()
  let at = 0
  while (at < text.length) {
    // After a `;`: optional whitespace, a name up to `=` or `;`, then a value, quoted or not.
    at++
    while (at < text.length && /[\t\n\r ]/.test(text[at]!)) at++
    let name = ''
    while (at < text.length && text[at] !== ';' && text[at] !== '=') name += text[at++]
    name = name.toLowerCase()
    if (text[at] === ';') continue
    if (at >= text.length) break
    at++ // the `=`
    let value = ''
    if (text[at] === '"') {
      at++
      while (at < text.length && text[at] !== '"') {
        if (text[at] === '\\' && at + 1 < text.length) at++
        value += text[at++]
      }
      while (at < text.length && text[at] !== ';') at++
    } else {
      while (at < text.length && text[at] !== ';') value += text[at++]
      value = value.replace(/[\t\n\r ]+$/, '')
      if (value === '') continue
    }
    if (name && TOKEN.test(name) && !found.has(name)) found.set(name, value)
  }
  return found
}

/**
 * Whether a page may read a body sent with these headers: a form's content type (a multipart one
 * with its boundary), and no content encoding (pages decode none).
 */
export function formEncoding(contentType: string | undefined, contentEncoding?: string): FormEncoding {
  if (contentEncoding && contentEncoding.trim().toLowerCase() !== 'identity') {
    return unsupported(FORM_BODY_MESSAGES.encoding)
  }
  const text = (contentType ?? '').trim()
  const semicolon = text.indexOf(';')
  const essence = (semicolon < 0 ? text : text.slice(0, semicolon)).trim().toLowerCase()
  if (essence === 'application/x-www-form-urlencoded') return { ok: true, boundary: null }
  if (essence !== 'multipart/form-data') return unsupported(FORM_BODY_MESSAGES.type)
  const boundary = semicolon < 0 ? undefined : parameters(text.slice(semicolon)).get('boundary')
  if (!boundary || boundary.length > MAX_BOUNDARY || /[\r\n]/.test(boundary)) {
    return { ok: false, status: 400, type: 'ValidationError', message: FORM_BODY_MESSAGES.boundary }
  }
  return { ok: true, boundary }
}

const CR = 0x0d
const LF = 0x0a
const CRLF_DASHES = Buffer.from('\r\n--')
const FORM_DATA_NAME = Buffer.from('form-data; name="')
const FILENAME = Buffer.from('; filename')
/** A part's headers longer than this are not a browser's form. */
const MAX_HEADER_BYTES = 16 * 1024

type State = 'lead' | 'delimiter' | 'afterDelimiter' | 'headers' | 'body' | 'close' | 'broken'

/**
 * The framing of a multipart/form-data body, checked chunk by chunk without keeping the parts:
 * delimiters, each part's headers (a `Content-Disposition: form-data; name="…"` among them), and
 * the close delimiter followed by nothing but line breaks. Memory stays within a part's headers
 * and a boundary's length, whatever the body's size.
 */
export class MultipartFraming {
  private state: State = 'lead'
  /** Bytes not yet taken by the state they belong to. */
  private held: Buffer = Buffer.alloc(0)
  /** Body bytes already let go (the current part's), so a delimiter's place in the part is known. */
  private bodyDropped = 0
  /** Header bytes of the current part so far. */
  private headerBytes = 0
  /** Whether the current part's headers named it. */
  private named = false
  /** Whether the close delimiter came: whoever read that far had the whole form. */
  private closed = false
  private readonly delimiter: Buffer
  private readonly boundary: Buffer

  constructor(boundary: string) {
    this.boundary = Buffer.from(boundary, 'utf8')
    this.delimiter = Buffer.from(`--${boundary}`, 'utf8')
  }

  get broken(): boolean {
    return this.state === 'broken'
  }

  get sawClose(): boolean {
    return this.closed
  }

  /** Takes the next bytes; answers false once the body is known not to be a form. */
  push(chunk: Uint8Array): boolean {
    if (this.state === 'broken') return false
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
    this.held = this.held.length === 0 ? bytes : Buffer.concat([this.held, bytes])
    this.advance()
    return !this.broken
  }

  /** The body ended: answers whether it was a whole form. */
  end(): boolean {
    if (this.state === 'broken') return false
    const whole = this.state === 'close' && this.held.length === 0
    if (!whole) this.state = 'broken'
    return whole
  }

  private fail(): void {
    this.state = 'broken'
    this.held = Buffer.alloc(0)
  }

  private take(count: number): void {
    this.held = this.held.subarray(count)
  }

  private advance(): void {
    for (;;) {
      const before = this.held.length
      const state = this.state
      this.step()
      if (this.state === 'broken') return
      // Nothing taken and no new state: the step waits for more bytes.
      if (this.held.length === before && this.state === state) return
    }
  }

  private step(): void {
    const held = this.held
    switch (this.state) {
      case 'lead':
        // Line breaks before the first delimiter are let through, as the parser does.
        if (held.length >= 2 && held[0] === CR && held[1] === LF) return this.take(2)
        if (held.length === 0 || (held.length === 1 && held[0] === CR)) return
        this.state = 'delimiter'
        return
      case 'delimiter':
        if (held.length < this.delimiter.length) {
          if (!this.delimiter.subarray(0, held.length).equals(held)) this.fail()
          return
        }
        if (!held.subarray(0, this.delimiter.length).equals(this.delimiter)) return this.fail()
        this.take(this.delimiter.length)
        this.state = 'afterDelimiter'
        return
      case 'afterDelimiter':
        if (held.length < 2) {
          if (held.length === 1 && held[0] !== 0x2d && held[0] !== CR) this.fail()
          return
        }
        if (held[0] === 0x2d && held[1] === 0x2d) {
          this.take(2)
          this.state = 'close'
          this.closed = true
        } else if (held[0] === CR && held[1] === LF) {
          this.take(2)
          this.state = 'headers'
          this.headerBytes = 0
          this.named = false
        } else this.fail()
        return
      case 'headers':
        return this.header()
      case 'body':
        return this.body()
      case 'close':
        // After the close delimiter, only line breaks.
        while (this.held.length >= 2 && this.held[0] === CR && this.held[1] === LF) this.take(2)
        if (this.held.length > 1 || (this.held.length === 1 && this.held[0] !== CR)) this.fail()
        return
      case 'broken':
        return
    }
  }

  /** One header line of a part, or the empty line that ends them. */
  private header(): void {
    const held = this.held
    if (held.length < 2) return
    if (held[0] === CR && held[1] === LF) {
      if (!this.named) return this.fail()
      this.take(2)
      this.state = 'body'
      this.bodyDropped = 0
      return
    }
    // The line runs to its first CR or LF; the check after it reads up to two bytes more.
    let end = 0
    while (end < held.length && held[end] !== CR && held[end] !== LF) end++
    if (end + 2 > held.length) {
      if (this.headerBytes + held.length > MAX_HEADER_BYTES) this.fail()
      return
    }
    let at = 0
    while (at < end && held[at] !== 0x3a) at++
    const name = held
      .subarray(0, at)
      .toString('latin1')
      .replace(/^[\t ]+|[\t ]+$/g, '')
    if (!TOKEN.test(name) || held[at] !== 0x3a) return this.fail()
    at++
    while (at < end && (held[at] === 0x20 || held[at] === 0x09)) at++
    if (name.toLowerCase() === 'content-disposition') {
      this.named = false
      if (!held.subarray(at, at + FORM_DATA_NAME.length).equals(FORM_DATA_NAME)) return this.fail()
      at = quoted(held, at + FORM_DATA_NAME.length)
      if (at < 0) return this.fail()
      if (held.subarray(at, at + FILENAME.length).equals(FILENAME)) {
        let check = at + FILENAME.length
        if (held[check] === 0x2a) check++ // filename*
        if (held[check] !== 0x3d || held[check + 1] !== 0x22) return this.fail()
        at = quoted(held, check + 2)
        if (at < 0) return this.fail()
      }
      this.named = true
    } else at = end
    // The parser ends a header where either its CR or its LF stands, and steps over two bytes.
    if (held[at] !== CR && held[at + 1] !== LF) return this.fail()
    this.headerBytes += at + 2
    if (this.headerBytes > MAX_HEADER_BYTES) return this.fail()
    this.take(at + 2)
  }

  /**
   * A part's content runs to the first place its boundary appears; the four bytes before it must
   * be CR LF `--` (the parser takes the first appearance, whatever precedes it).
   */
  private body(): void {
    const held = this.held
    const found = held.indexOf(this.boundary)
    if (found < 0) {
      // Keep enough to see a boundary and the four bytes before it across the next chunk.
      const keep = this.boundary.length + 3
      if (held.length > keep) {
        this.bodyDropped += held.length - keep
        this.take(held.length - keep)
      }
      return
    }
    const inPart = this.bodyDropped + found
    if (inPart >= 4) {
      if (!held.subarray(found - 4, found).equals(CRLF_DASHES)) return this.fail()
      this.take(found + this.boundary.length)
      this.state = 'afterDelimiter'
      return
    }
    // The boundary shows up inside the first four bytes: only an empty part then reads, its
    // CR LF and delimiter right at the start.
    const needed = CRLF_DASHES.length + this.boundary.length
    if (held.length < needed) return
    if (
      !held.subarray(0, 4).equals(CRLF_DASHES) ||
      !held.subarray(4, needed).equals(this.boundary) ||
      this.bodyDropped > 0
    ) {
      return this.fail()
    }
    this.take(needed)
    this.state = 'afterDelimiter'
  }
}

/** After an opening quote at `from`: the index past the closing one, or -1 (a line break first). */
function quoted(bytes: Buffer, from: number): number {
  let at = from
  while (at < bytes.length && bytes[at] !== LF && bytes[at] !== CR && bytes[at] !== 0x22) at++
  return bytes[at] === 0x22 ? at + 1 : -1
}
