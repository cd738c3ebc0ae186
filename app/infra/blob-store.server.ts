// Files (profile pictures, brand images, later uploads) behind one interface: local disk in
// DATA_DIR/blobs by default. Readers never get a path on disk, only a short-lived signed URL that
// a service hands out after its own permission check; /blobs/ serves it.
import fs from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { Transform } from 'node:stream'
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { SNIFF_BYTES, hasSignature, sniffType } from '#app/platform/file-type'
import type { BlobInfo, BlobStore, PutOptions } from '#app/platform/ports'

export type { BlobInfo, BlobStore, PutOptions }

/** Why a put was refused; nothing was stored. */
export class BlobRefusedError extends Error {
  constructor(
    readonly reason: 'tooLarge' | 'wrongType' | 'empty',
    message: string,
  ) {
    super(message)
    this.name = 'BlobRefusedError'
  }
}

/**
 * Tells a refusal by its name, not `instanceof`: the store is made by the server while pages run
 * from the Remix build, which holds its own copy of this module (and so of the class).
 */
export function isBlobRefused(error: unknown): error is BlobRefusedError {
  return error instanceof Error && error.name === 'BlobRefusedError' && 'reason' in error
}

/**
 * A pass-through that counts bytes and checks the first ones against the accepted types; it
 * fails the pipeline at the first byte past the limit. `type()` is the type the bytes showed.
 */
export function limitStream(
  options: PutOptions,
): Transform & { type(): string; size(): number; typed(): Promise<string> } {
  const accepted = typeof options.contentType === 'string' ? [options.contentType] : [...options.contentType]
  const checked = options.verbatim ? [] : accepted.filter(hasSignature)
  let head = Buffer.alloc(0)
  let size = 0
  let shown: string | null = checked.length === 0 ? (accepted[0] ?? 'application/octet-stream') : null
  // Known once the first bytes were checked (an object store is told the type before the body).
  let settle: { resolve(type: string): void; reject(error: unknown): void } | null = null
  const typed = new Promise<string>((resolve, reject) => (settle = { resolve, reject }))
  typed.catch(() => {})
  if (shown) settle!.resolve(shown)
  const check = () => {
    const type = sniffType(head)
    if (!type || !checked.includes(type)) {
      throw new BlobRefusedError('wrongType', `The content is not one of: ${accepted.join(', ')}.`)
    }
    shown = type
    settle!.resolve(type)
  }
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length
      if (size > options.maxBytes)
        return done(new BlobRefusedError('tooLarge', `Larger than ${options.maxBytes} bytes.`))
      try {
        if (!shown) {
          head = Buffer.concat([head, chunk])
          if (head.length >= SNIFF_BYTES) check()
        }
      } catch (error) {
        return done(error as Error)
      }
      done(null, chunk)
    },
    flush(done) {
      try {
        if (size === 0 && checked.length > 0) throw new BlobRefusedError('empty', 'The content is empty.')
        if (!shown) check()
        done()
      } catch (error) {
        done(error as Error)
      }
    },
  })
  transform.once('error', (error) => settle!.reject(error))
  return Object.assign(transform, { type: () => shown!, size: () => size, typed: () => typed })
}

/**
 * Files that failed their checks are kept under this prefix (docs/decisions/090): no URL is ever
 * signed for them, and /blobs refuses them even with a valid signature.
 */
export const QUARANTINE_PREFIX = 'quarantine/'

