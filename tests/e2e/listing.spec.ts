// The listing page, the product page and sharing a line, end to end without JavaScript
// (catalogue.md §2, §4, §8): edit a listing with an invalid then a valid style name, delete one
// from its page, share a line and the invitee signs up and sees it, and a read member sees
// neither Edit nor Delete. Demo Brand's listings 47 to 49 are the ones this spec changes.
import fs from 'node:fs'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import type { Page } from '@playwright/test'
import { demoKey } from '#app/platform/ids'
import { e2eEnvironment, expect, signIn, test } from './fixtures'

const BRAND = demoKey('brand:demo')
const ESSENTIALS = demoKey('line:essentials')
const listingPath = (n: number) => `/brand/${BRAND}/products/listing/${demoKey(`listing:${n}`)}`
const PASSWORD = 'Quiet-Harbour-57-lamps'

test.use({ javaScriptEnabled: false })

async function expectToast(page: Page, text: string) {
  await expect(page.getByTestId('toast').filter({ hasText: text })).toBeVisible()
}

function mailTo(email: string): { text: string } | undefined {
  const dir = e2eEnvironment().outboxDir
  if (!fs.existsSync(dir)) return undefined
  for (const name of fs.readdirSync(dir).filter((file) => file.endsWith('.json'))) {
    const mail = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as { to: string; text: string }
    if (mail.to === email) return mail
  }
  return undefined
}

test('an owner edits a listing: an invalid style name is refused, a valid one is saved', async ({ page }) => {
  await signIn(page, 'admin@demo.test')
  await page.goto(listingPath(48))
  const heading = page.locator('#listing-heading')
  const original = (await heading.textContent())!.trim()
  await page.getByLabel('Edit menu').click()
  await page.getByRole('link', { name: 'Edit', exact: true }).click()
  await expect(page).toHaveURL(/\?edit=true$/)
  await page.screenshot({ path: test.info().outputPath('listing-edit.png'), fullPage: true })

  await page.getByLabel('Style Name').fill('Boxy <Tee>')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(
    page.getByText('Invalid Style Name. Alphanumeric characters expected. The characters < and > are not allowed.'),
  ).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('listing-edit-invalid.png'), fullPage: true })

  await page.getByLabel('Style Name').fill("Spec T-Shirt d'été & Co")
  await page.getByLabel('Units').fill('77')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(new RegExp(`${listingPath(48)}$`))
  await expectToast(page, 'Product has been updated successfully.')
  await expect(page.locator('#listing-heading')).toHaveText("Spec T-Shirt d'été & Co")
  await expect(page.getByTestId('listing-info')).toContainText('77')

  // Cancel leaves edit mode without saving; then the original name is put back for other specs.
  await page.goto(`${listingPath(48)}?edit=true`)
  await page.getByLabel('Style Name').fill('Never Saved')
  await page.getByRole('link', { name: 'Cancel' }).click()
  await expect(page.locator('#listing-heading')).toHaveText("Spec T-Shirt d'été & Co")
  await page.goto(`${listingPath(48)}?edit=true`)
  await page.getByLabel('Style Name').fill(original)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.locator('#listing-heading')).toHaveText(original)
})

test('an owner deletes a listing from its page after the confirmation', async ({ page }) => {
  await signIn(page, 'admin@demo.test')
  await page.goto(listingPath(49))
  await page.getByLabel('Edit menu').click()
  await page.getByRole('link', { name: 'Delete' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete Product' })
  await expect(dialog).toContainText(
    "Deleting product can't be undone. Are you sure you want to continue delete this product ?",
  )
  await page.screenshot({ path: test.info().outputPath('listing-delete.png'), fullPage: true })
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(page).toHaveURL(new RegExp(`/brand/${BRAND}/products$`))
  await expectToast(page, 'Product has been deleted successfully.')
  const gone = await page.goto(listingPath(49))
  expect(gone?.status()).toBe(404)
})

test('a read member sees the listing and the product, but no Edit or Delete', async ({ page }) => {
  await signIn(page, 'viewer@demo.test')
  await page.goto(listingPath(3))
  await expect(page.locator('#listing-heading')).toBeVisible()
  await expect(page.getByText('SKU')).toBeVisible()
  await expect(page.getByLabel('Edit menu')).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Delete' })).toHaveCount(0)
  await page.goto(`${listingPath(3)}?edit=true`)
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0)
  const refused = await page.goto(`${listingPath(3)}/delete`)
  expect(refused?.status()).toBe(403)

  await page.goto(`/brand/${BRAND}/products/${demoKey('style:linen-shirt')}`)
  await expect(page.locator('#product-heading')).toBeVisible()
  await page.getByText('Listings (').click()
  await expect(page.getByTestId('product-listings').getByRole('link').first()).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('product.png'), fullPage: true })
})

