// Virtual sample review end to end, with JavaScript and without (atelier.md §2, §4, §8): the
// virtual-sample maker adds a render to a Demo Brand style and sets Ready for Review; the designer,
// in a browser of their own, is not offered Ready for Review, approves the sample and locks it as
// Final, after which the page offers no markup, status or review and says it is locked; the owner
// reopens it. A read member sees no status form; an outsider gets 404. Each run adds its own sample.
import sharp from 'sharp'
import type { Browser, Page } from '@playwright/test'
import { demoKey } from '#app/platform/ids'
import { expect, signIn, test } from './fixtures'

const BRAND = demoKey('brand:demo')
const STYLE = demoKey('style:wrap-dress')
const stylePath = `/brand/${BRAND}/style/${STYLE}`
const toast = (page: Page, text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text }).first()

/** Opens a tab of the review panel beside the picture (a link, so it works without JavaScript too). */
async function openTab(page: Page, name: 'Feedback' | 'Comments' | 'Details' | 'History') {
  const tab = page.getByRole('navigation', { name: 'Review panel' }).getByRole('link', { name })
  await tab.click()
  await expect(tab).toHaveAttribute('aria-current', 'page')
}

async function render(name: string) {
  const buffer = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#4338ca' } })
    .png()
    .toBuffer()
  return { name, mimeType: 'image/png', buffer }
}

async function personIn(browser: Browser, javaScriptEnabled: boolean, email: string, baseURL: string) {
  const context = await browser.newContext({ javaScriptEnabled, baseURL })
  const page = await context.newPage()
  await signIn(page, email)
  return { context, page }
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled })

    test('a vsm adds a sample and sets Ready for Review; the designer approves it and locks it as Final', async ({
      page,
      browser,
      baseURL,
    }) => {
      const name = `Render ${javaScriptEnabled ? 'js' : 'plain'} ${Date.now().toString(36)}.png`
      await signIn(page, 'vsm@demo.test')
      await page.goto(stylePath)
      await page.getByRole('link', { name: 'Add samples' }).first().click()
      await expect(page.getByRole('heading', { name: 'Add virtual samples' })).toBeVisible()
      await page.getByLabel('Files').setInputFiles(await render(name))
      await page.getByRole('button', { name: 'Upload' }).click()
      await expect(page.getByRole('heading', { name: 'Virtual Sample', exact: true })).toBeVisible()
      const samplePage = page.url()
      // The scan runs in the background: the picture shows once it has passed.
      await expect(async () => {
        await page.reload()
        await expect(page.getByRole('img', { name, exact: true })).toBeVisible({ timeout: 1000 })
      }).toPass({ timeout: 20_000 })

      const status = page.getByRole('complementary', { name: 'Sample details' })
      await expect(status.getByTestId('sample-status')).toHaveText('In Progress')
      await expect(status.getByLabel('Status', { exact: true }).locator('option')).toHaveText([
        'In Progress',
        'Ready for Review',
      ])
      await status.getByLabel('Status', { exact: true }).selectOption('Ready for Review')
      await status.getByRole('button', { name: 'Save' }).click()
      await expect(toast(page, 'Change saved successfully')).toBeVisible()
      await openTab(page, 'History')
      await expect(page.getByRole('list', { name: 'History' })).toContainText(
        /set Ready for Review \(was In Progress ?\)/,
      )

      // The designer, in a browser of their own.
      const designer = await personIn(browser, javaScriptEnabled, 'editor@demo.test', baseURL!)
      await designer.page.goto(samplePage)
      const panel = designer.page.getByRole('complementary', { name: 'Sample details' })
      await expect(panel.getByTestId('sample-status')).toHaveText('Ready for Review')
      const options = await panel
        .getByLabel('Status', { exact: true })
        .locator('option:not([disabled])')
        .allTextContents()
      expect(options).toEqual(['Asset Uploaded', 'Declined', 'Approved', 'Final'])
      await panel.getByLabel('Status', { exact: true }).selectOption('Approved')
      await panel.getByRole('button', { name: 'Save' }).click()
      await expect(toast(designer.page, 'Change saved successfully')).toBeVisible()
      await expect(panel.getByTestId('sample-status')).toHaveText('Approved')
      // What the lock takes away, offered until then.
      await expect(designer.page.getByRole('link', { name: /^Markup/ })).toBeVisible()
      await expect(panel.getByText('Raise a change request')).toBeVisible()
      await expect(panel.getByRole('button', { name: 'Start a round' })).toBeVisible()
      await panel.getByRole('button', { name: 'Lock as Final' }).click()
      await expect(toast(designer.page, `Tagged Virtual Sample ${name} as Final`)).toBeVisible()
      await expect(panel.getByTestId('sample-status')).toHaveText('Final')
      await expect(panel.getByRole('button', { name: 'Lock as Final' })).toHaveCount(0)
      // Final means locked (decision 167): the page says so, and offers nothing that would change it.
      const locked = panel.getByRole('note', { name: 'Locked' })
      await expect(locked).toContainText('Final and locked.')
      await expect(locked).toContainText('Only an owner can reopen it.')
      await expect(locked.getByRole('button', { name: 'Reopen' })).toHaveCount(0)
      await expect(panel.getByLabel('Status', { exact: true })).toHaveCount(0)
      await expect(designer.page.getByRole('link', { name: /^Markup/ })).toHaveCount(0)
      await expect(panel.getByText('Raise a change request')).toHaveCount(0)
      await expect(panel.getByRole('button', { name: 'Start a round' })).toHaveCount(0)
      if (javaScriptEnabled) {
        // The vsm's page, still open, follows live: the picker they had is gone.
        await expect(page.getByRole('note', { name: 'Locked' })).toBeVisible()
        await expect(page.getByLabel('Status', { exact: true })).toHaveCount(0)
      }

      // The owner reopens it; History says who did.
      const owner = await personIn(browser, javaScriptEnabled, 'admin@demo.test', baseURL!)
      await owner.page.goto(samplePage)
      const ownerPanel = owner.page.getByRole('complementary', { name: 'Sample details' })
      const ownerNote = ownerPanel.getByRole('note', { name: 'Locked' })
      await expect(ownerNote).toContainText('Reopen it to change anything again.')
      await ownerNote.getByRole('button', { name: 'Reopen' }).click()
      await expect(toast(owner.page, `Reopened Virtual Sample ${name}`)).toBeVisible()
      await expect(ownerPanel.getByTestId('sample-status')).toHaveText('Approved')
      await expect(ownerPanel.getByRole('note', { name: 'Locked' })).toHaveCount(0)
      await openTab(owner.page, 'History')
      await expect(owner.page.getByRole('list', { name: 'History' })).toContainText(
        /reopened it: now Approved \(was Final ?\)/,
      )
      await owner.context.close()
      // The clone is in Final Files.
      await designer.page.goto(`${stylePath}/final?view=list`)
      await expect(designer.page.getByText(name).locator('visible=true').first()).toBeVisible()
      await designer.context.close()
    })
  })
}

