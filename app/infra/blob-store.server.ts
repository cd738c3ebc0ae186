// Files (profile pictures, brand images, later uploads) behind one interface: local disk in
// DATA_DIR/blobs by default. Readers never get a path on disk, only a short-lived signed URL that
// a service hands out after its own permission check; /blobs/ serves it.
import fs from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { Readable } from 'node:stream'
import { createHmac, timingSafeEqual } from 'node:crypto'

export interface BlobInfo {
  contentType: string
  size: number
}

export interface BlobStore {
  put(key: string, body: Buffer | Readable, contentType: string): Promise<BlobInfo>
  /** The blob's bytes and type, or null when it does not exist. */
  get(key: string): Promise<{ stream: Readable; info: BlobInfo } | null>
  delete(key: string): Promise<void>
  /** A URL that serves the blob until it expires (15 to 30 minutes by default). */
  signedUrl(key: string, options?: { expiresInSeconds?: number }): string
  /** Checks a signature made by signedUrl; returns the key when valid and not expired. */
  verify(key: string, expires: string, signature: string): boolean
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/

function assertSafeKey(key: string) {
  if (!SAFE_KEY.test(key) || key.split('/').some((part) => part === '..' || part === '')) {
    throw new Error(`Unsafe blob key: ${key}`)
  }
}

export function createLocalBlobStore(options: { dir: string; secret: string; basePath?: string }): BlobStore {
  const root = path.resolve(options.dir)
  const basePath = options.basePath ?? '/blobs'
  const sign = (key: string, expires: string) =>
    createHmac('sha256', options.secret).update(`${key}\n${expires}`).digest('base64url')
  const fileOf = (key: string) => {
    assertSafeKey(key)
    return path.join(root, key)
  }
  return {
    async put(key, body, contentType) {
      const file = fileOf(key)
      await fs.promises.mkdir(path.dirname(file), { recursive: true })
      const temporary = `${file}.${process.pid}.tmp`
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, fs.createWriteStream(temporary))
      const size = (await fs.promises.stat(temporary)).size
      await fs.promises.writeFile(`${file}.meta.json`, JSON.stringify({ contentType, size }))
      await fs.promises.rename(temporary, file)
      return { contentType, size }
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
    signedUrl(key, { expiresInSeconds = 900 } = {}) {
      assertSafeKey(key)
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
