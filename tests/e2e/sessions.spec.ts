// Sign out everywhere (Security & Privacy, docs/decisions/028): a member signed in on two
// browsers ends both sessions from one of them, with a confirmation, with and without
// JavaScript. Each test signs up a member of its own.
import { randomInt } from 'node:crypto'
import type { Browser } from '@playwright/test'
import { expect, signIn, test } from './fixtures'
import { createMember, type NewBrand } from './support/users'

const PASSWORD = 'Every-where!2041'

function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${randomInt(1e6)}@e2e.test`
}

async function signOutEverywhereFlow(browser: Browser, baseURL: string, brand: NewBrand, javaScriptEnabled: boolean) {
  const member = await createMember(baseURL, { email: uniqueEmail('everywhere'), password: PASSWORD, brand: brand.key })
  const here = await browser.newContext({ baseURL, javaScriptEnabled })
  const there = await browser.newContext({ baseURL, javaScriptEnabled })
  try {
    const page = await here.newPage()
    const other = await there.newPage()
    await signIn(page, member.email, PASSWORD)
    await signIn(other, member.email, PASSWORD)

    await page.goto('/settings/security')
    await page.getByRole('link', { name: 'Sign out everywhere' }).click()
    const dialog = page.getByRole('dialog', { name: 'Sign out everywhere' })
    await expect(dialog).toContainText('Sign out on every browser and device')
    await page.screenshot({ path: `test-results/sign-out-everywhere-${javaScriptEnabled ? 'js' : 'nojs'}.png` })
    // Cancel changes nothing.
    await dialog.getByRole('link', { name: 'Cancel' }).click()
    await expect(page).toHaveURL(/\/settings\/security$/)
    await other.goto('/settings/security')
    await expect(other.getByTestId('security-settings')).toBeVisible()

    await page.getByRole('link', { name: 'Sign out everywhere' }).click()
    await page
      .getByRole('dialog', { name: 'Sign out everywhere' })
      .getByRole('button', { name: 'Sign out everywhere' })
      .click()
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
    await expect(page.getByTestId('toast')).toHaveText(/You have been signed out on every device/)

    // The other browser's session has ended too: back to the sign-in page.
    await other.goto('/settings/security')
    await expect(other).toHaveURL(/\/\?redirectTo=%2Fsettings%2Fsecurity$/)
    await expect(other.getByRole('heading', { name: 'Sign in' })).toBeVisible()
    // And this one's: the settings ask for a sign-in again.
    await page.goto('/settings/security')
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  } finally {
    await here.close()
    await there.close()
  }
}

test('Sign out everywhere ends the sessions on every browser, after a confirmation', async ({
  browser,
  baseURL,
  ownBrand,
}) => {
  await signOutEverywhereFlow(browser, baseURL!, ownBrand, true)
})

test('Sign out everywhere works without JavaScript', async ({ browser, baseURL, ownBrand }) => {
  await signOutEverywhereFlow(browser, baseURL!, ownBrand, false)
})

test('a cookie copied before logout is refused after it', async ({ browser, baseURL, ownBrand }) => {
  const member = await createMember(baseURL!, { email: uniqueEmail('copied'), password: PASSWORD, brand: ownBrand.key })
  const context = await browser.newContext({ baseURL })
  try {
    const page = await context.newPage()
    await signIn(page, member.email, PASSWORD)
    const copy = (await context.cookies()).find((cookie) => cookie.name === '__session')!
    await page.goto('/logout')
    await page.getByRole('button', { name: 'Logout' }).click()
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
    await context.addCookies([copy])
    await page.goto('/settings/security')
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  } finally {
    await context.close()
  }
})