test('a read member looks without changing; an outsider gets 404', async ({ page, browser, baseURL }) => {
  await signIn(page, 'vsm@demo.test')
  await page.goto(stylePath)
  await page.getByRole('link', { name: 'Add samples' }).first().click()
  const name = `Render read ${Date.now().toString(36)}.png`
  await page.getByLabel('Files').setInputFiles(await render(name))
  await page.getByRole('button', { name: 'Upload' }).click()
  await expect(page.getByRole('heading', { name: 'Virtual Sample', exact: true })).toBeVisible()
  const samplePage = page.url()

  const reader = await personIn(browser, true, 'viewer@demo.test', baseURL!)
  await reader.page.goto(samplePage)
  await expect(reader.page.getByRole('heading', { name: 'Virtual Sample', exact: true })).toBeVisible()
  const panel = reader.page.getByRole('complementary', { name: 'Sample details' })
  await expect(panel.getByLabel('Status', { exact: true })).toHaveCount(0)
  await expect(panel.getByRole('link', { name: 'Rename' })).toHaveCount(0)
  await expect(panel.getByRole('link', { name: 'Delete' })).toHaveCount(0)
  await expect(reader.page.getByRole('link', { name: 'Markup' })).toHaveCount(0)
  await reader.context.close()

  const outsider = await personIn(browser, true, 'outsider@demo.test', baseURL!)
  const answer = await outsider.page.goto(samplePage)
  expect(answer?.status()).toBe(404)
  await outsider.context.close()
})

