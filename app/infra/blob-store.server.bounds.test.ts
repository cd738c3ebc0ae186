// A signed file address is its key, its expiry and its signature: each part changed alone is
// refused, and the expiry holds to the second (the last second accepted, the next one refused).
import { createHmac } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { blobUrlSigner } from './blob-store.server'

const SECRET = 'test-secret'
const signer = blobUrlSigner(SECRET)
const NOW_SECONDS = 1_900_000_000

/** The parts of an address the signer handed out. */
function partsOf(url: string) {
  const parsed = new URL(url, 'http://portal.test')
  return {
    key: decodeURIComponent(parsed.pathname.replace(/^\/blobs\//, '')),
    expires: parsed.searchParams.get('expires')!,
    signature: parsed.searchParams.get('signature')!,
  }
}

/** A signature made with the portal's secret, as the signer makes it. */
const signed = (key: string, expires: string) =>
  createHmac('sha256', SECRET).update(`${key}\n${expires}`).digest('base64url')

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOW_SECONDS * 1000)
})
afterEach(() => vi.useRealTimers())

describe('a signed file address, part by part', () => {
  it('is accepted whole', () => {
    const { key, expires, signature } = partsOf(signer.signedUrl('brands/b1/logo.jpg'))
    expect(key).toBe('brands/b1/logo.jpg')
    expect(signer.verify(key, expires, signature)).toBe(true)
  })

  it('is refused for another file with the same expiry and signature', () => {
    const { expires, signature } = partsOf(signer.signedUrl('brands/b1/logo.jpg'))
    expect(signer.verify('brands/b2/logo.jpg', expires, signature)).toBe(false)
    expect(signer.verify('brands/b1/logo.png', expires, signature)).toBe(false)
  })

  it('is refused with a later expiry and the same key and signature', () => {
    const { key, expires, signature } = partsOf(signer.signedUrl('brands/b1/logo.jpg'))
    expect(signer.verify(key, String(Number(expires) + 1), signature)).toBe(false)
    expect(signer.verify(key, `${expires}0`, signature)).toBe(false)
  })

  it('is refused with another signature for the same key and expiry', () => {
    const { key, expires, signature } = partsOf(signer.signedUrl('brands/b1/logo.jpg'))
    const other = partsOf(signer.signedUrl('brands/b1/other.jpg')).signature
    expect(signer.verify(key, expires, other)).toBe(false)
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`
    expect(signer.verify(key, expires, flipped)).toBe(false)
    expect(signer.verify(key, expires, signature.slice(0, -1))).toBe(false)
    expect(signer.verify(key, expires, '')).toBe(false)
  })

  it('is refused when signed with another secret', () => {
    const { key, expires } = partsOf(signer.signedUrl('brands/b1/logo.jpg'))
    const foreign = partsOf(blobUrlSigner('another-secret').signedUrl('brands/b1/logo.jpg'))
    expect(foreign.expires).toBe(expires)
    expect(signer.verify(key, expires, foreign.signature)).toBe(false)
  })

  it('is accepted up to its expiry second and refused one second after it, even correctly signed', () => {
    const key = 'brands/b1/logo.jpg'
    const atNow = String(NOW_SECONDS)
    const oneBefore = String(NOW_SECONDS - 1)
    expect(signer.verify(key, atNow, signed(key, atNow))).toBe(true)
    expect(signer.verify(key, oneBefore, signed(key, oneBefore))).toBe(false)
  })

  it('is refused for an expiry that is not a whole number of seconds, even correctly signed', () => {
    const key = 'brands/b1/logo.jpg'
    for (const expires of [`${NOW_SECONDS + 60}.5`, `-${NOW_SECONDS}`, `+${NOW_SECONDS + 60}`, '']) {
      expect(signer.verify(key, expires, signed(key, expires)), expires).toBe(false)
    }
  })

  it('is refused for a key that climbs out of the store, even correctly signed', () => {
    const expires = String(NOW_SECONDS + 60)
    for (const key of ['../secrets/x.jpg', '/etc/passwd', '']) {
      expect(signer.verify(key, expires, signed(key, expires)), key).toBe(false)
    }
  })

  it('is never handed out for a quarantined file', () => {
    expect(() => signer.signedUrl('quarantine/x.jpg')).toThrow('A quarantined file is never served: quarantine/x.jpg')
  })
})
