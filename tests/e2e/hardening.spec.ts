// Security fixes seen from the browser: the page gate on percent-encoded paths, and the headers
// of pages and API answers (the Content-Security-Policy's nonce really is the one Remix's scripts
// carry; every spec's pages are watched for refusals by the fixture in fixtures.ts).
import { brandKeyByName, expect, signIn, test } from './fixtures'

test('a read member asking for /brand/{key}/%65dit is sent to the brand dashboard', async ({ page }) => {
  await signIn(page, 'viewer@demo.test')
  const key = await brandKeyByName(page, 'Demo Brand')
  // As sent on the wire, without the browser normalising the escape.
  const answer = await page.request.get(`/brand/${key}/%65dit`, { maxRedirects: 0 })
  expect(answer.status()).toBe(302)
  expect(answer.headers().location).toBe(`/brand/${key}`)

  await page.goto(`/brand/${key}/%65dit`)
  await expect(page).toHaveURL(new RegExp(`/brand/${key}$`))
  await expect(page.getByTestId('toast')).toHaveText(
    /Additional permissions required to access this view. You have been redirected to the brand dashboard./,
  )
  await expect(page.getByRole('heading', { name: 'Company Profile' })).toHaveCount(0)
})

test('an undecodable or ambiguous brand path is refused, not guessed at', async ({ page }) => {
  await signIn(page, 'admin@demo.test')
  const key = await brandKeyByName(page, 'Demo Brand')
  // Remix itself answers 400 to a path it cannot decode; the gate refuses the rest with 404.
  for (const [path, status] of [
    [`/brand/${key}/%E0%A4%A`, 400],
    [`/brand/${key}%2Fedit`, 404],
    [`/brand/${key}/team%2Fadd`, 404],
  ] as const) {
    const answer = await page.request.get(path, { maxRedirects: 0 })
    expect(answer.status(), path).toBe(status)
  }
})

test('pages and API answers carry the security headers', async ({ page }) => {
  await signIn(page, 'admin@demo.test')
  const key = await brandKeyByName(page, 'Demo Brand')
  const response = await page.goto(`/brand/${key}`)
  const headers = response!.headers()
  const csp = headers['content-security-policy']!
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
  expect(nonce).toBeTruthy()
  expect(csp).toContain("object-src 'none'")
  expect(csp).not.toContain("'unsafe-inline' 'nonce")
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/)
  // Remix's inline scripts carry the very nonce of this response.
  const html = await response!.text()
  const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]!)
  expect(inlineScripts.length).toBeGreaterThan(0)
  for (const attributes of inlineScripts) expect(attributes).toContain(`nonce="${nonce}"`)
  expect(headers['permissions-policy']).toContain('camera=()')
  expect(headers['permissions-policy']).toContain('geolocation=()')
  expect(headers['cache-control']).toBe('no-store')
  // Served over plain HTTP here: HSTS would be ignored, and is not sent.
  expect(headers['strict-transport-security']).toBeUndefined()

  // A second response has a nonce of its own.
  const again = await page.request.get(`/brand/${key}`)
  expect(again.headers()['content-security-policy']).not.toContain(nonce!)

  const api = await page.request.get('/api/brand/query/user/')
  expect(api.headers()['cache-control']).toBe('no-store')
  expect(api.headers()['content-security-policy']).toContain("default-src 'self'")
  expect(api.headers()['permissions-policy']).toContain('microphone=()')
})
