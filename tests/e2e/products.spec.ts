// The products list of Demo Brand with JavaScript off (catalogue.md §2): filters and search kept
// in the address, quick view, deleting one listing and several, what a read member and an
// outsider see, and the atelier context. Deletes take the oldest demo listings (the last page),
// so specs that open the newest ones still find them.
import { demoKey } from '#app/platform/ids'
import { brandKeyByName, expect, signIn, test } from './fixtures'
import { createMember } from './support/users'

test.use({ javaScriptEnabled: false })

test('filters and search narrow the list and survive a reload as an address', async ({ page }) => {
  await signIn(page, 'admin@demo.test')
  const brand = await brandKeyByName(page, 'Demo Brand')
  await page.goto(`/brand/${brand}/products`)
  const rows = page.getByTestId('listing-row')
  await expect(rows.first()).toBeVisible()
  // A page of 50 (other specs may have deleted some of the demo listings).
  const all = await rows.count()

  // Tick the first line in the Lines dropdown and search a material.
  await page.getByTestId('filter-lines').locator('summary').click()
  const lineBox = page.getByTestId('filter-lines').getByRole('checkbox').first()
  const lineName = (await page.getByTestId('filter-lines').locator('label').first().innerText()).trim()
  await lineBox.check()
  await page.getByRole('searchbox', { name: 'Search products' }).fill('linen')
  await page.getByRole('button', { name: 'Apply' }).click()

  await expect(page).toHaveURL(/search=linen/)
  await expect(page).toHaveURL(/lines=/)
  const count = await rows.count()
  expect(count).toBeGreaterThan(0)
  expect(count).toBeLessThan(all)
  for (const row of await rows.all()) {
    await expect(row).toContainText(lineName)
    await expect(row).toContainText(/linen/i)
  }
  await expect(page.getByTestId('search-count')).toHaveText(`Showing ${count} of ${count} items.`)

  await page.reload()
  await expect(rows).toHaveCount(count)
  await expect(page.getByRole('searchbox', { name: 'Search products' })).toHaveValue('linen')
  await expect(page.getByTestId('filter-lines').locator('input[type=checkbox]').first()).toBeChecked()

  await page.getByRole('searchbox', { name: 'Search products' }).fill('no such garment at all')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByText('No listings are available')).toBeVisible()
})

test('the search placeholder shows whole at 1280 wide with a choice in every filter', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 })
  await signIn(page, 'admin@demo.test')
  const brand = await brandKeyByName(page, 'Demo Brand')
  await page.goto(`/brand/${brand}/products`)
  // The first choice of each dropdown, chosen by address: every label shows its count.
  const chosen = new URLSearchParams()
  for (const name of ['lines', 'collections', 'categories', 'styles']) {
    chosen.append(
      name,
      (await page.getByTestId(`filter-${name}`).locator('input[type=checkbox]').first().getAttribute('value'))!,
    )
  }
  await page.goto(`/brand/${brand}/products?${chosen}`)
  const search = page.getByRole('searchbox', { name: 'Search products' })
  // The placeholder typed in as a value: it fits when the field needs no scrolling to show it.
  const fits = await search.evaluate((input: HTMLInputElement) => {
    input.value = input.placeholder
    return input.scrollWidth <= input.clientWidth
  })
  expect(fits).toBe(true)
})

