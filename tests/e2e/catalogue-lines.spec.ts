// Lines, collections and the admin's brand menu with JavaScript off: an owner creates a line and a
// collection, members who may not create see no buttons and are refused by address, outsiders
// get 404, and an admin deletes, restores and leaves a brand.
import { brandKeyByName, expect, signIn, test } from './fixtures'
import { createBrand, createMember } from './support/users'

test.use({ javaScriptEnabled: false })

test('an owner creates a line, lands on its page, then a collection grouped under it', async ({ page, ownBrand }) => {
  await signIn(page, 'admin@demo.test')
  const base = `/brand/${ownBrand.key}`
  await page.goto(`${base}/lines`)
  await expect(page.getByText('No lines yet')).toBeVisible()
  await page.getByRole('link', { name: 'Create a line' }).click()
  await expect(page.getByRole('dialog')).toContainText('Create a line')
  await page.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByText('Line name is required.')).toBeVisible()
  await page.getByLabel('Line name').fill('Evening Wear')
  await page.getByLabel('Description').fill('Gowns and tailoring for after dark.')
  await page.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/Line Evening Wear has been created/)
  await expect(page).toHaveURL(new RegExp(`${base}/line/[a-z0-9]+$`))
  const lineKey = new URL(page.url()).pathname.split('/').pop()!
  await expect(page.getByRole('heading', { name: 'Evening Wear', level: 2 })).toBeVisible()
  await expect(page.getByText('Gowns and tailoring for after dark.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'View products' })).toHaveAttribute(
    'href',
    `${base}/products?lines=${lineKey}`,
  )

  await page.goto(`${base}/collections`)
  await expect(page.getByText('No collections yet')).toBeVisible()
  await page.getByRole('link', { name: 'Create New Collection' }).click()
  await page.getByLabel('Collection Name').fill('Midnight')
  await page.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByText('Season is required.')).toBeVisible()
  await expect(page.getByText('Year is required.')).toBeVisible()
  await page.getByLabel('Collection Name').fill('Midnight')
  await page.getByLabel('Season').selectOption({ label: 'Fall/Winter' })
  await page.getByLabel('Year').fill('2027')
  await page.getByLabel('Line (optional)').selectOption({ label: 'Evening Wear' })
  await page.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/Collection Midnight has been created/)
  // The new collection's page: its products (catalogue.md §2, /collection/{key}).
  await expect(page).toHaveURL(new RegExp(`${base}/products\\?collections=[a-z0-9]+$`))
  await page.goto(`${base}/collections`)
  const group = page.getByRole('region', { name: 'Evening Wear' })
  await expect(group.getByRole('heading', { name: 'Evening Wear' })).toBeVisible()
  const row = group.getByRole('row', { name: /Midnight/ })
  await expect(row).toContainText('Fall/Winter')
  await expect(row).toContainText('2027')
  await expect(row.getByRole('link', { name: 'Midnight', exact: true })).toHaveAttribute(
    'href',
    new RegExp(`${base}/products\\?collections=[a-z0-9]+$`),
  )
  // The line's own collections list it too, with its own create.
  await page.goto(`${base}/line/${lineKey}/collections?view=card`)
  await expect(page.getByRole('list', { name: 'Evening Wear' })).toContainText('Midnight')
})

