// The frame's and the products list's links are plain anchors with one click handler
// (app/ui/page-link.tsx): with JavaScript a click goes through the router (the page is not loaded
// again), a modified click is the browser's own, and the current page is marked.
import { brandKeyByName, expect, signIn, test } from './fixtures'

test('a click on a page link stays in the app, and the dashboard marks the page it opened', async ({ page }) => {
  await signIn(page, 'admin@demo.test')
  const brand = await brandKeyByName(page, 'Demo Brand')
  await page.goto(`/brand/${brand}`)
  // Hydrated: the realtime layer connects only then.
  await expect(page.locator('html[data-realtime="connected"]')).toHaveCount(1)
  await page.evaluate(() => Object.assign(window, { sameDocument: true }))

  const dashboard = page.getByRole('navigation', { name: 'Dashboard' })
  await expect(dashboard.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page')
  await dashboard.getByRole('link', { name: 'Lines' }).click()
  await expect(page).toHaveURL(new RegExp(`/brand/${brand}/lines$`))
  await expect(dashboard.getByRole('link', { name: 'Lines' })).toHaveAttribute('aria-current', 'page')
  await expect(dashboard.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current', 'page')

  await page.getByRole('navigation', { name: 'Header' }).getByRole('link', { name: 'Product', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/brand/${brand}/products$`))
  await page.getByRole('navigation', { name: 'Per page' }).getByRole('link', { name: '25' }).click()
  await expect(page).toHaveURL(/per=25/)
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next' }).click()
  await expect(page).toHaveURL(/page=2/)
  // A row's name (a link inside the row's HTML text) opens the listing.
  await page.getByTestId('listing-row').first().locator('td.font-medium a').click()
  await expect(page).toHaveURL(/\/products\/listing\//)
  // Still the document the test marked: every click went through the router.
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)
})