test.describe('with JavaScript', () => {
  test.use({ javaScriptEnabled: true })

  test('a tick narrows the list at once, and the ticked box keeps the focus', async ({ page }) => {
    await signIn(page, 'admin@demo.test')
    const brand = await brandKeyByName(page, 'Demo Brand')
    await page.goto(`/brand/${brand}/products`)
    const rows = page.getByTestId('listing-row')
    await expect(rows.first()).toBeVisible()
    // Hydrated: the realtime layer connects only then.
    await expect(page.locator('html[data-realtime="connected"]')).toHaveCount(1)
    const lines = page.getByTestId('filter-lines')
    await lines.locator('summary').click()
    const box = lines.getByRole('checkbox').first()
    const lineName = (await lines.locator('label').first().innerText()).trim()
    // By keyboard: Space ticks the box, the list follows without Apply.
    await box.focus()
    await page.keyboard.press('Space')
    await expect(page).toHaveURL(/lines=/)
    for (const row of await rows.all()) await expect(row).toContainText(lineName)
    await expect(box).toBeChecked()
    await expect(box).toBeFocused()
    // Space again unticks it: the whole list again, the box still focused and unticked.
    await page.keyboard.press('Space')
    await expect(page).not.toHaveURL(/lines=/)
    await expect(box).not.toBeChecked()
    await expect(box).toBeFocused()
    // Ticked again, then the list opened afresh from the header (a client navigation): the box
    // follows the address and is unticked.
    await page.keyboard.press('Space')
    await expect(page).toHaveURL(/lines=/)
    await page.getByRole('navigation', { name: 'Header' }).getByRole('link', { name: 'Product', exact: true }).click()
    await expect(page).not.toHaveURL(/lines=/)
    await expect(box).not.toBeChecked()
  })

  test('ticks and the focus stay when a row menu opens and closes, and a style tick keeps the focus', async ({
    page,
  }) => {
    await signIn(page, 'admin@demo.test')
    const brand = await brandKeyByName(page, 'Demo Brand')
    await page.goto(`/brand/${brand}/products`)
    await expect(page.locator('html[data-realtime="connected"]')).toHaveCount(1)
    const rows = page.getByTestId('listing-row')
    for (const index of [0, 1, 2]) await rows.nth(index).getByRole('checkbox').check()
    const toggle = rows.nth(1).locator('[data-row-menu]')
    await toggle.click()
    await expect(rows.nth(1).getByRole('link', { name: 'Quick View' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(rows.nth(1).getByRole('link', { name: 'Quick View' })).toHaveCount(0)
    await expect(rows.nth(1).locator('[data-row-menu]')).toBeFocused()
    for (const index of [0, 1, 2]) await expect(rows.nth(index).getByRole('checkbox')).toBeChecked()
    await expect(rows.nth(3).getByRole('checkbox')).not.toBeChecked()

    // The chosen styles come first in their list: the ticked box keeps the focus all the same.
    const styles = page.getByTestId('filter-styles')
    await styles.locator('summary').click()
    const second = styles.getByRole('checkbox').nth(1)
    const value = await second.getAttribute('value')
    await second.focus()
    await page.keyboard.press('Space')
    await expect(page).toHaveURL(/styles=/)
    const ticked = styles.locator(`input[value="${value}"]`)
    await expect(ticked).toBeChecked()
    await expect(ticked).toBeFocused()
  })

  test('a link to the page already shown adds no step to the history', async ({ page }) => {
    await signIn(page, 'admin@demo.test')
    const brand = await brandKeyByName(page, 'Demo Brand')
    await page.goto(`/brand/${brand}`)
    await expect(page.locator('html[data-realtime="connected"]')).toHaveCount(1)
    const product = page.getByRole('navigation', { name: 'Header' }).getByRole('link', { name: 'Product', exact: true })
    await product.click()
    await expect(page).toHaveURL(new RegExp(`/brand/${brand}/products$`))
    await product.click()
    await page.goBack()
    await expect(page).toHaveURL(new RegExp(`/brand/${brand}$`))
  })
})

test('quick view shows the listing over the list and leads to its full details', async ({ page }) => {
  await signIn(page, 'admin@demo.test')
  const brand = await brandKeyByName(page, 'Demo Brand')
  await page.goto(`/brand/${brand}/products?view=card`)
  const card = page.getByTestId('listing-card').first()
  await expect(card).toBeVisible()
  const cards = await page.getByTestId('listing-card').count()
  const name = (await card.getByRole('link', { name: / menu$/ }).getAttribute('aria-label'))!.replace(/ menu$/, '')
  const key = await card.getAttribute('data-key')
  await card.getByRole('link', { name: / menu$/ }).click()
  await card.getByRole('link', { name: 'Quick View' }).click()

  await expect(page).toHaveURL(new RegExp(`/brand/${brand}/products/quick/${key}\\?view=card$`))
  const dialog = page.getByRole('dialog', { name: 'Quick View' })
  await expect(dialog).toContainText(name)
  for (const label of [
    'Garment',
    'Department',
    'Sizing',
    'Style No',
    'Colour',
    'Colour code',
    'SKU',
    'Units',
    'Status',
  ]) {
    await expect(dialog.getByText(label, { exact: true })).toBeVisible()
  }
  await expect(dialog.getByRole('link', { name: 'View Full Details' })).toHaveAttribute(
    'href',
    `/brand/${brand}/products/listing/${key}`,
  )
  // The list stays behind it, in the view it was opened from.
  await expect(page.getByTestId('listing-card')).toHaveCount(cards)
  await dialog.getByRole('link', { name: 'Close' }).click()
  await expect(page).toHaveURL(new RegExp(`/brand/${brand}/products\\?view=card$`))
})

test('an owner deletes one listing, then several at once', async ({ page }) => {
  await signIn(page, 'admin@demo.test')
  const brand = await brandKeyByName(page, 'Demo Brand')
  const lastPage = `/brand/${brand}/products?per=25&page=2`
  await page.goto(lastPage)
  const rows = page.getByTestId('listing-row')
  const before = await rows.count()

  const last = rows.last()
  const lastKey = await last.getAttribute('data-key')
  await last.getByRole('link', { name: / menu$/ }).click()
  await last.getByRole('link', { name: 'Delete' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete Product' })
  await expect(confirm).toContainText(
    "Deleting product can't be undone. Are you sure you want to continue delete this product ?",
  )
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Product has been deleted successfully.')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`${lastPage.replace('?', '\\?')}$`))
  await expect(page.locator(`[data-key="${lastKey}"]`)).toHaveCount(0)
  await expect(rows).toHaveCount(before - 1)

  const picked = [
    await rows.nth(before - 2).getAttribute('data-key'),
    await rows.nth(before - 3).getAttribute('data-key'),
  ]
  for (const key of picked) await page.locator(`[data-key="${key}"]`).getByRole('checkbox').check()
  await page.getByRole('button', { name: 'Delete selected' }).click()
  const bulk = page.getByRole('dialog', { name: 'Delete Products' })
  await expect(bulk.getByTestId('remove-names').locator('li')).toHaveCount(2)
  await bulk.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Products have been deleted successfully.')).toBeVisible()
  for (const key of picked) await expect(page.locator(`[data-key="${key}"]`)).toHaveCount(0)
  await expect(rows).toHaveCount(before - 3)
})

test('a read member sees no edit or delete, and is refused a delete by address', async ({ page }) => {
  await signIn(page, 'viewer@demo.test')
  const brand = await brandKeyByName(page, 'Demo Brand')
  await page.goto(`/brand/${brand}/products`)
  const row = page.getByTestId('listing-row').first()
  const key = await row.getAttribute('data-key')
  await expect(page.getByTestId('listing-row').first()).toBeVisible()
  await expect(page.getByRole('checkbox', { name: /^Select/ })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Delete selected' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Product Upload' })).toHaveCount(0)
  await row.getByRole('link', { name: / menu$/ }).click()
  await expect(row.getByRole('link', { name: 'Quick View' })).toBeVisible()
  await expect(row.getByRole('link', { name: 'Edit' })).toHaveCount(0)
  await expect(row.getByRole('link', { name: 'Delete' })).toHaveCount(0)

  const refused = await page.goto(`/brand/${brand}/products/delete/${key}`)
  expect(refused?.status()).toBe(403)
  const answer = await page.request.post('/api/listing/method/remove', { data: { brand, keys: key } })
  expect(answer.status()).toBe(403)
  await page.goto(`/brand/${brand}/products`)
  await expect(page.locator(`[data-key="${key}"]`)).toHaveCount(1)

  // The team sidebar (hidden for owners) offers a read member no Share line: only those who may
  // invite can share, so the sidebar says who can.
  await page.goto(`/brand/${brand}/products`)
  await page.getByRole('link', { name: 'Team', exact: true }).click()
  const sidebar = page.getByTestId('team-sidebar')
  await expect(sidebar).toContainText('Owners and editors of the brand share its lines and see its pending invites.')
  await expect(sidebar.getByRole('link', { name: 'Share line' })).toHaveCount(0)
})

test('an editor finds Share line in the team sidebar, with the one filtered line chosen', async ({ page }) => {
  await signIn(page, 'editor@demo.test')
  const brand = await brandKeyByName(page, 'Demo Brand')
  const lines = (await (await page.request.get(`/api/line/query/brand?brand=${brand}&cursor=0`)).json()) as {
    data: { key: string }[]
  }
  const line = lines.data[0]!.key
  await page.goto(`/brand/${brand}/products?lines=${line}`)
  await page.getByRole('link', { name: 'Team', exact: true }).click()
  await expect(page.getByTestId('team-sidebar').getByRole('link', { name: 'Share line' })).toHaveAttribute(
    'href',
    `/brand/${brand}/products/share?line=${line}`,
  )
})

test('an outsider gets 404 for the list, its modals and its calls', async ({ page, browser, baseURL }) => {
  const admin = await browser.newContext({ baseURL: baseURL! })
  const adminPage = await admin.newPage()
  await signIn(adminPage, 'admin@demo.test')
  const brand = await brandKeyByName(adminPage, 'Demo Brand')
  await adminPage.goto(`/brand/${brand}/products`)
  const key = await adminPage.getByTestId('listing-row').first().getAttribute('data-key')
  await admin.close()

  await signIn(page, 'outsider@demo.test')
  for (const path of [
    `/brand/${brand}/products`,
    `/brand/${brand}/products?search=linen`,
    `/brand/${brand}/products/quick/${key}`,
    `/brand/${brand}/products/team`,
    `/brand/${brand}/atelier`,
    `/brand/${brand}/atelier/listings`,
  ]) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(404)
  }
  for (const path of [
    `/api/listing/query/filter?brand=${brand}`,
    `/api/category/query/brand?brand=${brand}`,
    `/api/style/query/brand?brand=${brand}`,
  ]) {
    expect((await page.request.get(path)).status(), path).toBe(404)
  }
  expect((await page.request.post('/api/listing/method/remove', { data: { brand, keys: key } })).status()).toBe(404)
})

test('the atelier context shows the SKU and links names to the style page', async ({ page }) => {
  await signIn(page, 'admin@demo.test')
  const brand = await brandKeyByName(page, 'Demo Brand')
  await page.goto(`/brand/${brand}/atelier`)
  await page.getByRole('link', { name: 'Listings view' }).click()
  await expect(page).toHaveURL(new RegExp(`/brand/${brand}/atelier/listings$`))
  await expect(page.getByRole('columnheader', { name: 'SKU' })).toBeVisible()
  await expect(page.getByTestId('listing-row').first()).toContainText(/DB-\d{4}-[A-Z]{3}-[A-Z]+/)
  // Names of listings with a style lead to the style page of the virtual atelier.
  const styleLinks = page.locator(`[data-testid=listing-row] a[href^="/brand/${brand}/style/"]`)
  expect(await styleLinks.count()).toBeGreaterThan(0)
  await expect(styleLinks.first()).toHaveAttribute('href', new RegExp(`^/brand/${brand}/style/[a-z2-9]{16}$`))

  await page.goto(`/brand/${brand}/products`)
  await expect(page.getByRole('columnheader', { name: 'SKU' })).toHaveCount(0)
  await expect(page.getByTestId('listing-row').first().getByRole('link').first()).toHaveAttribute(
    'href',
    new RegExp(`^/brand/${brand}/products/listing/[a-z2-9]{16}$`),
  )
})

for (const javaScriptEnabled of [true, false]) {
  test(`an editor of one line gets the checkbox and Edit on the rows their grant reaches, and saves one (JavaScript ${
    javaScriptEnabled ? 'on' : 'off'
  })`, async ({ browser, baseURL }) => {
    const essentials = demoKey('line:essentials')
    const member = await createMember(baseURL!, {
      email: `line-editor-${Date.now().toString(36)}@spec.test`,
      password: 'Linen-Harbour-44-lamps',
      jobType: 'guest',
      grants: [{ model: 'Line', model_id: essentials, type: 'editor' }],
    })
    const context = await browser.newContext({ baseURL, javaScriptEnabled })
    const page = await context.newPage()
    await signIn(page, member.email, member.password)
    const brand = demoKey('brand:demo')
    await page.goto(`/brand/${brand}/products?per=100`)
    // The rows their line grant reaches (the access module decides, as on the listing's page) have a
    // checkbox and Edit; the others, neither.
    const selectable = page.getByRole('checkbox', { name: /^Select (?!all)/ })
    const ours = page.getByTestId('listing-row').filter({ has: selectable })
    const others = page.getByTestId('listing-row').filter({ hasNot: selectable })
    await expect(ours.first()).toBeVisible()
    await expect(ours.first()).toContainText('Essentials')
    await expect(others.first()).toBeVisible()
    await ours
      .first()
      .getByRole('link', { name: / menu$/ })
      .click()
    await expect(ours.first().getByRole('link', { name: 'Edit' })).toBeVisible()
    await expect(ours.first().getByRole('link', { name: 'Delete' })).toBeVisible()
    // Closed again (without JavaScript an open menu stays open over the rows below).
    await ours
      .first()
      .getByRole('link', { name: / menu$/ })
      .click()
    await others
      .first()
      .getByRole('link', { name: / menu$/ })
      .click()
    await expect(others.first().getByRole('link', { name: 'View', exact: true })).toBeVisible()
    await expect(others.first().getByRole('link', { name: 'Edit' })).toHaveCount(0)
    await expect(others.first().getByRole('link', { name: 'Delete' })).toHaveCount(0)
    // They may delete their line's ticked rows; a bulk edit is an upload to the whole brand
    // (decision 182), so Edit selected is not offered.
    await expect(page.getByRole('button', { name: 'Delete selected' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Edit selected' })).toHaveCount(0)
    // Product Upload: not for the whole brand; for their line, yes.
    await expect(page.getByRole('link', { name: 'Product Upload' })).toHaveCount(0)
    await page.goto(`/brand/${brand}/products?lines=${essentials}`)
    await expect(page.getByRole('link', { name: 'Product Upload' })).toBeVisible()
    // Edit leads to the listing's form, which saves for them.
    const row = page.getByTestId('listing-row').filter({ has: selectable }).first()
    await row.getByRole('link', { name: / menu$/ }).click()
    await row.getByRole('link', { name: 'Edit' }).click()
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Product has been updated successfully.')).toBeVisible()
    await context.close()
  })
}
