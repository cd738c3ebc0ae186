// The virtual sample's markup on a tablet (issue 28): a finger draws, two fingers pinch to zoom
// and a second finger drops the first one's stroke, a long press on a pin opens its thread, the
// Text tool types in place, and a pin shows its card on hover and on keyboard focus. Touches are
// sent through the browser's own input (Input.dispatchTouchEvent), as a touch screen sends them.
import sharp from 'sharp'
import type { Browser, CDPSession, Locator, Page } from '@playwright/test'
import { demoKey } from '#app/platform/ids'
import { e2eEnvironment, expect, signIn, test } from './fixtures'

const BRAND = demoKey('brand:demo')
const STYLE = demoKey('style:wrap-dress')
const stylePath = `/brand/${BRAND}/style/${STYLE}`
const TABLETS = [
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
]

const FIRST_COMMENT = 'Shorten the sleeve by 1 cm at the cuff'

/** One sample for the whole file, added by the vsm: its address without a query. */
let samplePage = ''

test.beforeAll(async ({ browser }) => {
  const { context, page } = await personIn(browser, { width: 1280, height: 900 }, false)
  await page.goto(`${stylePath}/samples/add`)
  const name = `Touch render ${Date.now().toString(36)}.png`
  const buffer = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer()
  await page.getByLabel('Files').setInputFiles({ name, mimeType: 'image/png', buffer })
  await page.getByRole('button', { name: 'Upload' }).click()
  await expect(page.getByRole('heading', { name: 'Virtual Sample', exact: true })).toBeVisible()
  samplePage = page.url().split('?')[0]!
  await expect(async () => {
    await page.reload()
    await expect(page.getByRole('img', { name, exact: true })).toBeVisible({ timeout: 1000 })
  }).toPass({ timeout: 20_000 })
  await context.close()
})

async function personIn(browser: Browser, viewport: { width: number; height: number }, hasTouch = true) {
  const context = await browser.newContext({ hasTouch, viewport, baseURL: e2eEnvironment().baseURL })
  const page = await context.newPage()
  await signIn(page, 'vsm@demo.test')
  return { context, page }
}

/** The live stage, once its canvas is up, and where it is on screen. */
async function stage(page: Page) {
  const live = page.getByTestId('markup-live')
  await expect(page.getByTestId('markup-stage')).toBeVisible()
  await live.scrollIntoViewIfNeeded()
  const box = (await live.boundingBox())!
  const at = (x: number, y: number) => ({ x: Math.round(box.x + box.width * x), y: Math.round(box.y + box.height * y) })
  return { live, at }
}

const shapeCount = async (live: Locator) => Number(await live.getAttribute('data-shapes'))

type TouchPoint = { x: number; y: number; id: number }
const touch = (cdp: CDPSession, type: 'touchStart' | 'touchMove' | 'touchEnd', touchPoints: TouchPoint[]) =>
  cdp.send('Input.dispatchTouchEvent', { type, touchPoints })

/** Moves fingers in steps from where they are to where they go, all at once. */
async function slide(cdp: CDPSession, from: TouchPoint[], to: TouchPoint[], steps = 8) {
  for (let step = 1; step <= steps; step++) {
    const points = from.map((point, i) => ({
      id: point.id,
      x: Math.round(point.x + ((to[i]!.x - point.x) * step) / steps),
      y: Math.round(point.y + ((to[i]!.y - point.y) * step) / steps),
    }))
    await touch(cdp, 'touchMove', points)
  }
}

async function markupOn(page: Page, tool: string) {
  await page.goto(`${samplePage}?markup=on`)
  await page.getByRole('toolbar', { name: 'Markup tools' }).getByRole('button', { name: tool, exact: true }).click()
}

