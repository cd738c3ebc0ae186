// Comparing two versions of a virtual sample (issue 28): each side shows its own version's markup,
// Markup hides both, and Overlay stacks the two in one frame with the newer on top at an opacity
// set by a slider; with JavaScript (live) and without (links and an Apply form). The vsm uploads a
// render, draws a rectangle on it, uploads version 2 (the rectangle is carried over) and draws an
// ellipse on that, so version 1 has one mark and version 2 two.
import AxeBuilder from '@axe-core/playwright'
import axe from 'axe-core'
import sharp from 'sharp'
import type { Locator, Page } from '@playwright/test'
import { demoKey } from '#app/platform/ids'
import { expect, signIn, test } from './fixtures'

// axe's experimental rules too, as the accessibility spec runs them.
const EXPERIMENTAL = Object.fromEntries(axe.getRules(['experimental']).map((rule) => [rule.ruleId, { enabled: true }]))
const BRAND = demoKey('brand:demo')
const stylePath = `/brand/${BRAND}/style/${demoKey('style:wrap-dress')}`

async function render(name: string, background: string) {
  const buffer = await sharp({ create: { width: 600, height: 800, channels: 3, background } })
    .png()
    .toBuffer()
  return { name, mimeType: 'image/png', buffer }
}

async function openTab(page: Page, name: 'Details') {
  const tab = page.getByRole('navigation', { name: 'Review panel' }).getByRole('link', { name })
  await tab.click()
  await expect(tab).toHaveAttribute('aria-current', 'page')
}

/** Drags a shape with the chosen tool, between two points given as shares of the picture. */
async function draw(page: Page, tool: string, from: [number, number], to: [number, number]) {
  await page.getByRole('toolbar', { name: 'Markup tools' }).getByRole('button', { name: tool }).click()
  const surface = page.getByTestId('markup-live')
  await surface.scrollIntoViewIfNeeded()
  const box = (await surface.boundingBox())!
  await page.mouse.move(box.x + box.width * from[0], box.y + box.height * from[1])
  await page.mouse.down()
  await page.mouse.move(box.x + box.width * to[0], box.y + box.height * to[1], { steps: 4 })
  await page.mouse.up()
}

/** Waits until the shapes drawn are stored: the page, loaded again, starts from them. */
async function waitForStored(page: Page, count: number) {
  await expect(async () => {
    await page.reload()
    await expect(page.getByTestId('markup-live')).toHaveAttribute('data-shapes', String(count), { timeout: 1000 })
  }).toPass({ timeout: 10_000 })
}

async function waitForPicture(page: Page, name: string) {
  // The scan runs in the background: the picture shows once it has passed.
  await expect(async () => {
    await page.reload()
    await expect(page.getByRole('img', { name, exact: true })).toBeVisible({ timeout: 1000 })
  }).toPass({ timeout: 20_000 })
}

/** The overlay lies exactly on its picture: same place, same size, at any zoom. */
async function expectOver(overlay: Locator, picture: Locator) {
  const [a, b] = [(await overlay.boundingBox())!, (await picture.boundingBox())!]
  for (const key of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(a[key] - b[key])).toBeLessThan(1)
}

/** The picture's box keeps the render's 600 × 800, so the markup is not stretched off it. */
async function expectRenderShape(picture: Locator) {
  const box = (await picture.boundingBox())!
  expect(Math.abs(box.width / box.height - 600 / 800)).toBeLessThan(0.01)
}

const opacityOf = (image: Locator) => image.evaluate((element) => getComputedStyle(element).opacity)