test('sharing a line: the invitee signs up from the e-mail and sees the line', async ({ page, browser, baseURL }) => {
  await signIn(page, 'admin@demo.test')
  await page.goto(`/brand/${BRAND}/products/share?line=${ESSENTIALS}`)
  const dialog = page.getByRole('dialog', { name: 'Share Essentials' })
  await expect(dialog.getByLabel('Permissions')).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('share-line.png'), fullPage: true })

  // The form's rules first: nothing is created.
  await dialog.getByLabel('Email').fill('not-an-email')
  await dialog.getByRole('button', { name: 'Share' }).click()
  await expect(page.getByText('Name is required.')).toBeVisible()
  await expect(page.getByText('Invalid Email.')).toBeVisible()

  const email = `shared-${randomBytes(4).toString('hex')}@invitee.test`
  await page.getByLabel('Name').fill('Sasha Shared')
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Share' }).click()
  await expect(page).toHaveURL(new RegExp(`/brand/${BRAND}/products$`))
  await expectToast(page, `${email} has been invited to Essentials`)
  await expectToast(page, `Invite has been delivered to ${email}`)

  const mail = mailTo(email)
  const link = /https?:\/\/\S+\/invite\?token=[A-Za-z0-9_-]+/.exec(mail?.text ?? '')?.[0]
  expect(link, 'the invite e-mail has its link').toBeTruthy()
  const invitee = await browser.newContext({ baseURL, javaScriptEnabled: false })
  const inviteePage = await invitee.newPage()
  const url = new URL(link!)
  await inviteePage.goto(`${url.pathname}${url.search}`)
  await expect(inviteePage.getByLabel('Email')).toHaveValue(email)
  await expect(inviteePage.getByLabel('First name')).toHaveValue('Sasha')
  await inviteePage.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await inviteePage.getByLabel('Confirm password').fill(PASSWORD)
  await inviteePage.getByRole('button', { name: 'Sign up' }).click()
  await inviteePage.waitForURL((landed) => landed.pathname !== '/invite')
  const landed = new URL(inviteePage.url())
  expect(landed.pathname + landed.search).toBe(`/brand/${BRAND}/products?lines=${ESSENTIALS}`)

  // Read on the brand, editor on the line through its team.
  const grants = (await (await inviteePage.request.get('/api/permission/query/grantee')).json()) as {
    data: { model: string; model_id: string; type: string }[]
  }
  expect(grants.data.map((g) => `${g.model}:${g.model_id}:${g.type}`).sort()).toEqual(
    [`Brand:${BRAND}:read`, `Line:${ESSENTIALS}:editor`].sort(),
  )
  // A listing of the line opens with the line in its breadcrumbs.
  await inviteePage.goto(listingPath(2))
  await expect(inviteePage.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Essentials')
  await inviteePage.screenshot({ path: test.info().outputPath('invitee-listing.png'), fullPage: true })
  await invitee.close()
})

test.describe('with JavaScript', () => {
  test.use({ javaScriptEnabled: true })

  test('deleting shows the toast on the page, then opens the products list', async ({ page }) => {
    await signIn(page, 'admin@demo.test')
    await page.goto(`${listingPath(47)}/delete`)
    const dialog = page.getByRole('dialog', { name: 'Delete Product' })
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await expectToast(page, 'Product has been deleted successfully.')
    await page.waitForURL(new RegExp(`/brand/${BRAND}/products$`))
  })
})