for (const viewport of TABLETS) {
  test.describe(`on a ${viewport.width}×${viewport.height} touch screen`, () => {
    test('a finger draws a stroke that is stored', async ({ browser }) => {
      const { context, page } = await personIn(browser, viewport)
      await markupOn(page, 'Pen')
      const { live, at } = await stage(page)
      const before = await shapeCount(live)
      const cdp = await context.newCDPSession(page)
      const from = { ...at(0.3, 0.3), id: 1 }
      await touch(cdp, 'touchStart', [from])
      await slide(cdp, [from], [{ ...at(0.6, 0.5), id: 1 }])
      await touch(cdp, 'touchEnd', [])
      await expect(live).toHaveAttribute('data-shapes', String(before + 1))
      // The page did not scroll or zoom under the finger.
      await expect(live).toHaveAttribute('data-zoom', '1')
      await context.close()
    })

    test('two fingers pinch to zoom in, and the second finger drops the first one’s stroke', async ({ browser }) => {
      const { context, page } = await personIn(browser, viewport)
      await markupOn(page, 'Pen')
      const { live, at } = await stage(page)
      const before = await shapeCount(live)
      const cdp = await context.newCDPSession(page)
      const first = { ...at(0.45, 0.5), id: 1 }
      await touch(cdp, 'touchStart', [first])
      const drawn = { ...at(0.42, 0.47), id: 1 }
      await slide(cdp, [first], [drawn], 4)
      const second = { ...at(0.55, 0.5), id: 2 }
      await touch(cdp, 'touchStart', [drawn, second])
      await slide(
        cdp,
        [drawn, second],
        [
          { ...at(0.2, 0.4), id: 1 },
          { ...at(0.8, 0.6), id: 2 },
        ],
      )
      await touch(cdp, 'touchEnd', [])
      await expect.poll(async () => Number(await live.getAttribute('data-zoom'))).toBeGreaterThan(1.5)
      // No stray mark from the first finger, nor from the pinch.
      await page.waitForTimeout(300)
      expect(await shapeCount(live)).toBe(before)
      await context.close()
    })

    test('a pinch zooms the picture in while looking, not drawing', async ({ browser }) => {
      const { context, page } = await personIn(browser, viewport)
      await page.goto(samplePage)
      const { live, at } = await stage(page)
      const cdp = await context.newCDPSession(page)
      const a = { ...at(0.45, 0.45), id: 1 }
      const b = { ...at(0.55, 0.55), id: 2 }
      await touch(cdp, 'touchStart', [a, b])
      await slide(
        cdp,
        [a, b],
        [
          { ...at(0.3, 0.3), id: 1 },
          { ...at(0.7, 0.7), id: 2 },
        ],
      )
      await touch(cdp, 'touchEnd', [])
      await expect.poll(async () => Number(await live.getAttribute('data-zoom'))).toBeGreaterThan(1.5)
      await context.close()
    })

    test('a long press on a pin opens its thread', async ({ browser }) => {
      const { context, page } = await personIn(browser, viewport)
      await markupOn(page, 'Pin')
      let { live, at } = await stage(page)
      const before = await shapeCount(live)
      const spot = { x: 0.7, y: 0.25 }
      await page.touchscreen.tap(at(spot.x, spot.y).x, at(spot.x, spot.y).y)
      await expect(live).toHaveAttribute('data-shapes', String(before + 1))
      await page.goto(samplePage)
      ;({ live, at } = await stage(page))
      await expect(page).not.toHaveURL(/[?&]pin=/)
      const cdp = await context.newCDPSession(page)
      await touch(cdp, 'touchStart', [{ ...at(spot.x, spot.y), id: 1 }])
      // Opened while the finger is still down: the press, not a tap, did it.
      await expect(page).toHaveURL(/[?&]pin=/, { timeout: 3000 })
      await touch(cdp, 'touchEnd', [])
      await expect(page.locator('#comments').getByRole('heading', { name: /^Pin \d+$/ })).toBeVisible()
      await context.close()
    })

    test('the Text tool types in place: Enter keeps the text, Escape and empty text keep nothing', async ({
      browser,
    }) => {
      const { context, page } = await personIn(browser, viewport)
      await markupOn(page, 'Text')
      const { live, at } = await stage(page)
      const before = await shapeCount(live)
      const place = at(0.2, 0.7)
      await page.touchscreen.tap(place.x, place.y)
      const field = page.getByTestId('markup-text-field')
      await expect(field).toBeFocused()
      // Where it was tapped.
      const where = (await field.boundingBox())!
      expect(Math.abs(where.x - place.x)).toBeLessThan(4)
      expect(Math.abs(where.y - place.y)).toBeLessThan(4)
      await field.pressSequentially('Take in 1 cm')
      await field.press('Enter')
      await expect(field).toHaveCount(0)
      await expect(live).toHaveAttribute('data-shapes', String(before + 1))
      await page.touchscreen.tap(at(0.5, 0.8).x, at(0.5, 0.8).y)
      await field.fill('Not this')
      await field.press('Escape')
      await expect(field).toHaveCount(0)
      await page.touchscreen.tap(at(0.5, 0.85).x, at(0.5, 0.85).y)
      await field.press('Enter')
      await expect(field).toHaveCount(0)
      await page.waitForTimeout(300)
      expect(await shapeCount(live)).toBe(before + 1)
      await context.close()
    })
  })
}

