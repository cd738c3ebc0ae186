// The review page shows the true state and never saves a stale one (issue 44 point 5, decision 168).
// Dana (designer) changes a sample's status while Victor (vsm) has its page open: with JavaScript,
// Victor's picker follows the badge and the live notice is replaced, goes and can be dismissed;
// without it, a Save from the stale form is refused with the status now shown.
import type { Browser, Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures'
import { newSample } from './support/samples'

async function personIn(browser: Browser, email: string, baseURL: string, javaScriptEnabled = true) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled })
  const page = await context.newPage()
  await signIn(page, email)
  return { context, page }
}

const panelOf = (page: Page) => page.getByRole('complementary', { name: 'Sample details' })

async function setStatus(page: Page, status: string) {
  const panel = panelOf(page)
  await panel.getByLabel('Status', { exact: true }).selectOption(status)
  await panel.getByRole('button', { name: 'Save' }).click()
  await expect(panel.getByTestId('sample-status')).toHaveText(status)
}

test('the picker follows the badge live, and live notices are replaced, go and are dismissed', async ({
  browser,
  baseURL,
}) => {
  const victor = await personIn(browser, 'vsm@demo.test', baseURL!)
  const dana = await personIn(browser, 'editor@demo.test', baseURL!)
  const path = await newSample(victor.page, 'Stale picker')
  await dana.page.goto(path)
  for (const { page } of [victor, dana]) {
    await expect(page.locator('html[data-realtime="connected"]')).toHaveCount(1, { timeout: 15_000 })
  }
  const panel = panelOf(victor.page)
  const picker = panel.getByLabel('Status', { exact: true })
  const notice = victor.page.getByTestId('live-notice')

  // Victor has picked Ready for Review but not saved; Dana approves meanwhile.
  await picker.selectOption('Ready for Review')
  await setStatus(dana.page, 'Approved')
  await expect(panel.getByTestId('sample-status')).toHaveText('Approved')
  // Approved is not Victor's to pick: his picker asks for a choice, based on Approved.
  await expect(picker).toHaveValue('')
  await expect(panel.locator('input[name="base"]')).toHaveValue('Approved')
  await expect(notice).toHaveText('Dana Designer set Approved.')

  // A newer change replaces the notice.
  await setStatus(dana.page, 'Declined')
  await expect(panel.getByTestId('sample-status')).toHaveText('Declined')
  await expect(notice).toHaveText('Dana Designer set Declined.')
  await expect(panel.locator('input[name="base"]')).toHaveValue('Declined')

  // Victor's own change is based on what he sees now: saved, and the notice of Declined goes.
  await setStatus(victor.page, 'Ready for Review')
  await expect(picker).toHaveValue('Ready for Review')
  await expect(notice).toHaveText('')
  await expect(panelOf(dana.page).getByTestId('sample-status')).toHaveText('Ready for Review')
  await expect(panelOf(dana.page).getByLabel('Status', { exact: true })).toHaveValue('')

  // Dana's notice of it is dismissed with its button.
  const danaNotice = dana.page.getByTestId('live-notice')
  await expect(danaNotice).toHaveText('Victor Sample set Ready for Review.')
  await danaNotice.getByRole('button', { name: 'Dismiss' }).click()
  await expect(danaNotice).toHaveText('')
  await expect(panelOf(dana.page).getByTestId('sample-status')).toHaveText('Ready for Review')

  await victor.context.close()
  await dana.context.close()
})

test('a Save from a stale form is refused and shows the status now', async ({ browser, baseURL }) => {
  const victor = await personIn(browser, 'vsm@demo.test', baseURL!, false)
  const dana = await personIn(browser, 'editor@demo.test', baseURL!)
  const path = await newSample(dana.page, 'Stale save')
  // Without JavaScript nothing live reaches Victor's page: it stays on In Progress.
  await victor.page.goto(path)
  const panel = panelOf(victor.page)
  await expect(panel.getByTestId('sample-status')).toHaveText('In Progress')
  await panel.getByLabel('Status', { exact: true }).selectOption('Ready for Review')

  await setStatus(dana.page, 'Approved')

  const answer = victor.page.waitForResponse((response) => response.request().method() === 'POST')
  await panel.getByRole('button', { name: 'Save' }).click()
  expect((await answer).status()).toBe(409)
  await expect(panel.getByRole('alert')).toHaveText('This sample changed meanwhile — now Approved by Dana Designer')
  await expect(panel.getByTestId('sample-status')).toHaveText('Approved')
  await expect(panel.locator('input[name="base"]')).toHaveValue('Approved')
  await expect(panel.getByLabel('Status', { exact: true })).toHaveValue('')
  // Nothing was saved: Dana's page still says Approved after reading it again.
  await dana.page.reload()
  await expect(panelOf(dana.page).getByTestId('sample-status')).toHaveText('Approved')

  await victor.context.close()
  await dana.context.close()
})
