// A sample reviewed by two people at once (issue 28): the designer keeps the style's page and the
// sample's page open while the vsm adds the sample, sets Ready for Review and uploads version 2.
// Each change shows on the designer's pages without a reload, saying who made it; the new
// version is offered with a link, so the designer opens it when ready.
import sharp from 'sharp'
import type { Browser } from '@playwright/test'
import { demoKey } from '#app/platform/ids'
import { expect, signIn, test } from './fixtures'

const BRAND = demoKey('brand:demo')
const STYLE = demoKey('style:wrap-dress')
const stylePath = `/brand/${BRAND}/style/${STYLE}`

async function render(name: string, background: string) {
  const buffer = await sharp({ create: { width: 600, height: 800, channels: 3, background } })
    .png()
    .toBuffer()
  return { name, mimeType: 'image/png', buffer }
}

async function personIn(browser: Browser, email: string, baseURL: string) {
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  await signIn(page, email)
  return { context, page }
}

test('the designer sees the vsm’s new sample, status and version live, and opens the new version', async ({
  page,
  browser,
  baseURL,
}) => {
  const name = `Live render ${Date.now().toString(36)}.png`
  const designer = await personIn(browser, 'editor@demo.test', baseURL!)
  await designer.page.goto(stylePath)
  await expect(designer.page.locator('html[data-realtime="connected"]')).toHaveCount(1)
  const reloads: string[] = []
  designer.page.on('framenavigated', (frame) => {
    if (frame === designer.page.mainFrame()) reloads.push(frame.url())
  })

  // The vsm adds a sample: it appears on the designer's style page.
  await signIn(page, 'vsm@demo.test')
  await page.goto(`${stylePath}/samples/add`)
  await page.getByLabel('Files').setInputFiles(await render(name, '#4338ca'))
  await page.getByRole('button', { name: 'Upload' }).click()
  await expect(page.getByRole('heading', { name: 'Virtual Sample', exact: true })).toBeVisible()
  const samplePage = page.url()
  const sampleLink = designer.page.locator(`a[href$="${new URL(samplePage).pathname}"]`).first()
  await expect(sampleLink).toBeVisible()
  expect(reloads).toEqual([])

  // The designer opens it; the vsm sets Ready for Review.
  await sampleLink.click()
  await expect(designer.page).toHaveURL(samplePage)
  await expect(designer.page.locator('html[data-realtime="connected"]')).toHaveCount(1)
  const panel = designer.page.getByRole('complementary', { name: 'Sample details' })
  await expect(panel.getByTestId('sample-status')).toHaveText('In Progress')
  // The History tab stays open while the page reads itself again.
  await designer.page.getByRole('navigation', { name: 'Review panel' }).getByRole('link', { name: 'History' }).click()
  await expect(designer.page).toHaveURL(/tab=history/)
  reloads.length = 0
  const status = page.getByRole('complementary', { name: 'Sample details' })
  await expect(async () => {
    await page.reload()
    await expect(page.getByRole('img', { name, exact: true })).toBeVisible({ timeout: 1000 })
  }).toPass({ timeout: 20_000 })
  await status.getByLabel('Status', { exact: true }).selectOption('Ready for Review')
  await status.getByRole('button', { name: 'Save' }).click()
  await expect(panel.getByTestId('sample-status')).toHaveText('Ready for Review')
  await expect(designer.page.getByTestId('live-notice')).toHaveText('Victor Sample set Ready for Review.')
  await expect(designer.page.getByRole('list', { name: 'History' })).toContainText(/Victor Sample/)

  // Version 2: offered on the designer's page, which stays where it was until they open it.
  await page.goto(`${samplePage}?dialog=version`)
  const versionDialog = page.getByRole('dialog', { name: 'Upload new version' })
  await versionDialog.getByLabel('File', { exact: true }).setInputFiles(await render(`v2 ${name}`, '#0f766e'))
  await versionDialog.getByRole('button', { name: 'Upload' }).click()
  await expect(page).not.toHaveURL(samplePage)
  const versionTwo = page.url()
  const notice = designer.page.getByTestId('live-notice')
  await expect(notice).toContainText('Version 2 was uploaded by Victor Sample.')
  expect(reloads).toEqual([])
  await expect(designer.page).toHaveURL(`${samplePage}?tab=history`)
  await notice.getByRole('link', { name: 'Open it' }).click()
  await expect(designer.page).toHaveURL(versionTwo)
  await designer.context.close()
})
