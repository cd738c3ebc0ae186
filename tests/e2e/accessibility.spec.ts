// Every page passes axe-core's rules: signed out, and signed in as an owner, an editor and a read
// member, with JavaScript (the page as it is once hydrated). Dialogs that are pages of their own
// (routes or ?confirm=) are visited too.
import AxeBuilder from '@axe-core/playwright'
import axe from 'axe-core'
import type { Page } from '@playwright/test'
import { demoKey } from '#app/platform/ids'
import { expect, signIn, test } from './fixtures'

// axe's experimental rules too (label-content-name-mismatch is one), not only the default set.
const EXPERIMENTAL = Object.fromEntries(axe.getRules(['experimental']).map((rule) => [rule.ruleId, { enabled: true }]))
const BRAND = demoKey('brand:demo')
const EDITOR = demoKey('account:editor')
/** The demo style the atelier seeds steps into (summary and wizard). */
const STYLE = demoKey('style:linen-shirt')
/** The newest demo listing (the first row of the products list). */
const LISTING = demoKey('listing:0')
/** The demo front render, with the designer's markup and two pin threads. */
const SAMPLE = `/brand/${BRAND}/style/${STYLE}/samples/${demoKey('sample-ref:render-front')}`
/** The demo shirt in 3D, with the designer's pin on its pocket. */
const SAMPLE_3D = `/brand/${BRAND}/style/${STYLE}/samples/${demoKey('sample-ref:linen-shirt-3d')}`

async function violationsOf(page: Page, path: string) {
  await page.goto(path)
  return violationsHere(page)
}

/** The page as it is now (after a click that opened something). */
async function violationsHere(page: Page) {
  await page.waitForLoadState('networkidle')
  const { violations } = await new AxeBuilder({ page }).options({ rules: EXPERIMENTAL }).analyze()
  return violations.map((violation) => ({
    rule: violation.id,
    help: violation.help,
    nodes: violation.nodes.map((node) => node.target.join(' ')),
    html: violation.nodes.map((node) => node.html.slice(0, 300)),
  }))
}

const SIGNED_OUT = ['/', '/password-reset', '/invite?token=unknown', '/register', '/user-management', '/verify-email']

const SIGNED_IN: [email: string, paths: string[]][] = [
  [
    'admin@demo.test',
    [
      '/brands',
      '/brands?view=card',
      '/brands/create',
      '/settings/profile',
      '/settings/profile?edit=profile',
      '/settings/profile/picture',
      '/settings/security',
      '/settings/security/password',
      '/settings/security/enroll',
      `/brand/${BRAND}`,
      `/brand/${BRAND}?confirm=logout`,
      `/brand/${BRAND}/edit`,
      `/brand/${BRAND}/edit?edit=headquarters`,
      `/brand/${BRAND}/customization`,
      `/brand/${BRAND}/customization/image/logo`,
      `/brand/${BRAND}/team`,
      `/brand/${BRAND}/team/add`,
      `/brand/${BRAND}/team/member/${EDITOR}`,
      `/brand/${BRAND}/contacts`,
      `/brand/${BRAND}/chat`,
      `/brand/${BRAND}/chat/new-group`,
      `/brand/${BRAND}/assets`,
      `/brand/${BRAND}/marketing`,
      `/brand/${BRAND}/atelier`,
      `/brand/${BRAND}/atelier/listings`,
      `/brand/${BRAND}/style/${STYLE}`,
      `/brand/${BRAND}/style/${STYLE}/graphics?tab=print`,
      `/brand/${BRAND}/style/${STYLE}/references/preview/list`,
      SAMPLE,
      `${SAMPLE}?view=list&pin=demo-pin-collar`,
      `${SAMPLE}?dialog=expand`,
      `${SAMPLE}?dialog=rename`,
      `/brand/${BRAND}/products`,
      `/brand/${BRAND}/products?view=card`,
      `/brand/${BRAND}/products?view=large`,
      `/brand/${BRAND}/products?search=linen`,
      `/brand/${BRAND}/products?search=no-such-listing`,
      `/brand/${BRAND}/products/quick/${LISTING}`,
      `/brand/${BRAND}/products/delete/${LISTING}`,
      `/brand/${BRAND}/products/remove?keys=${LISTING}`,
      `/brand/${BRAND}/products/bulk-edit?keys=${LISTING}`,
      `/brand/${BRAND}/notifications`,
    ],
  ],
  [
    'editor@demo.test',
    [
      '/brands',
      '/settings/profile',
      `/brand/${BRAND}`,
      `/brand/${BRAND}/edit`,
      `/brand/${BRAND}/customization`,
      `/brand/${BRAND}/notifications`,
      `/brand/${BRAND}/style/${STYLE}`,
      `${SAMPLE}?markup=on&pin=demo-pin-hem`,
      `${SAMPLE}?dialog=annotate`,
      `${SAMPLE}?compare=${demoKey('sample-ref:render-front-v1')}`,
      `${SAMPLE}?dialog=version`,
      `${SAMPLE_3D}?markup=on&pin=demo-pin-pocket`,
      `${SAMPLE}?tab=feedback&feedback=all`,
      `${SAMPLE}?tab=details`,
      `${SAMPLE}?tab=history`,
      `${SAMPLE}/rounds/${demoKey('review-round:render-front:1')}`,
    ],
  ],
  [
    'viewer@demo.test',
    [
      '/settings/profile',
      '/settings/security',
      `/brand/${BRAND}`,
      `/brand/${BRAND}/contacts`,
      `/brand/${BRAND}/chat`,
      `/brand/${BRAND}/products`,
      `/brand/${BRAND}/products/team`,
      `/brand/${BRAND}/style/${STYLE}/patterns`,
      SAMPLE,
      SAMPLE_3D,
    ],
  ],
]

