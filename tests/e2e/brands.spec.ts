// Brands list, brand creation, company profile forms, the permission gate and header items.
import { brandKeyByName, expect, signIn, test } from './fixtures'
import { setCurrentBrand } from './support/users'

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('an admin creates a brand and lands on its edit page', async ({ page }) => {
    await signIn(page, 'admin@demo.test')
    await page.goto('/brands')
    await page.getByRole('link', { name: 'Create New Brand' }).click()
    await expect(page.getByRole('dialog')).toContainText('Create New Brand')
    await page.getByRole('button', { name: 'Create' }).click()
    await expect(page.getByText('Brand name is required.')).toBeVisible()
    const name = `Maison ${Date.now()}`
    await page.getByLabel('Brand name').fill(name)
    await page.getByRole('button', { name: 'Create' }).click()
    await expect(page).toHaveURL(/\/brand\/[a-z0-9]+\/edit$/)
    await expect(page.getByTestId('toast')).toHaveText(new RegExp(`Brand ${name} has been created`))
    await page.goto('/brands?view=card')
    // Newest modified first: the new brand comes before Demo Brand (other tests may add more).
    const names = await page.getByRole('list', { name: 'Brands' }).getByRole('link').allTextContents()
    const mine = names.findIndex((text) => text.includes(name))
    expect(mine).toBeGreaterThanOrEqual(0)
    expect(mine).toBeLessThan(names.findIndex((text) => text.includes('Demo Brand')))
  })

  test('the company profile forms validate and update', async ({ page, ownBrand, signInAsNewMember }) => {
    // An editor of a brand of its own: Demo Brand's profile stays as other specs read it.
    await signInAsNewMember(ownBrand, 'designer')
    const key = ownBrand.key
    await page.goto(`/brand/${key}/edit`)
    const profile = page.getByRole('region', { name: 'Company Profile' })
    await expect(profile.getByLabel('Legal Name')).toBeDisabled()
    await profile.getByRole('link', { name: 'Edit' }).click()
    await profile.getByLabel('Legal Name').fill('Demo <Brand>')
    await profile.getByRole('button', { name: 'Update' }).click()
    await expect(page.getByText('Invalid Legal Name. Alphanumeric characters expected.')).toBeVisible()
    await page.getByRole('region', { name: 'Company Profile' }).getByLabel('Legal Name').fill('Demo Brand Group')
    await page.getByRole('region', { name: 'Company Profile' }).getByRole('button', { name: 'Update' }).click()
    await expect(page.getByTestId('toast')).toHaveText(/Brand has been updated/)
    await expect(page.getByRole('region', { name: 'Company Profile' }).getByLabel('Legal Name')).toHaveValue(
      'Demo Brand Group',
    )

    const headquarters = page.getByRole('region', { name: 'Headquarters' })
    await headquarters.getByRole('link', { name: 'Edit' }).click()
    await page.getByRole('region', { name: 'Headquarters' }).getByLabel('Zip').fill('$$')
    await page.getByRole('region', { name: 'Headquarters' }).getByRole('button', { name: 'Update' }).click()
    await expect(page.getByText('Invalid zip. Numeric value expected.')).toBeVisible()
    await page.getByRole('link', { name: 'Cancel' }).click()
    await expect(page.getByRole('region', { name: 'Headquarters' }).getByLabel('Zip')).toHaveValue('97205')
  })

  test('a read member is sent to the brand dashboard with the info message', async ({ page }) => {
    await signIn(page, 'viewer@demo.test')
    const key = await brandKeyByName(page, 'Demo Brand')
    await page.goto(`/brand/${key}/edit`)
    await expect(page).toHaveURL(new RegExp(`/brand/${key}$`))
    await expect(page.getByTestId('toast')).toHaveText(
      /Additional permissions required to access this view. You have been redirected to the brand dashboard./,
    )
  })

  test('the header leads to the asset library with its folders', async ({ page }) => {
    await signIn(page, 'admin@demo.test')
    const key = await brandKeyByName(page, 'Demo Brand')
    await page.getByRole('navigation', { name: 'Header' }).getByRole('link', { name: 'Asset Library' }).click()
    await expect(page).toHaveURL(new RegExp(`/brand/${key}/assets_library$`))
    await expect(
      page.getByRole('list', { name: 'Assets' }).getByRole('link', { name: 'Tech Packs', exact: true }),
    ).toBeVisible()
  })
})

