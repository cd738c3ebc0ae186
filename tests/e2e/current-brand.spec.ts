// The selected brand is remembered (access.md §4): after opening a brand, pages without a brand in
// the URL (/settings, /brands) point the header items, the logo and the profile menu's Manage
// Team at it (docs/decisions/038). Without JavaScript, so the server renders the links.
import type { APIRequestContext, Page } from '@playwright/test'
import { demoKey } from '#app/platform/ids'
import { DEMO_PASSWORD, expect, signIn, test } from './fixtures'

const DEMO_BRAND = demoKey('brand:demo')
const ADMIN = demoKey('account:admin')

async function adminToken(request: APIRequestContext): Promise<string> {
  const answer = await request.post('/api/account/method/login', {
    data: { email: 'admin@demo.test', password: DEMO_PASSWORD },
  })
  return ((await answer.json()) as { data: { idToken: string } }).data.idToken
}

/** The logo link, named "{brand}, Brand home". */
const logo = (page: Page) => page.getByRole('banner').getByRole('link', { name: / home$/ })

/** Every brand link of the frame: header items, the logo, and Manage Team in the profile menu. */
async function frameLinks(page: Page) {
  const header = page.getByRole('navigation', { name: 'Header' }).getByRole('link')
  return {
    items: await header.evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
    logo: await logo(page).getAttribute('href'),
    manageTeam: await page
      .locator('details', { has: page.locator('summary', { hasText: 'Profile menu' }) })
      .locator('a', { hasText: 'Manage Team' })
      .getAttribute('href'),
  }
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  // admin@demo.test's current brand is Demo Brand for every other test: put it back.
  test.afterEach(async ({ request }) => {
    const token = await adminToken(request)
    await request.put(`/api/account/model/${ADMIN}`, {
      data: { preferences: { brand: DEMO_BRAND } },
      headers: { authorization: `Bearer ${token}` },
    })
  })

  test('pages without a brand in the URL point at the brand opened last', async ({ page, request }) => {
    // A brand of this test's own, owned by the admin who creates it.
    const created = await request.post('/api/brand/model', {
      data: { name: `Current ${Date.now()}` },
      headers: { authorization: `Bearer ${await adminToken(request)}` },
    })
    const brand = ((await created.json()) as { data: { key: string; name: string } }).data

    await signIn(page, 'admin@demo.test')
    await expect(page).toHaveURL(`/brand/${DEMO_BRAND}`)
    await page.goto(`/brand/${brand.key}`)
    await expect(page.getByTestId('brand-name')).toHaveText(brand.name)

    for (const path of ['/settings/profile', '/brands']) {
      await page.goto(path)
      const links = await frameLinks(page)
      expect(links.items.length, path).toBe(6)
      for (const href of links.items) expect(href, path).toMatch(new RegExp(`^/brand/${brand.key}/`))
      expect(links.logo, path).toBe(`/brand/${brand.key}`)
      expect(links.manageTeam, path).toBe(`/brand/${brand.key}/team`)
      await expect(logo(page)).toHaveText(brand.name)
    }

    // Remembered across sessions: signing in again lands on it.
    await page.context().clearCookies()
    await signIn(page, 'admin@demo.test')
    await expect(page).toHaveURL(`/brand/${brand.key}`)

    // A link into another brand's page shows that brand, and leaves the choice as it was.
    await page.goto(`/brand/${DEMO_BRAND}/edit`)
    expect((await frameLinks(page)).logo).toBe(`/brand/${DEMO_BRAND}`)
    await page.goto('/settings/profile')
    expect((await frameLinks(page)).logo).toBe(`/brand/${brand.key}`)

    // Opening Demo Brand makes it the current brand again.
    await page.goto(`/brand/${DEMO_BRAND}`)
    await page.goto('/settings/profile')
    const links = await frameLinks(page)
    expect(links.logo).toBe(`/brand/${DEMO_BRAND}`)
    for (const href of links.items) expect(href).toMatch(new RegExp(`^/brand/${DEMO_BRAND}/`))
  })
})
