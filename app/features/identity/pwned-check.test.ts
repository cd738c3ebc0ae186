import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { CHECKPWNED_PATH, isBreachedPassword, sha1Hex } from './pwned-check'

const nodeSha1 = (text: string) => createHash('sha1').update(text, 'utf8').digest('hex').toUpperCase()

/** A stand-in for the portal's endpoint that records what the browser sent. */
function fakeEndpoint(breached: string[], sent: unknown[]): typeof fetch {
  return async (url, init) => {
    expect(url).toBe(CHECKPWNED_PATH)
    const body = JSON.parse(String(init?.body)) as { prefix: string }
    sent.push(body)
    const suffixes = breached
      .map(nodeSha1)
      .filter((hash) => hash.startsWith(body.prefix))
      .map((h) => h.slice(5))
    return new Response(JSON.stringify({ data: [...suffixes, 'F'.repeat(35)] }), { status: 200 })
  }
}

describe('breach check in the browser', () => {
  it('hashes like the server does', async () => {
    expect(await sha1Hex('Password123!')).toBe(nodeSha1('Password123!'))
    expect(await sha1Hex('Ünïcode-Pässwort-9')).toBe(nodeSha1('Ünïcode-Pässwort-9'))
  })

  it('sends only the first 5 characters of the hash and finds a breached password', async () => {
    const sent: unknown[] = []
    expect(await isBreachedPassword('Password123!', fakeEndpoint(['Password123!'], sent))).toBe(true)
    expect(sent).toEqual([{ prefix: nodeSha1('Password123!').slice(0, 5) }])
    expect(JSON.stringify(sent)).not.toContain('Password123!')
  })

  it('passes a password whose suffix is not listed', async () => {
    expect(await isBreachedPassword('Tailor-made-Velvet-47', fakeEndpoint(['Password123!'], []))).toBe(false)
  })

  it('answers null when the check cannot be made, so it never blocks a form', async () => {
    const failing: typeof fetch = async () => new Response('{}', { status: 429 })
    expect(await isBreachedPassword('Password123!', failing)).toBeNull()
    const offline: typeof fetch = async () => {
      throw new TypeError('network down')
    }
    expect(await isBreachedPassword('Password123!', offline)).toBeNull()
  })
})