export function isQuarantined(key: string): boolean {
  return key.startsWith(QUARANTINE_PREFIX)
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/

export function assertSafeKey(key: string) {
  if (!SAFE_KEY.test(key) || key.split('/').some((part) => part === '..' || part === '')) {
    throw new Error(`Unsafe blob key: ${key}`)
  }
}

/**
 * The portal's own signed addresses under /blobs, whatever holds the bytes: the route checks the
 * signature and streams the blob (docs/decisions/161).
 */
export function blobUrlSigner(secret: string, basePath = '/blobs'): Pick<BlobStore, 'signedUrl' | 'verify'> {
  const sign = (key: string, expires: string) =>
    createHmac('sha256', secret).update(`${key}\n${expires}`).digest('base64url')
  return {
    signedUrl(key, { expiresInSeconds = 900 } = {}) {
      assertSafeKey(key)
      if (isQuarantined(key)) throw new Error(`A quarantined file is never served: ${key}`)
      // Rounded up to a whole window, so pages rendered within it link the same URL and the browser's
      // cache keeps working; a member who lost access holds a working link for one window at most.
      const window = Math.max(Math.abs(expiresInSeconds), 1)
      const expires = String(Math.ceil((Date.now() / 1000 + expiresInSeconds) / window) * window)
      const encodedKey = key.split('/').map(encodeURIComponent).join('/')
      return `${basePath}/${encodedKey}?expires=${expires}&signature=${sign(key, expires)}`
    },
    verify(key, expires, signature) {
      if (!SAFE_KEY.test(key) || !/^\d+$/.test(expires)) return false
      if (Number(expires) < Date.now() / 1000) return false
      const expected = Buffer.from(sign(key, expires))
      const given = Buffer.from(signature)
      return expected.length === given.length && timingSafeEqual(expected, given)
    },
  }
}

/**
 * The keys of the blobs under `dir`, folder by folder. A blob is its file and its .meta.json; a
 * .tmp file is one still being written. (Node 20's recursive opendir skips entries of deep trees.)
 */
async function* keysUnder(root: string, prefix: string): AsyncGenerator<string> {
  const entries = await fs.promises.readdir(path.join(root, prefix), { withFileTypes: true }).catch(() => [])
  const names = new Set(entries.map((entry) => entry.name))
  for (const entry of entries) {
    const key = prefix ? `${prefix}/${entry.name}` : entry.name
    if (entry.isDirectory()) yield* keysUnder(root, key)
    else if (entry.isFile() && !/\.(meta\.json|tmp)$/.test(entry.name) && names.has(`${entry.name}.meta.json`))
      yield key
  }
}

export function createLocalBlobStore(options: { dir: string; secret: string; basePath?: string }): BlobStore {
  const root = path.resolve(options.dir)
  const fileOf = (key: string) => {
    assertSafeKey(key)
    return path.join(root, key)
  }
  return {
    async put(key, body, options) {
      const file = fileOf(key)
      await fs.promises.mkdir(path.dirname(file), { recursive: true })
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`
      const limit = limitStream(options)
      try {
        await pipeline(body, limit, fs.createWriteStream(temporary))
      } catch (error) {
        body.destroy()
        await fs.promises.rm(temporary, { force: true })
        throw error
      }
      const info = { contentType: limit.type(), size: limit.size() }
      await fs.promises.writeFile(`${file}.meta.json`, JSON.stringify(info))
      await fs.promises.rename(temporary, file)
      return info
    },
    async get(key) {
      const file = fileOf(key)
      try {
        const info = JSON.parse(await fs.promises.readFile(`${file}.meta.json`, 'utf8')) as BlobInfo
        await fs.promises.access(file)
        return { stream: fs.createReadStream(file), info }
      } catch {
        return null
      }
    },
    async delete(key) {
      const file = fileOf(key)
      await fs.promises.rm(file, { force: true })
      await fs.promises.rm(`${file}.meta.json`, { force: true })
    },
    async *list() {
      yield* keysUnder(root, '')
    },
    async copy(from, to, contentType) {
      const [source, target] = [fileOf(from), fileOf(to)]
      await fs.promises.mkdir(path.dirname(target), { recursive: true })
      const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`
      await fs.promises.copyFile(source, temporary)
      const { size } = await fs.promises.stat(temporary)
      await fs.promises.writeFile(`${target}.meta.json`, JSON.stringify({ contentType, size }))
      await fs.promises.rename(temporary, target)
    },
    ...blobUrlSigner(options.secret, options.basePath),
  }
}
