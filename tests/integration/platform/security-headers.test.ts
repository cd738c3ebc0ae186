// The security headers over HTTP on a portal served over TLS (APP_URL https): HSTS is sent; the
// Content-Security-Policy, Permissions-Policy and no-store reach API answers too.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { sessionCookieFor, startTestPortal, type TestPortal } from '#tests/support/portal'

let portal: TestPortal
let cookie: string

beforeAll(async () => {
  portal = await startTestPortal({ env: { APP_URL: 'https://portal.example' } })
  cookie = await sessionCookieFor(portal, 'admin@demo.test')
})
afterAll(() => portal?.destroy())

it('an API answer carries HSTS, the CSP, the Permissions-Policy and no-store', async () => {
  const response = await fetch(`http://127.0.0.1:${portal.port}/api/brand/query/user/`, { headers: { cookie } })
  expect(response.status).toBe(200)
  expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000')
  expect(response.headers.get('content-security-policy')).toMatch(/script-src 'self' 'nonce-[^']+'/)
  expect(response.headers.get('permissions-policy')).toContain('camera=()')
  expect(response.headers.get('cache-control')).toBe('no-store')
})

it('each response has a nonce of its own', async () => {
  const nonces = await Promise.all(
    [1, 2].map(async () => {
      const response = await fetch(`http://127.0.0.1:${portal.port}/healthz`)
      return /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1]
    }),
  )
  expect(nonces[0]).toBeTruthy()
  expect(nonces[0]).not.toBe(nonces[1])
})