test('with JavaScript, the create dialog validates in the browser and creates the brand', async ({ page }) => {
  await signIn(page, 'admin@demo.test')
  await page.goto('/brands')
  await page.getByRole('link', { name: 'Create New Brand' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByLabel('Brand name')).toBeFocused()
  await dialog.getByRole('button', { name: 'Create' }).click()
  await expect(dialog.getByText('Brand name is required.')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page).toHaveURL(/\/brands$/)
  await page.getByRole('link', { name: 'Create New Brand' }).click()
  const name = `Studio ${Date.now()}`
  await page.getByLabel('Brand name').fill(name)
  await page.getByRole('button', { name: 'Create' }).click()
  await expect(page).toHaveURL(/\/brand\/[a-z0-9]+\/edit$/)
  await expect(page.getByTestId('toast')).toHaveText(new RegExp(`Brand ${name} has been created`))
  await expect(page.getByRole('region', { name: 'Company Profile' }).getByLabel('Profile Name')).toHaveValue(name)
})

const HEADER: [email: string, items: string[], dashboard: boolean][] = [
  [
    'admin@demo.test',
    ['Product', 'Product Data', 'Asset Library', 'Virtual Atelier', 'Notifications', 'Contact'],
    true,
  ],
  [
    'editor@demo.test',
    ['Product', 'Product Data', 'Asset Library', 'Virtual Atelier', 'Notifications', 'Contact'],
    true,
  ],
  ['vsm@demo.test', ['Product Data', 'Asset Library', 'Virtual Atelier', 'Notifications', 'Contact'], true],
  ['viewer@demo.test', ['Product', 'Asset Library', 'Virtual Atelier', 'Notifications', 'Contact'], false],
]

for (const [email, items, dashboard] of HEADER) {
  test(`header items for ${email} match the job type`, async ({ page, baseURL }) => {
    await signIn(page, email)
    const key = await brandKeyByName(page, 'Demo Brand')
    try {
      await page.goto(`/brand/${key}`)
      const header = page.getByRole('navigation', { name: 'Header' })
      await expect(header.getByRole('link')).toHaveText(items)
      await expect(page.getByRole('navigation', { name: 'Dashboard' })).toHaveCount(dashboard ? 1 : 0)
    } finally {
      // Opening the brand remembers it; vsm@demo.test has none chosen in the seed (it lands on /brands).
      if (email === 'vsm@demo.test') await setCurrentBrand(baseURL!, email, null)
    }
  })
}

test('header items on /brands are those of the current brand', async ({ page }) => {
  await signIn(page, 'admin@demo.test')
  await page.waitForURL(/\/brand\//)
  const key = await brandKeyByName(page, 'Demo Brand')
  await page.goto('/brands')
  const header = page.getByRole('navigation', { name: 'Header' })
  await expect(header.getByRole('link')).toHaveCount(6)
  await expect(header.locator('[aria-disabled="true"]')).toHaveCount(0)
  for (const href of await header.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))) {
    expect(href).toMatch(new RegExp(`^/brand/${key}/`))
  }
})

test('a settings page has one row of tabs: the settings tabs, not the dashboard row as well', async ({ page }) => {
  await signIn(page, 'admin@demo.test')
  const key = await brandKeyByName(page, 'Demo Brand')
  for (const path of ['edit', 'customization', 'team']) {
    await page.goto(`/brand/${key}/${path}`)
    await expect(page.getByRole('navigation', { name: 'Settings' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Dashboard' })).toHaveCount(0)
  }
  await page.goto(`/brand/${key}/lines`)
  await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible()
})