async function axeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).options({ rules: EXPERIMENTAL }).analyze()
  return violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`)
}

async function shots(page: Page, name: string) {
  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(viewport)
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.screenshot({ path: test.info().outputPath(`${name}-${viewport.width}.png`) })
  }
  await page.setViewportSize({ width: 1280, height: 720 })
}

test.describe.serial('comparing two versions', () => {
  test.use({ viewport: { width: 1280, height: 720 } })
  /** Version 2's page comparing it with version 1. */
  let comparePage = ''

  test('each side shows its markup; overlay stacks them with a live opacity slider', async ({ page }) => {
    await signIn(page, 'vsm@demo.test')
    await page.goto(stylePath)
    await page.getByRole('link', { name: 'Add samples' }).first().click()
    const first = `Render compare ${Date.now().toString(36)}.png`
    await page.getByLabel('Files').setInputFiles(await render(first, '#4338ca'))
    await page.getByRole('button', { name: 'Upload' }).click()
    await expect(page.getByRole('heading', { name: 'Virtual Sample', exact: true })).toBeVisible()
    await waitForPicture(page, first)
    await page.getByRole('link', { name: 'Markup (off)', exact: true }).click()
    await draw(page, 'Rectangle', [0.3, 0.3], [0.6, 0.5])
    await expect(page.getByTestId('markup-live')).toHaveAttribute('data-shapes', '1')
    await waitForStored(page, 1)

    await openTab(page, 'Details')
    const panel = page.getByRole('complementary', { name: 'Sample details' })
    await panel.getByRole('link', { name: 'Upload new version' }).click()
    const dialog = page.getByRole('dialog', { name: 'Upload new version' })
    const second = `Render compare v2 ${Date.now().toString(36)}.png`
    await dialog.getByLabel('File').setInputFiles(await render(second, '#be123c'))
    await dialog.getByRole('button', { name: 'Upload' }).click()
    await expect(page.getByRole('dialog', { name: 'Upload new version' })).toHaveCount(0)
    await waitForPicture(page, second)
    await expect(page.getByTestId('markup-live')).toHaveAttribute('data-shapes', '1')
    await page.getByRole('link', { name: 'Markup (off)', exact: true }).click()
    await draw(page, 'Ellipse', [0.2, 0.65], [0.5, 0.85])
    await expect(page.getByTestId('markup-live')).toHaveAttribute('data-shapes', '2')
    await waitForStored(page, 2)

    // Side by side: version 1 with its rectangle, version 2 with the rectangle and the ellipse.
    await openTab(page, 'Details')
    await panel.getByRole('link', { name: 'Compare with version 1' }).click()
    const compare = page.getByTestId('compare-versions')
    const markup = compare.getByTestId('compare-markup')
    await expect(markup).toHaveCount(2)
    await expect(markup.nth(0)).toHaveAttribute('data-version', '1')
    await expect(markup.nth(0)).toHaveAttribute('data-shapes', '1')
    await expect(markup.nth(1)).toHaveAttribute('data-version', '2')
    await expect(markup.nth(1)).toHaveAttribute('data-shapes', '2')
    await expect(markup.nth(0).locator('rect')).toHaveCount(1)
    await expect(markup.nth(0).locator('ellipse')).toHaveCount(0)
    await expect(markup.nth(1).locator('rect')).toHaveCount(1)
    await expect(markup.nth(1).locator('ellipse')).toHaveCount(1)
    comparePage = page.url()

    // The markup zooms with its picture.
    const pictures = compare.getByTestId('compare-picture')
    await compare.getByRole('link', { name: 'Zoom in' }).click()
    await compare.getByRole('link', { name: 'Zoom in' }).click()
    await expect(compare.locator('[data-zoom]').first()).toHaveAttribute('data-zoom', '1.2')
    for (const side of [0, 1]) {
      await expectOver(markup.nth(side), pictures.nth(side))
      await expectRenderShape(pictures.nth(side))
    }
    expect(await axeViolations(page)).toEqual([])
    await shots(page, 'compare-side-by-side')

    // Markup off hides both overlays, and on again shows them.
    await compare.getByRole('link', { name: 'Markup of the compared versions (on)' }).click()
    await expect(page).toHaveURL(/compareMarkup=off/)
    await expect(markup).toHaveCount(0)
    await expect(pictures).toHaveCount(2)
    await compare.getByRole('link', { name: 'Markup of the compared versions (off)' }).click()
    await expect(markup).toHaveCount(2)

    // Overlay: one frame, version 1 under version 2, only version 2's markup over the stack.
    const mode = compare.getByRole('group', { name: 'Compare as' })
    await mode.getByRole('link', { name: 'Overlay' }).click()
    await expect(page).toHaveURL(/overlay=on/)
    await expect(mode.getByRole('link', { name: 'Overlay' })).toHaveAttribute('aria-current', 'true')
    await expect(compare.locator('[data-zoom]')).toHaveCount(1)
    const under = compare.getByTestId('compare-under')
    const over = compare.getByTestId('compare-over')
    await expect(under).toHaveAttribute('data-version', '1')
    await expect(over).toHaveAttribute('data-version', '2')
    await expect(under).toBeVisible()
    await expect(over).toBeVisible()
    await expectOver(over, under)
    await expect(markup).toHaveCount(1)
    await expect(markup).toHaveAttribute('data-version', '2')
    await expectOver(markup, over)
    await expectRenderShape(over)

    // The slider changes the top picture at once, by pointer or by keyboard.
    const slider = compare.getByRole('slider', { name: 'Opacity of version 2' })
    await expect(slider).toHaveValue('50')
    expect(await opacityOf(over)).toBe('0.5')
    await slider.fill('20')
    await expect.poll(() => opacityOf(over)).toBe('0.2')
    await expect(compare.locator('output')).toHaveText('20%')
    await slider.focus()
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => opacityOf(over)).toBe('0.21')
    expect(await opacityOf(under)).toBe('1')
    // Live, there is nothing to apply.
    await expect(compare.getByRole('button', { name: 'Apply' })).toHaveCount(0)
    expect(await axeViolations(page)).toEqual([])
    await shots(page, 'compare-overlay')

    // Side by side again keeps the chosen opacity in the address for the next overlay.
    await mode.getByRole('link', { name: 'Side by side' }).click()
    await expect(compare.locator('[data-zoom]')).toHaveCount(2)
    await expect(page).toHaveURL(/opacity=21/)
  })

  test('without JavaScript: markup by a link, overlay by a link, opacity by the Apply form', async ({
    browser,
    baseURL,
  }) => {
    expect(comparePage, 'the first test made the sample').not.toBe('')
    const context = await browser.newContext({
      javaScriptEnabled: false,
      baseURL,
      viewport: { width: 1280, height: 720 },
    })
    const page = await context.newPage()
    await signIn(page, 'vsm@demo.test')
    await page.goto(comparePage)
    const compare = page.getByTestId('compare-versions')
    const markup = compare.getByTestId('compare-markup')
    await expect(markup).toHaveCount(2)
    await expect(markup.nth(0)).toHaveAttribute('data-shapes', '1')
    await expect(markup.nth(1)).toHaveAttribute('data-shapes', '2')
    await expectOver(markup.nth(1), compare.getByTestId('compare-picture').nth(1))

    await compare.getByRole('link', { name: 'Markup of the compared versions (on)' }).click()
    await expect(page).toHaveURL(/compareMarkup=off/)
    await expect(markup).toHaveCount(0)
    await compare.getByRole('link', { name: 'Markup of the compared versions (off)' }).click()
    await expect(markup).toHaveCount(2)

    await compare.getByRole('group', { name: 'Compare as' }).getByRole('link', { name: 'Overlay' }).click()
    await expect(page).toHaveURL(/overlay=on/)
    const over = compare.getByTestId('compare-over')
    await expectOver(over, compare.getByTestId('compare-under'))
    await expect(markup).toHaveCount(1)
    expect(await opacityOf(over)).toBe('0.5')
    await compare.getByRole('slider', { name: 'Opacity of version 2' }).fill('30')
    // Nothing changes until Apply asks for the page again.
    expect(await opacityOf(over)).toBe('0.5')
    await compare.getByRole('button', { name: 'Apply' }).click()
    await expect(page).toHaveURL(/opacity=30/)
    await expect(page).toHaveURL(/overlay=on/)
    await expect(page).toHaveURL(/compare=/)
    expect(await opacityOf(compare.getByTestId('compare-over'))).toBe('0.3')
    await expect(compare.getByRole('slider', { name: 'Opacity of version 2' })).toHaveValue('30')
    await shots(page, 'compare-overlay-plain')
    await context.close()
  })
})
