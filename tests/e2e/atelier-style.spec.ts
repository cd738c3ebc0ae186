// The atelier's style pages end to end, with JavaScript and without (atelier.md §2, §4): the
// atelier list shows each style's progress; a style summary opens from it; the wizard is walked
// through its six steps with Continue and back to the style page; a step marked Not applicable
// changes the summary's progress; a read member sees no switch; an outsider gets 404. Demo Brand's
// style Wrap Dress is the one this spec changes; it sets its steps back to not started first, and
// holds them alone while it runs (support/exclusive.ts).
import type { Page } from '@playwright/test'
import { demoKey } from '#app/platform/ids'
import { expect, signIn, test } from './fixtures'

const BRAND = demoKey('brand:demo')
const STYLE = demoKey('style:wrap-dress')
const stylePath = `/brand/${BRAND}/style/${STYLE}`
const STEPS = [
  'Tech Pack & Specs',
  'Patterns',
  'Materials',
  'Graphics & prints',
  'Additional References',
  'Final Files',
]

/** Every step of Wrap Dress back to not started, through the style call as its owner would. */
async function resetSteps(page: Page, baseURL: string) {
  const answer = await page.request.put(`/api/style/model/${STYLE}`, {
    headers: { origin: baseURL },
    data: {
      brand: BRAND,
      status_techpack: false,
      status_patterns: false,
      status_materials: false,
      status_graphics: false,
      status_references: false,
      status_final: false,
    },
  })
  expect(answer.status(), await answer.text()).toBe(200)
}

const progressLink = (page: Page, step: string) => page.locator(`[data-testid="progress-link"][data-step="${step}"]`)

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled })

    test('an owner opens a style from the atelier list and walks the six steps with Continue', async ({
      page,
      baseURL,
    }) => {
      await signIn(page, 'admin@demo.test')
      await resetSteps(page, baseURL!)
      await page.goto(`/brand/${BRAND}/atelier?search=wrap%20dress`)
      const card = page.getByTestId('style-card').first()
      await expect(card.getByTestId('style-progress')).toHaveText(/0 of 6 steps/)
      await card.getByRole('link', { name: 'Wrap Dress' }).click()

      await expect(page).toHaveURL(new RegExp(`${stylePath}$`))
      await expect(page.getByTestId('page-title')).toHaveText('Virtual Atelier')
      await expect(page.getByTestId('style-name')).toHaveText('Wrap Dress')
      await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', `/brand/${BRAND}/atelier`)
      await expect(page.getByTestId('listing-slide').first()).toBeVisible()
      if (!javaScriptEnabled)
        await page.screenshot({ path: test.info().outputPath('style-summary.png'), fullPage: true })

      await progressLink(page, 'techpack').click()
      await expect(page).toHaveURL(new RegExp(`${stylePath}/techpack$`))
      await expect(page.getByText('Product Asset')).toBeVisible()
      await expect(page.getByTestId('wizard-style-link')).toHaveAttribute('href', stylePath)
      const steps = page.getByRole('navigation', { name: 'Wizard steps' }).getByRole('link')
      await expect(steps).toHaveCount(6)
      for (const [index, label] of STEPS.entries()) {
        await expect(page.locator('#step-heading')).toHaveText(label)
        await expect(steps.nth(index)).toHaveAttribute('aria-current', 'step')
        await page.getByTestId('continue').click()
      }
      // After Final Files, Continue leads back to the style page.
      await expect(page).toHaveURL(new RegExp(`${stylePath}$`))
      await expect(page.getByTestId('style-name')).toHaveText('Wrap Dress')
    })

    test('an owner marks a step Not applicable and the summary shows the progress', async ({ page, baseURL }) => {
      await signIn(page, 'admin@demo.test')
      await resetSteps(page, baseURL!)
      await page.goto(`${stylePath}/graphics`)
      await expect(page.getByRole('link', { name: 'Print', exact: true })).toBeVisible()
      await page.getByRole('link', { name: 'Print', exact: true }).click()
      await expect(page).toHaveURL(/\?tab=print$/)
      const toggle = page.getByRole('switch', { name: 'Not applicable' })
      await expect(toggle).toHaveAttribute('aria-checked', 'false')
      await toggle.click()
      await expect(page.getByTestId('toast').filter({ hasText: 'Change saved successfully' }).first()).toBeVisible()
      await expect(page.getByRole('switch', { name: 'Not applicable' })).toHaveAttribute('aria-checked', 'true')
      await expect(page.getByTestId('not-applicable-note')).toBeVisible()
      if (!javaScriptEnabled) await page.screenshot({ path: test.info().outputPath('wizard-step.png'), fullPage: true })

      await page.getByTestId('wizard-style-link').click()
      await expect(page).toHaveURL(new RegExp(`${stylePath}$`))
      await expect(progressLink(page, 'graphics')).toHaveAttribute('data-state', 'notapplicable')
      await expect(progressLink(page, 'graphics')).toContainText('Not applicable')
      await expect(page.getByTestId('style-progress').first()).toHaveText(/1 of 6 steps/)
      await expect(progressLink(page, 'techpack')).toContainText('Not started')

      await page.goto(`${stylePath}/graphics`)
      await page.getByRole('switch', { name: 'Not applicable' }).click()
      await expect(page.getByRole('switch', { name: 'Not applicable' })).toHaveAttribute('aria-checked', 'false')
      await page.goto(stylePath)
      await expect(page.getByTestId('style-progress').first()).toHaveText(/0 of 6 steps/)
    })
  })
}

test('a read member sees the steps without the switch; an outsider gets 404', async ({ page }) => {
  await signIn(page, 'viewer@demo.test')
  await page.goto(`${stylePath}/patterns`)
  await expect(page.locator('#step-heading')).toHaveText('Patterns')
  await expect(
    page.getByText('Pattern files: DXF AAMA/ASTM and RUL, or images that state scale and grading.'),
  ).toBeVisible()
  await expect(page.getByRole('switch')).toHaveCount(0)
  await expect(page.getByTestId('continue')).toBeVisible()

  await page.context().clearCookies()
  await signIn(page, 'outsider@demo.test')
  for (const path of [stylePath, `${stylePath}/patterns`, `${stylePath}/final/preview/list`]) {
    const answer = await page.goto(path)
    expect(answer?.status(), path).toBe(404)
  }
})
