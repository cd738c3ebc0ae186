// The cookie storage of the page's own small session (toasts and the like) is made once per process
// for each secret and each way of serving (over TLS or not). Whichever request comes first, the
// next one served the other way gets a cookie made for its own way: Secure only over TLS (a
// browser on plain HTTP drops a Secure cookie), and signed with its own secret.
import type { AppLoadContext } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import { commitUiSession, getUiSession } from './session.server'

const contextOf = (secureCookies: boolean, sessionSecret: string) =>
  ({ sessionSecret, secureCookies, memo: new Map() }) as unknown as AppLoadContext

/** The Set-Cookie a request served this way answers after keeping `value` in its session. */
async function cookieFor(context: AppLoadContext, value: string): Promise<string> {
  const session = await getUiSession(new Request('http://portal.test/'), context)
  session.set('note', value)
  return commitUiSession(session, context)
}

const isSecure = (setCookie: string) => /;\s*Secure/i.test(setCookie)

/** What a later request carrying the cookie reads back under `context`. */
async function readBack(setCookie: string, context: AppLoadContext): Promise<unknown> {
  const cookie = setCookie.split(';')[0]!
  const session = await getUiSession(new Request('http://portal.test/', { headers: { cookie } }), context)
  return session.get('note')
}

describe('the page session’s cookie, made first for one way of serving', () => {
  it('is not Secure for plain HTTP after a request over TLS', async () => {
    const secret = 'order-secret-one'
    const overTls = await cookieFor(contextOf(true, secret), 'tls')
    const plain = await cookieFor(contextOf(false, secret), 'plain')
    expect(isSecure(overTls)).toBe(true)
    expect(isSecure(plain)).toBe(false)
    expect(await readBack(plain, contextOf(false, secret))).toBe('plain')
  })

  it('is Secure over TLS after a request over plain HTTP', async () => {
    const secret = 'order-secret-two'
    const plain = await cookieFor(contextOf(false, secret), 'plain')
    const overTls = await cookieFor(contextOf(true, secret), 'tls')
    expect(isSecure(plain)).toBe(false)
    expect(isSecure(overTls)).toBe(true)
    expect(await readBack(overTls, contextOf(true, secret))).toBe('tls')
  })

  it('is signed with each portal’s own secret, whichever was used first', async () => {
    const first = await cookieFor(contextOf(false, 'order-secret-three'), 'three')
    const second = await cookieFor(contextOf(false, 'order-secret-four'), 'four')
    expect(await readBack(first, contextOf(false, 'order-secret-three'))).toBe('three')
    expect(await readBack(second, contextOf(false, 'order-secret-four'))).toBe('four')
    // A cookie signed with another secret reads as an empty session.
    expect(await readBack(second, contextOf(false, 'order-secret-three'))).toBeUndefined()
    expect(await readBack(first, contextOf(false, 'order-secret-four'))).toBeUndefined()
  })
})