test('an editor and a read member see no create buttons and are refused by address', async ({
  page,
  ownBrand,
  signInAsNewMember,
}) => {
  await signInAsNewMember(ownBrand, 'designer')
  for (const path of ['lines', 'collections']) {
    await page.goto(`/brand/${ownBrand.key}/${path}`)
    await expect(page.getByTestId('filter-bar').getByRole('heading')).toHaveText(
      path === 'lines' ? 'Lines' : 'Collections',
    )
    await expect(page.getByRole('link', { name: /Create/ })).toHaveCount(0)
  }
  await page.goto(`/brand/${ownBrand.key}/lines/create`)
  await expect(page).toHaveURL(new RegExp(`/brand/${ownBrand.key}$`))
  await expect(page.getByTestId('toast')).toHaveText(/Additional permissions required to access this view/)

  await page.context().clearCookies()
  await signIn(page, 'viewer@demo.test')
  const demo = await brandKeyByName(page, 'Demo Brand')
  await page.goto(`/brand/${demo}/collections`)
  await expect(page.getByRole('region', { name: 'Womenswear' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Create New Collection' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: /^Edit/ })).toHaveCount(0)
  await page.goto(`/brand/${demo}/collections/create`)
  await expect(page).toHaveURL(new RegExp(`/brand/${demo}$`))
  await expect(page.getByTestId('toast')).toHaveText(/Additional permissions required to access this view/)
})

test('an outsider gets 404 on the lines and collections of a brand', async ({ page }) => {
  await signIn(page, 'viewer@demo.test')
  const demo = await brandKeyByName(page, 'Demo Brand')
  await page.goto(`/brand/${demo}/lines`)
  const lineKey = (await page.getByRole('link', { name: 'Womenswear' }).getAttribute('href'))!.split('lines=')[1]!
  await page.context().clearCookies()
  await signIn(page, 'outsider@demo.test')
  for (const path of [
    `/brand/${demo}/lines`,
    `/brand/${demo}/collections`,
    `/brand/${demo}/line/${lineKey}`,
    `/brand/${demo}/line/${lineKey}/collections`,
    `/line/${lineKey}`,
  ]) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(404)
  }
})

test('an admin deletes a brand by typing its name, restores it, and removes their own permissions', async ({
  page,
  baseURL,
}) => {
  const brand = await createBrand(baseURL!, { name: `Menu House ${Date.now().toString(36)}` })
  await signIn(page, 'admin@demo.test')
  await page.goto('/brands')
  const brands = page.getByRole('list', { name: 'Brands' })
  await brands.getByLabel(`Actions for ${brand.name}`).click()
  await brands.getByRole('link', { name: 'Delete Brand' }).first().click()
  await expect(page.getByRole('dialog')).toContainText(`Are you sure you would like to delete ${brand.name}?`)
  await page.getByLabel(`Type ${brand.name} to confirm`).fill('Menu')
  await page.getByRole('button', { name: 'Delete Brand' }).click()
  await expect(page.getByText(`Type the brand name "${brand.name}" to delete it.`)).toBeVisible()
  await page.getByLabel(`Type ${brand.name} to confirm`).fill(brand.name)
  await page.getByRole('button', { name: 'Delete Brand' }).click()
  await expect(page.getByTestId('toast')).toHaveText(new RegExp(`Brand ${brand.name} has been deleted`))
  await expect(page.getByRole('list', { name: 'Brands' })).not.toContainText(brand.name)
  expect((await page.goto(`/brand/${brand.key}`))?.status()).toBe(404)

  await page.goto('/brands')
  await page.getByRole('link', { name: 'Archived brands' }).click()
  await page.getByRole('link', { name: `Restore ${brand.name}` }).click()
  await page.getByRole('button', { name: 'Restore' }).click()
  await expect(page.getByTestId('toast')).toHaveText(new RegExp(`Brand ${brand.name} has been restored`))
  await expect(page.getByRole('list', { name: 'Brands' })).toContainText(brand.name)

  // The only owner may not leave; with a second owner, leaving is final.
  await page.goto(`/brands/${brand.key}/remove-permissions`)
  await expect(page.getByRole('dialog')).toContainText(`You are the only owner of ${brand.name}.`)
  await createMember(baseURL!, {
    email: `second-owner-${Date.now().toString(36)}@spec.test`,
    password: 'Linen-Harbour-Spool-64',
    jobType: 'admin',
    brand: brand.key,
  })
  await page.goto('/brands')
  await page.getByRole('list', { name: 'Brands' }).getByLabel(`Actions for ${brand.name}`).click()
  await page.getByRole('link', { name: 'Remove Brand Permissions' }).first().click()
  await expect(page.getByRole('dialog')).toContainText('only an owner of the brand can invite you back')
  await page.getByRole('button', { name: 'Remove my permissions' }).click()
  await expect(page.getByTestId('toast')).toHaveText(
    new RegExp(`Your permissions on ${brand.name} have been removed. Only an owner of the brand can invite you back.`),
  )
  await expect(page.getByRole('list', { name: 'Brands' })).not.toContainText(brand.name)
  expect((await page.goto(`/brand/${brand.key}/lines`))?.status()).toBe(404)
})