test.describe('markup', () => {
  // Tall enough that the whole picture is in view while drawing.
  test.use({ viewport: { width: 1280, height: 1600 } })

  test('markup is live: the vsm draws, the designer sees the shapes and the cursor, and the page without JavaScript draws them', async ({
    page,
    browser,
    baseURL,
  }) => {
    await signIn(page, 'vsm@demo.test')
    await page.goto(stylePath)
    await page.getByRole('link', { name: 'Add samples' }).first().click()
    const name = `Render markup ${Date.now().toString(36)}.png`
    await page.getByLabel('Files').setInputFiles(await render(name))
    await page.getByRole('button', { name: 'Upload' }).click()
    await expect(page.getByRole('heading', { name: 'Virtual Sample', exact: true })).toBeVisible()
    const samplePage = page.url().split('?')[0]!
    await expect(async () => {
      await page.reload()
      await expect(page.getByRole('img', { name, exact: true })).toBeVisible({ timeout: 1000 })
    }).toPass({ timeout: 20_000 })

    const designer = await personIn(browser, true, 'editor@demo.test', baseURL!)
    await designer.page.goto(samplePage)
    await expect(designer.page.getByTestId('markup-live')).toHaveAttribute('data-shapes', '0')

    await page.getByRole('link', { name: 'Markup (off)', exact: true }).click()
    const tools = page.getByRole('toolbar', { name: 'Markup tools' })
    await tools.getByRole('button', { name: 'Rectangle' }).click()
    const surface = page.getByTestId('markup-live')
    // Where the picture is now: clicking a tool may scroll the page.
    const place = async () => {
      await surface.scrollIntoViewIfNeeded()
      return (await surface.boundingBox())!
    }
    let box = await place()
    await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.2)
    await page.mouse.down()
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.35, { steps: 5 })
    // While the button is held, the designer watches the rectangle being drawn.
    const designerSurface = designer.page.getByTestId('markup-live')
    await expect(designerSurface).toHaveAttribute('data-drawing', 'Victor Sample')
    await expect(designer.page.getByTestId('markup-presence')).toContainText('Victor Sample is drawing…')
    await expect(designerSurface).toHaveAttribute('data-shapes', '0')
    await page.mouse.up()
    await expect(surface).toHaveAttribute('data-shapes', '1')
    await expect(designerSurface).toHaveAttribute('data-drawing', '')
    await tools.getByRole('button', { name: 'Pin' }).click()
    box = await place()
    await page.mouse.click(box.x + box.width * 0.7, box.y + box.height * 0.3)
    await expect(surface).toHaveAttribute('data-shapes', '2')

    // The designer sees both shapes and who is looking, live.
    await expect(designer.page.getByTestId('markup-live')).toHaveAttribute('data-shapes', '2')
    await expect(designer.page.getByTestId('markup-presence')).toContainText('Victor')
    await expect(page.getByTestId('markup-presence')).toContainText('Dana')

    // The designer opens the pin's thread from the picture's pin list and comments on it.
    await designer.page.getByRole('navigation', { name: 'Pins' }).getByRole('link', { name: 'Pin 1' }).click()
    await expect(designer.page).toHaveURL(/[?&]pin=/)
    const pinThread = designer.page.locator('#comments')
    await expect(pinThread.getByRole('heading', { name: 'Pin 1', exact: true })).toBeVisible()
    await pinThread.getByLabel('Message', { exact: true }).fill('Lower the collar stand 2 mm here')
    await pinThread.getByRole('button', { name: 'Send' }).click()
    await expect(pinThread.getByText('Lower the collar stand 2 mm here')).toBeVisible()
    // The vsm opens the same pin from the picture and finds the comment; the sample's own thread
    // does not hold it.
    await expect(page.locator('#comments').getByText('Lower the collar stand 2 mm here')).toHaveCount(0)
    await page.getByRole('link', { name: 'Markup (on)', exact: true }).click()
    // Markup off first: a click while it is still on would place a pin instead of opening one.
    await expect(page.getByRole('link', { name: 'Markup (off)', exact: true })).toBeVisible()
    await expect(tools).toHaveCount(0)
    box = await place()
    await page.mouse.click(box.x + box.width * 0.7, box.y + box.height * 0.3)
    await expect(page).toHaveURL(/[?&]pin=/)
    await expect(page.locator('#comments').getByText('Lower the collar stand 2 mm here')).toBeVisible()
    // The designer resolves it: the pin greys out for the vsm without a reload.
    await pinThread.getByRole('button', { name: 'Resolve' }).click()
    await expect(toast(designer.page, 'Pin 1 resolved')).toBeVisible()
    await expect(
      page.getByRole('navigation', { name: 'Pins' }).getByRole('link', { name: 'Pin 1, resolved' }),
    ).toBeVisible()

    // Undo takes back the vsm's pin, for everyone.
    await page.getByRole('link', { name: 'Markup (off)', exact: true }).click()
    await tools.getByRole('button', { name: 'Undo' }).click()
    await expect(designer.page.getByTestId('markup-live')).toHaveAttribute('data-shapes', '1')

    // The designer goes offline and draws; the vsm draws meanwhile; back online, both converge.
    await designer.page.getByRole('link', { name: 'Markup (off)', exact: true }).click()
    const designerTools = designer.page.getByRole('toolbar', { name: 'Markup tools' })
    await designerTools.getByRole('button', { name: 'Rectangle' }).click()
    await expect(designer.page.locator('html')).toHaveAttribute('data-sample-markup', 'synced')
    await designer.context.setOffline(true)
    await expect(designer.page.getByTestId('markup-presence')).toContainText('Offline')
    const drawRect = async (who: Page, from: [number, number], to: [number, number]) => {
      const where = who.getByTestId('markup-live')
      await where.scrollIntoViewIfNeeded()
      const area = (await where.boundingBox())!
      await who.mouse.move(area.x + area.width * from[0], area.y + area.height * from[1])
      await who.mouse.down()
      await who.mouse.move(area.x + area.width * to[0], area.y + area.height * to[1], { steps: 4 })
      await who.mouse.up()
    }
    await drawRect(designer.page, [0.15, 0.6], [0.45, 0.8])
    await expect(designerSurface).toHaveAttribute('data-shapes', '2')
    await tools.getByRole('button', { name: 'Rectangle' }).click()
    await drawRect(page, [0.55, 0.6], [0.85, 0.75])
    await expect(surface).toHaveAttribute('data-shapes', '2')
    // Apart: each has the other's change missing.
    await expect(designerSurface).toHaveAttribute('data-shapes', '2')
    await designer.context.setOffline(false)
    await expect(designerSurface).toHaveAttribute('data-shapes', '3')
    await expect(surface).toHaveAttribute('data-shapes', '3')
    await designer.context.close()

    // Without JavaScript the stored rectangles are drawn by the server.
    const plain = await personIn(browser, false, 'viewer@demo.test', baseURL!)
    await plain.page.goto(samplePage)
    await expect(plain.page.getByRole('img', { name: 'Markup: 3 marks' })).toBeVisible()
    expect(await plain.page.getByTestId('markup-overlay').locator('rect').count()).toBe(3)
    await plain.context.close()
  })
})

