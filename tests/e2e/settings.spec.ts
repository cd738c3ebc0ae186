// Settings and onboarding without JavaScript (access.md §2, §4, §5, §6): tabs by grant, the
// personal profile's rules and update, Account Type for role admin only, the country select of
// the company profile, and a fresh invited account walked through onboarding to Finish.
import type { Page } from '@playwright/test'
import { demoKey } from '#app/platform/ids'
import { brandKeyByName, expect, signIn, test } from './fixtures'
import { createMember } from './support/users'

const PASSWORD = 'Settings-walk-4821!'
const freshEmail = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`

test.use({ javaScriptEnabled: false })

test.describe('settings tabs', () => {
  const tabs = (page: Page) => page.getByRole('navigation', { name: 'Settings' }).getByRole('link')

  test('an owner sees every tab, pointing at the brand', async ({ page }) => {
    await signIn(page, 'admin@demo.test')
    const key = await brandKeyByName(page, 'Demo Brand')
    await page.goto('/settings')
    await expect(page).toHaveURL(/\/settings\/profile$/)
    await expect(tabs(page)).toHaveText([
      'Company Profile',
      'Personal Profile',
      'Manage Team',
      'Security & Privacy',
      'Branding',
    ])
    await expect(tabs(page).getByText('Manage Team')).toHaveAttribute('href', `/brand/${key}/team`)
    await tabs(page).getByText('Company Profile').click()
    await expect(page).toHaveURL(new RegExp(`/brand/${key}/edit$`))
    await expect(tabs(page).getByText('Company Profile')).toHaveAttribute('aria-current', 'page')
  })

  test('an editor has no Manage Team tab', async ({ page }) => {
    await signIn(page, 'editor@demo.test')
    await page.goto('/settings/profile')
    await expect(tabs(page)).toHaveText(['Company Profile', 'Personal Profile', 'Security & Privacy', 'Branding'])
  })

  test('a read member has no Company Profile tab; brand settings open Personal Profile', async ({ page }) => {
    await signIn(page, 'viewer@demo.test')
    await expect(page).toHaveURL(/\/settings\/profile$/)
    await expect(tabs(page)).toHaveText(['Personal Profile', 'Security & Privacy'])
    const key = await brandKeyByName(page, 'Demo Brand')
    await page.goto(`/brand/${key}/settings`)
    await expect(page).toHaveURL(/\/settings\/profile$/)
  })

  test('an unknown settings section is not found', async ({ page }) => {
    await signIn(page, 'editor@demo.test')
    const answer = await page.goto('/settings/nothing-here')
    expect(answer?.status()).toBe(404)
  })
})

test.describe('personal profile', () => {
  test('Account Type shows for role admin only', async ({ page }) => {
    await signIn(page, 'admin@demo.test')
    await page.goto('/settings/profile')
    const profile = page.getByRole('region', { name: 'Personal Profile' })
    await expect(profile.getByLabel('Account Type')).toHaveValue('admin')
    await expect(page.getByRole('link', { name: 'Change picture' })).toBeVisible()

    await page.context().clearCookies()
    await signIn(page, 'editor@demo.test')
    await page.goto('/settings/profile')
    await expect(page.getByRole('region', { name: 'Personal Profile' }).getByLabel('First Name')).toHaveValue('Dana')
    await expect(page.getByLabel('Account Type')).toHaveCount(0)
  })

  test('validates with the spec messages, then updates and keeps the values', async ({ page, baseURL, ownBrand }) => {
    const member = await createMember(baseURL!, {
      email: freshEmail('profile'),
      password: PASSWORD,
      brand: ownBrand.key,
    })
    await signIn(page, member.email, PASSWORD)
    await page.goto('/settings/profile')
    const profile = () => page.getByRole('region', { name: 'Personal Profile' })
    await expect(profile().getByLabel('Email')).toHaveValue(member.email)
    await expect(profile().getByLabel('First Name')).toBeDisabled()
    await expect(page.getByRole('link', { name: 'Change picture' })).toHaveAttribute(
      'href',
      '/settings/profile/picture',
    )

    await profile().getByRole('link', { name: 'Edit' }).click()
    await profile().getByLabel('First Name').fill('Tess!')
    await profile().getByLabel('Username').fill('two words')
    await profile().getByLabel('Employee Number').fill('12a')
    await profile().getByLabel('Title').fill('')
    await profile().getByRole('button', { name: 'Update' }).click()
    await expect(page.getByText('Invalid First Name. Alphanumeric characters expected.')).toBeVisible()
    await expect(page.getByText('Invalid Username. Alphanumeric characters expected.')).toBeVisible()
    await expect(page.getByText('Invalid Employee Number. Numeric value expected.')).toBeVisible()
    await expect(page.getByText('This field is required.')).toHaveCount(2) // title and department

    await profile().getByLabel('First Name').fill('Tess')
    await profile().getByLabel('Username').fill('tess_m')
    await profile().getByLabel('Employee Number').fill('004711')
    await profile().getByLabel('Title').fill('Pattern Maker')
    await profile().getByLabel('Department').selectOption('design')
    await profile().getByLabel('Country').selectOption({ label: 'France' })
    await profile().getByLabel('Date Format').selectOption('DD/MM/YYYY')
    await profile().getByLabel('Language').selectOption(['en', 'fr'])
    await profile().getByLabel('Mobile Number').fill('+33 6 12 34 56 78')
    await profile().getByRole('button', { name: 'Update' }).click()
    await expect(page.getByTestId('toast')).toHaveText(/Profile has been updated/)

    await page.reload()
    await expect(profile().getByLabel('First Name')).toHaveValue('Tess')
    await expect(profile().getByLabel('Username')).toHaveValue('tess_m')
    await expect(profile().getByLabel('Employee Number')).toHaveValue('004711')
    await expect(profile().getByLabel('Title')).toHaveValue('Pattern Maker')
    await expect(profile().getByLabel('Department')).toHaveValue('design')
    await expect(profile().getByLabel('Country')).toHaveValue('FRA')
    await expect(profile().getByLabel('Date Format')).toHaveValue('DD/MM/YYYY')
    await expect(profile().getByLabel('Mobile Number')).toHaveValue('+33 6 12 34 56 78')
    const languages = await profile()
      .getByLabel('Language')
      .evaluate((select: HTMLSelectElement) => Array.from(select.selectedOptions, (option) => option.value))
    expect(languages).toEqual(['en', 'fr'])
    const stored = await page.request.get(`/api/account/model/${member.accountKey}`)
    expect(((await stored.json()) as { data: { language: string } }).data.language).toBe('en/fr')
    await expect(page.getByTestId('page-title')).toHaveText('Settings')
  })
})

test('the company profile picks its country from the list and reads the older free text', async ({ page }) => {
  await signIn(page, 'admin@demo.test')
  const key = await brandKeyByName(page, 'Demo Brand')
  await page.goto(`/brand/${key}/edit?edit=headquarters`)
  const country = page.getByRole('region', { name: 'Headquarters' }).getByLabel('Country')
  await expect(country).toHaveValue('USA')
  await expect(country.locator('option:checked')).toHaveText('United States of America')
  expect(await country.locator('option').count()).toBeGreaterThan(240)
  await page.screenshot({ path: 'test-results/company-profile-tabs.png' })
})

test('a fresh account walks onboarding to Finish', async ({ page, baseURL }) => {
  const collection = demoKey('collection:ss26')
  const member = await createMember(baseURL!, {
    email: freshEmail('onboarding'),
    password: PASSWORD,
    jobType: 'designer',
    collections: [collection],
  })
  await signIn(page, member.email, PASSWORD)
  const key = await brandKeyByName(page, 'Demo Brand')
  const stepper = page.getByTestId('onboarding-stepper')
  const steps = stepper.getByRole('list', { name: 'Onboarding' }).getByRole('link')

  // A new account starts at the personal profile; an editor sees all four steps.
  await page.goto('/')
  await expect(page).toHaveURL(/\/settings\/profile$/)
  await expect(steps).toHaveText([
    '✓Company Profile(done)',
    '2Personal Profile',
    '3Security & Privacy',
    '4Branding/Marketing',
  ])
  await expect(steps.nth(1)).toHaveAttribute('aria-current', 'step')
  await page.screenshot({ path: 'test-results/onboarding-personal-profile.png', fullPage: true })

  // Continue needs the step saved first.
  await stepper.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByTestId('toast')).toHaveText(
    /Onboarding error: Fill in Title, Department and press Update before you continue./,
  )

  // Skip moves on without marking the step done.
  await stepper.getByRole('button', { name: 'Skip' }).click()
  await expect(page).toHaveURL(/\/settings\/security$/)
  await expect(steps.nth(1)).not.toContainText('(done)')
  await steps.nth(1).click()

  const profile = page.getByRole('region', { name: 'Personal Profile' })
  await profile.getByRole('link', { name: 'Edit' }).click()
  await page.getByRole('region', { name: 'Personal Profile' }).getByLabel('Title').fill('Designer')
  await page.getByRole('region', { name: 'Personal Profile' }).getByLabel('Department').selectOption('design')
  await page.getByRole('region', { name: 'Personal Profile' }).getByRole('button', { name: 'Update' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/Profile has been updated/)
  await stepper.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/settings\/security$/)
  await expect(steps.nth(1)).toContainText('(done)')

  await stepper.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(new RegExp(`/brand/${key}/customization$`))
  // The branding page keeps only the buttons; Finish is the last step's Continue.
  await expect(stepper.getByRole('list', { name: 'Onboarding' })).toHaveCount(0)
  await page.screenshot({ path: 'test-results/onboarding-branding.png', fullPage: true })
  await stepper.getByRole('button', { name: 'Finish' }).click()

  // Not an owner: products filtered by the first collection grant.
  await expect(page).toHaveURL(new RegExp(`/brand/${key}/products\\?collections=${collection}$`))
  await expect(page.getByTestId('onboarding-stepper')).toHaveCount(0)
  await expect(page.getByTestId('bell-panel')).toContainText('Onboarding Complete')
  const answer = await page.request.get('/api/notification/method/notifications_flat')
  const { data } = (await answer.json()) as { data: { action: string }[] }
  expect(data.map((n) => n.action)).toContain('Onboarding Complete')
  const account = await page.request.get(`/api/account/model/${member.accountKey}`)
  expect(((await account.json()) as { data: { status: string } }).data.status).toBe('onboarded')

  // Onboarded: / no longer sends the account to settings.
  await page.goto('/')
  await expect(page).not.toHaveURL(/\/settings/)
})

test.describe('with JavaScript', () => {
  test.use({ javaScriptEnabled: true })

  test('the profile validates in the browser and the stepper follows client-side navigation', async ({
    page,
    baseURL,
    ownBrand,
  }) => {
    const member = await createMember(baseURL!, {
      email: freshEmail('onboarding-js'),
      password: PASSWORD,
      brand: ownBrand.key,
    })
    await signIn(page, member.email, PASSWORD)
    await expect(page).toHaveURL(/\/settings\/profile$/)
    const profile = page.getByRole('region', { name: 'Personal Profile' })
    await profile.getByRole('link', { name: 'Edit' }).click()
    await profile.getByLabel('Employee Number').fill('12a')
    await profile.getByLabel('Employee Number').blur()
    await expect(page.getByText('Invalid Employee Number. Numeric value expected.')).toBeVisible()

    const stepper = page.getByTestId('onboarding-stepper')
    await stepper.getByRole('button', { name: 'Skip' }).click()
    await expect(page).toHaveURL(/\/settings\/security$/)
    const current = stepper.getByRole('list', { name: 'Onboarding' }).locator('[aria-current="step"]')
    await expect(current).toContainText('Security & Privacy')
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Personal Profile' }).click()
    await expect(page).toHaveURL(/\/settings\/profile$/)
    await expect(current).toContainText('Personal Profile')
  })
})
