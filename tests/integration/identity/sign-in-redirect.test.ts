// Signing in with a `redirectTo` that points off the site (`//evil.example` and its disguises)
// lands on the portal's own page instead, through the login form and for a signed-in visitor of
// the login page. A path of our own is still followed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadServerBuild, sessionCookieFor, startTestPortal, type TestPortal } from '#tests/support/portal'
import { FACTORY_PASSWORD, createBrand, createMember, type AccountFixture } from '#tests/support/factories'

const OFF_SITE = [
  '//evil.example',
  '//evil.example/brands',
  'https://evil.example',
  '/\\evil.example',
  '/\t/evil.example',
]

let portal: TestPortal
let member: AccountFixture

beforeAll(async () => {
  portal = await startTestPortal({ remixBuild: await loadServerBuild() })
  const brand = await createBrand(portal.deps)
  member = await createMember(portal.deps, [{ brand: brand.key, type: 'editor' }], { name: 'Redirected' })
})
afterAll(() => portal?.destroy())

/** Where the sign-in form sends the browser after a correct password, for this redirectTo. */
async function signInLanding(redirectTo: string): Promise<{ status: number; location: string }> {
  const page = await fetch(`${portal.url}/?redirectTo=${encodeURIComponent(redirectTo)}`)
  const ui = page.headers
    .getSetCookie()
    .map((header) => header.split(';')[0]!)
    .find((pair) => pair.startsWith('__ui='))
  const csrf = /"csrf":"([^"]+)"/.exec(await page.text())?.[1]
  if (!ui || !csrf) throw new Error('the login page gave no CSRF token')
  const response = await fetch(`${portal.url}/?index`, {
    method: 'POST',
    headers: { cookie: ui, origin: portal.url },
    body: new URLSearchParams({ csrf, email: member.email, password: FACTORY_PASSWORD, redirectTo }),
    redirect: 'manual',
  })
  return { status: response.status, location: response.headers.get('location') ?? '' }
}

const onSite = (location: string) => new URL(location, portal.url).origin === portal.url

describe('sign-in redirectTo', () => {
  for (const target of OFF_SITE) {
    it(`stays on the site after signing in with redirectTo=${JSON.stringify(target)}`, async () => {
      const { status, location } = await signInLanding(target)
      expect(status).toBe(302)
      expect(location, location).toMatch(/^\/[^/\\]/)
      expect(onSite(location)).toBe(true)
    })

    it(`stays on the site when a signed-in visitor opens /?redirectTo=${JSON.stringify(target)}`, async () => {
      const response = await fetch(`${portal.url}/?redirectTo=${encodeURIComponent(target)}`, {
        headers: { cookie: await sessionCookieFor(portal, member.email) },
        redirect: 'manual',
      })
      const location = response.headers.get('location') ?? ''
      expect(response.status).toBe(302)
      expect(location, location).toMatch(/^\/[^/\\]/)
      expect(onSite(location)).toBe(true)
    })
  }

  it('follows a path of the site', async () => {
    expect(await signInLanding('/settings/profile')).toEqual({ status: 302, location: '/settings/profile' })
  })
})