test('a pin shows its number and first comment on hover and on keyboard focus', async ({ browser }) => {
  const { context, page } = await personIn(browser, { width: 1280, height: 1000 }, false)
  await markupOn(page, 'Pin')
  const drawingStage = await stage(page)
  const before = await shapeCount(drawingStage.live)
  const placed = drawingStage.at(0.3, 0.6)
  await page.mouse.click(placed.x, placed.y)
  await expect(drawingStage.live).toHaveAttribute('data-shapes', String(before + 1))
  // Out of markup mode the picture may sit elsewhere: the pin is found again where it is now.
  const hover = async () => {
    const spot = (await stage(page)).at(0.3, 0.6)
    await page.mouse.move(spot.x, spot.y)
    return spot
  }
  await page.goto(samplePage)
  const card = page.getByTestId('pin-hover-card')
  await expect(card).toHaveCount(0)
  const spot = await hover()
  await expect(card).toBeVisible()
  await expect(card).toContainText(/Pin \d+/)
  await expect(card).toContainText('No comments yet')
  await page.mouse.move(spot.x + 60, spot.y + 60)
  await expect(card).toHaveCount(0)

  // The pin's first comment reaches the page for its card (the sample's own thread is empty and
  // no pin is open, so only the card's data can hold it).
  await page.mouse.click(spot.x, spot.y)
  await expect(page).toHaveURL(/[?&]pin=/)
  const thread = page.locator('#comments')
  await thread.getByLabel('Message', { exact: true }).fill(FIRST_COMMENT)
  await thread.getByRole('button', { name: 'Send' }).click()
  await expect(thread.getByText(FIRST_COMMENT)).toBeVisible()
  const html = await (await page.request.get(samplePage)).text()
  expect(html).toMatch(new RegExp(`"pinPreviews":\\{"[\\w-]+":\\{"author":"Victor Sample","text":"${FIRST_COMMENT}"`))
  await page.goto(samplePage)
  await hover()
  await expect(card).toBeVisible()

  // From the keyboard: the pin's handle takes focus and shows the same card.
  await page.mouse.move(5, 5)
  await expect(card).toHaveCount(0)
  const handles = page.getByTestId('pin-handle')
  await handles.last().focus()
  await expect(card).toBeVisible()
  await expect(handles.last()).toHaveAttribute('aria-describedby', 'markup-pin-card')
  await context.close()
})

// The card quotes the first comment of the pin's thread (posted by the test above).
test('a pin’s card shows its first comment', async ({ browser }) => {
  const { context, page } = await personIn(browser, { width: 1280, height: 1000 }, false)
  await page.goto(samplePage)
  const spot = (await stage(page)).at(0.3, 0.6)
  await page.mouse.move(spot.x, spot.y)
  const card = page.getByTestId('pin-hover-card')
  await expect(card).toContainText('Victor Sample')
  await expect(card).toContainText(FIRST_COMMENT)
  await context.close()
})