test.describe('versions, compare and the lightbox', () => {
  test.use({ viewport: { width: 1280, height: 1400 } })

  test('a new version carries the markup over to re-check; two versions zoom and pan together; Expand zooms', async ({
    page,
  }) => {
    await signIn(page, 'vsm@demo.test')
    await page.goto(stylePath)
    await page.getByRole('link', { name: 'Add samples' }).first().click()
    const name = `Render versions ${Date.now().toString(36)}.png`
    await page.getByLabel('Files').setInputFiles(await render(name))
    await page.getByRole('button', { name: 'Upload' }).click()
    await expect(page.getByRole('heading', { name: 'Virtual Sample', exact: true })).toBeVisible()
    await expect(async () => {
      await page.reload()
      await expect(page.getByRole('img', { name, exact: true })).toBeVisible({ timeout: 1000 })
    }).toPass({ timeout: 20_000 })

    // A mark on version 1.
    await page.getByRole('link', { name: 'Markup (off)', exact: true }).click()
    await page.getByRole('toolbar', { name: 'Markup tools' }).getByRole('button', { name: 'Rectangle' }).click()
    const surface = page.getByTestId('markup-live')
    await surface.scrollIntoViewIfNeeded()
    const box = (await surface.boundingBox())!
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.3)
    await page.mouse.down()
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.5, { steps: 4 })
    await page.mouse.up()
    await expect(surface).toHaveAttribute('data-shapes', '1')

    // Version 2, from the side panel's dialog.
    const panel = page.getByRole('complementary', { name: 'Sample details' })
    await openTab(page, 'Details')
    await panel.getByRole('link', { name: 'Upload new version' }).click()
    const dialog = page.getByRole('dialog', { name: 'Upload new version' })
    const second = `Render versions v2 ${Date.now().toString(36)}.png`
    await dialog.getByLabel('File').setInputFiles({ ...(await render(second)), buffer: await recoloured('#be123c') })
    await dialog.getByRole('button', { name: 'Upload' }).click()
    await expect(toast(page, 'Version 2 uploaded: 1 mark carried over to re-check')).toBeVisible()
    await expect(async () => {
      await page.reload()
      await expect(page.getByRole('img', { name: second, exact: true })).toBeVisible({ timeout: 1000 })
    }).toPass({ timeout: 20_000 })
    await expect(page.getByTestId('recheck-notice')).toContainText('1 mark from the previous version needs re-check')
    await expect(page.getByTestId('markup-live')).toHaveAttribute('data-shapes', '1')
    await openTab(page, 'Details')
    await expect(panel.getByRole('list', { name: 'Versions' }).getByRole('listitem')).toHaveCount(2)

    // Side by side: one zoom and one pan for both.
    await panel.getByRole('link', { name: 'Compare with version 1' }).click()
    const compare = page.getByTestId('compare-versions')
    const frames = compare.locator('[data-zoom]')
    await expect(frames).toHaveCount(2)
    await compare.getByRole('link', { name: 'Zoom in' }).click()
    await compare.getByRole('link', { name: 'Zoom in' }).click()
    await expect(frames.nth(0)).toHaveAttribute('data-zoom', '1.2')
    await expect(frames.nth(1)).toHaveAttribute('data-zoom', '1.2')
    const left = (await frames.nth(0).boundingBox())!
    await page.mouse.move(left.x + left.width / 2, left.y + left.height / 2)
    await page.mouse.down()
    await page.mouse.move(left.x + left.width / 2 + 60, left.y + left.height / 2 + 40, { steps: 4 })
    await page.mouse.up()
    const panOf = (index: number) => frames.nth(index).getAttribute('data-pan')
    expect(await panOf(0)).not.toBe('0.0000,0.0000')
    expect(await panOf(1)).toBe(await panOf(0))
    await compare.getByRole('link', { name: 'Close compare' }).click()
    await expect(compare).toHaveCount(0)

    // Expand: 90 % at first, by 10 %, never under 20 %.
    await page.getByRole('link', { name: 'Expand' }).click()
    const lightbox = page.getByRole('dialog')
    const level = lightbox.getByTestId('zoom-level')
    await expect(level).toHaveText('90%')
    await lightbox.getByRole('link', { name: 'Zoom in' }).click()
    await expect(level).toHaveText('100%')
    for (let i = 0; i < 10; i++) await lightbox.getByRole('link', { name: 'Zoom out' }).click()
    await expect(level).toHaveText('20%')
    await lightbox.getByRole('link', { name: 'Reset' }).click()
    await expect(level).toHaveText('90%')
  })

  test('without JavaScript the lightbox zooms by links', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL })
    const page = await context.newPage()
    await signIn(page, 'editor@demo.test')
    // The demo front render, on the style the atelier seeds samples into.
    await page.goto(
      `/brand/${BRAND}/style/${demoKey('style:linen-shirt')}/samples/${demoKey('sample-ref:render-front')}?dialog=expand`,
    )
    const lightbox = page.getByRole('dialog')
    await expect(lightbox.getByTestId('zoom-level')).toHaveText('90%')
    await lightbox.getByRole('link', { name: 'Zoom in' }).click()
    await expect(page).toHaveURL(/zoom=1(&|$)/)
    await expect(page.getByRole('dialog').getByTestId('zoom-level')).toHaveText('100%')
    await context.close()
  })
})

async function recoloured(colour: string) {
  return sharp({ create: { width: 600, height: 800, channels: 3, background: colour } })
    .png()
    .toBuffer()
}
