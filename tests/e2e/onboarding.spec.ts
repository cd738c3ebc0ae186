// Onboarding's Continue saves the step's open form, then moves on (access.md §4 "Continue saves
// the current step first", docs/decisions/039), without JavaScript. The company step still needs
// each of its required fields. The test edits a brand of its own.
import type { Page } from '@playwright/test'
import { DEMO_PASSWORD, expect, signIn, test } from './fixtures'
import { createMember } from './support/users'

const PASSWORD = 'Onboarding-save-7315!'
const unique = () => `${Date.now()}${Math.floor(Math.random() * 1e4)}`

interface BrandAnswer {
  name: string
  legal_name?: string | null
  address: { street?: string; suite?: string; country?: string }
}

async function brandOf(page: Page, key: string): Promise<BrandAnswer> {
  const answer = await page.request.get(`/api/brand/model/${key}`)
  return ((await answer.json()) as { data: BrandAnswer }).data
}

async function expectToast(page: Page, text: string) {
  await expect(page.getByTestId('toast').filter({ hasText: text })).toHaveCount(1)
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('Continue saves the open form of the step, and refuses while required fields are missing', async ({
    page,
    request,
    baseURL,
  }) => {
    // A new brand (nothing of its company profile filled in) and a new editor of it.
    const login = await request.post('/api/account/method/login', {
      data: { email: 'admin@demo.test', password: DEMO_PASSWORD },
    })
    const { idToken } = ((await login.json()) as { data: { idToken: string } }).data
    const brandName = `Onboarding ${unique()}`
    const created = await request.post('/api/brand/model', {
      data: { name: brandName },
      headers: { authorization: `Bearer ${idToken}` },
    })
    const brand = ((await created.json()) as { data: { key: string } }).data.key
    const member = await createMember(baseURL!, {
      email: `onb-${unique()}@example.test`,
      password: PASSWORD,
      brand,
    })
    await signIn(page, member.email, PASSWORD)
    await expect(page).toHaveURL(/\/settings\/profile$/)

    const stepper = page.getByTestId('onboarding-stepper')
    const continueButton = stepper.getByRole('button', { name: 'Continue' })
    const companyForm = page.getByRole('region', { name: 'Company Profile' })

    // The company step with its first form open: a required field left empty is the form's error.
    await page.goto(`/brand/${brand}/edit?edit=profile`)
    await expect(stepper.getByRole('link', { name: /Company Profile/ })).toHaveAttribute('aria-current', 'step')
    await companyForm.getByLabel('Profile Name').fill('')
    await companyForm.getByLabel('Legal Name').fill('Onboarding Holdings')
    await continueButton.click()
    await expect(companyForm.getByText('This field is required.')).toBeVisible()
    await expect(page).toHaveURL(new RegExp(`/brand/${brand}/edit\\?edit=profile$`))
    const unchanged = await brandOf(page, brand)
    expect(unchanged.name).toBe(brandName)
    expect(unchanged.legal_name ?? '').toBe('')

    // Saved by Continue, but the headquarters are still missing: the step is not left.
    await companyForm.getByLabel('Profile Name').fill(brandName)
    await continueButton.click()
    await expectToast(page, 'Brand has been updated')
    await expectToast(
      page,
      'Onboarding error: Fill in Address 1, Address 2, Country and press Update before you continue.',
    )
    await expect(page).toHaveURL(new RegExp(`/brand/${brand}/edit$`))
    expect(await brandOf(page, brand)).toMatchObject({ name: brandName, legal_name: 'Onboarding Holdings' })

    // The headquarters form, filled in and saved by Continue: on to the personal profile.
    const headquarters = page.getByRole('region', { name: 'Headquarters' })
    await headquarters.getByRole('link', { name: 'Edit' }).click()
    await headquarters.getByLabel('Address 1').fill('12 Rue des Lilas')
    await headquarters.getByLabel('Address 2').fill('Atelier 3')
    await headquarters.getByLabel('Country').selectOption('FRA')
    await continueButton.click()
    await expect(page).toHaveURL(/\/settings\/profile$/)
    await expectToast(page, 'Brand has been updated')
    expect((await brandOf(page, brand)).address).toMatchObject({
      street: '12 Rue des Lilas',
      suite: 'Atelier 3',
      country: 'FRA',
    })

    // The personal step: Edit, fill in, Continue (no Update) saves it and moves on.
    const profile = page.getByRole('region', { name: 'Personal Profile' })
    await profile.getByRole('link', { name: 'Edit' }).click()
    await profile.getByLabel('Title').fill('Pattern Maker')
    await profile.getByLabel('Department').selectOption('design')
    await continueButton.click()
    await expect(page).toHaveURL(/\/settings\/security$/)
    await expectToast(page, 'Profile has been updated')
    await expect(stepper.getByRole('link', { name: /Personal Profile/ })).toContainText('(done)')
    const account = await page.request.get(`/api/account/model/${member.accountKey}`)
    expect(((await account.json()) as { data: Record<string, unknown> }).data).toMatchObject({
      title: 'Pattern Maker',
      department: 'design',
      status: 'onboarding-security',
    })
  })
})