// Many pages per test, each analysed in the browser; the tests of this file run side by side
// (each page is only read), and an account's pages are split in groups so no one test holds a
// worker for minutes.
test.describe.configure({ mode: 'parallel', timeout: 600_000 })

/** An account's pages in groups of at most `size`. */
function groupsOf<T>(items: readonly T[], size: number): T[][] {
  const groups: T[][] = []
  for (let i = 0; i < items.length; i += size) groups.push(items.slice(i, i + size))
  return groups
}

test('signed-out pages have no axe violations', async ({ page }) => {
  for (const path of SIGNED_OUT) expect.soft(await violationsOf(page, path), path).toEqual([])
})

for (const [email, paths] of SIGNED_IN) {
  const groups = groupsOf(paths, 12)
  groups.forEach((group, index) => {
    test(`pages of ${email} have no axe violations (${index + 1} of ${groups.length})`, async ({ page }) => {
      await signIn(page, email)
      for (const path of group) expect.soft(await violationsOf(page, path), path).toEqual([])
    })
  })
}

test('a conversation, its confirmations and the chat bar have no axe violations', async ({ page }) => {
  await signIn(page, 'admin@demo.test')
  // The direct chat with the editor (opened by the contact card's Message, made on first use).
  await page.goto(`/brand/${BRAND}/contacts`)
  await page
    .getByTestId('contact-card')
    .filter({ hasText: 'editor@demo.test' })
    .getByRole('button', { name: 'Message' })
    .click()
  await page.waitForURL(/\/chat\/[a-z0-9]+$/)
  const conversation = new URL(page.url()).pathname
  expect.soft(await violationsHere(page), conversation).toEqual([])
  expect.soft(await violationsOf(page, `${conversation}/delete`), `${conversation}/delete`).toEqual([])
  await page.goto(`/brand/${BRAND}`)
  await page.getByTestId('chat-label').click()
  await expect(page.getByTestId('chat-contact').first()).toBeVisible()
  expect.soft(await violationsHere(page), 'chat bar').toEqual([])
  await page.getByTestId('chat-contact').filter({ hasText: 'Dana Designer' }).click()
  await expect(page.getByTestId('chat-bar').getByTestId('conversation')).toBeVisible()
  expect.soft(await violationsHere(page), 'chat bar conversation').toEqual([])
})

test('the listing page, its dialogs, the product page and the share modal have no axe violations', async ({ page }) => {
  const listing = `/brand/${BRAND}/products/listing/${demoKey('listing:5')}`
  const product = `/brand/${BRAND}/products/${demoKey('style:linen-shirt')}`
  await signIn(page, 'admin@demo.test')
  for (const path of [
    listing,
    `${listing}?edit=true`,
    `${listing}/larger?image=2`,
    `${listing}/delete`,
    product,
    `${product}/larger`,
    `/brand/${BRAND}/products/share`,
    `/brand/${BRAND}/products/share?line=${demoKey('line:essentials')}`,
  ]) {
    expect.soft(await violationsOf(page, path), path).toEqual([])
  }
})
