// The review page on tablets and with a toast (issue 44 point 8): at 1024×768 and 768×1024 with
// touch the markup toolbar fits (every tool and Save in reach), the picture ends above the fold and
// the thread sits beside it; at 1280×720 a toast covers no control and no name. Each screen is
// kept as a PNG in test-results/ to be looked at.
import sharp from 'sharp'
import type { Browser, Locator, Page } from '@playwright/test'
import { demoKey } from '#app/platform/ids'
import { e2eEnvironment, expect, signIn, test } from './fixtures'

const stylePath = `/brand/${demoKey('brand:demo')}/style/${demoKey('style:wrap-dress')}`

async function personIn(browser: Browser, viewport: { width: number; height: number }, hasTouch: boolean) {
  const context = await browser.newContext({ baseURL: e2eEnvironment().baseURL, viewport, hasTouch })
  const page = await context.newPage()
  await signIn(page, 'editor@demo.test')
  return { context, page }
}

/** A portrait sample of one's own, as garments are shot, and its page's address. */
async function newSample(page: Page): Promise<string> {
  const name = `Screens ${Date.now().toString(36)}.png`
  const buffer = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#9a3412' } })
    .png()
    .toBuffer()
  await page.goto(`${stylePath}/samples/add`)
  await page.getByLabel('Files').setInputFiles({ name, mimeType: 'image/png', buffer })
  await page.getByRole('button', { name: 'Upload' }).click()
  await expect(page.getByRole('heading', { name: 'Virtual Sample', exact: true })).toBeVisible()
  const path = new URL(page.url()).pathname
  await expect(async () => {
    await page.reload()
    await expect(page.getByRole('img', { name, exact: true })).toBeVisible({ timeout: 1000 })
  }).toPass({ timeout: 20_000 })
  return path
}

const boxOf = async (locator: Locator) => (await locator.boundingBox())!
const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

let samplePath = ''
test.beforeAll(async ({ browser }) => {
  const { context, page } = await personIn(browser, { width: 1280, height: 900 }, false)
  samplePath = await newSample(page)
  await context.close()
})

for (const viewport of [
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
]) {
  test(`at ${viewport.width}×${viewport.height} with touch the toolbar fits, the picture is above the fold and the thread beside it`, async ({
    browser,
  }) => {
    const { context, page } = await personIn(browser, viewport, true)
    await page.goto(`${samplePath}?markup=on&tab=comments`)
    const live = page.getByTestId('markup-live')
    await expect(live).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('data-sample-markup', 'synced')
    const toolbar = page.getByRole('toolbar', { name: 'Markup tools' })
    // Nothing of the toolbar is scrolled away or past the window's edge.
    expect(await toolbar.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)
    for (const control of await toolbar.locator('button, a').all()) {
      const box = await boxOf(control)
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width)
    }
    await expect(toolbar.getByRole('link', { name: 'Save' })).toBeInViewport({ ratio: 1 })
    // The picture ends above the fold, as loaded, and the thread is beside it.
    await expect
      .poll(async () => (await boxOf(live)).y + (await boxOf(live)).height)
      .toBeLessThanOrEqual(viewport.height)
    const picture = await boxOf(live)
    const panel = await boxOf(page.getByRole('complementary', { name: 'Sample details' }))
    expect(panel.x).toBeGreaterThanOrEqual(picture.x + picture.width)
    await expect(
      page.getByRole('navigation', { name: 'Review panel' }).getByRole('link', { name: 'History' }),
    ).toBeInViewport({
      ratio: 1,
    })
    await page.screenshot({ path: `test-results/sample-review-${viewport.width}x${viewport.height}-touch.png` })
    await context.close()
  })
}

test('at 1280×720 a toast covers no control and no name of the review page', async ({ browser }) => {
  const { context, page } = await personIn(browser, { width: 1280, height: 720 }, false)
  await page.goto(`${samplePath}?tab=comments`)
  await expect(page.locator('html[data-realtime="connected"]')).toHaveCount(1, { timeout: 15_000 })
  const thread = page.locator('#comments')
  await thread.getByLabel('Message', { exact: true }).fill('The cuff looks right now')
  await thread.getByRole('button', { name: 'Send' }).click()
  await expect(thread.getByTestId('message')).toHaveCount(1)
  const panel = page.getByRole('complementary', { name: 'Sample details' })
  // Scrolled a little, as one does to read: the frame's header is out of sight, the sample's name at
  // the top. On a busy machine the page may still be too short to scroll that far (the picture not
  // yet laid out), and the scroll stops short: it is scrolled again until it holds.
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, 140))
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100)
  }).toPass({ timeout: 10_000 })
  await panel.getByLabel('Status', { exact: true }).selectOption('Approved')
  await panel.getByRole('button', { name: 'Save' }).click()
  const toast = page.getByTestId('toast').filter({ hasText: 'Change saved successfully' })
  await expect(toast).toBeVisible()
  // Placed once measured (it looks again every 250 ms).
  await page.waitForTimeout(600)
  const placed = await boxOf(toast)
  const covered: string[] = []
  for (const [what, locator] of [
    ['the sample’s name', panel.getByRole('heading', { level: 2 }).first()],
    ['the status picker', panel.getByLabel('Status', { exact: true })],
    ['Save', panel.getByRole('button', { name: 'Save' })],
    ['the tabs', page.getByRole('navigation', { name: 'Review panel' })],
    ['the page’s actions', page.getByRole('navigation', { name: 'Sample actions' })],
    ['the author', thread.getByTestId('message').getByText('Dana Designer')],
    ['the composer', thread.getByLabel('Message', { exact: true })],
  ] as const) {
    if (overlap(placed, await boxOf(locator))) covered.push(what)
  }
  expect(covered).toEqual([])
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100)
  await page.screenshot({ path: 'test-results/sample-review-1280x720-toast.png' })
  await context.close()
})
