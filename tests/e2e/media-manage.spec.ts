// The media management page end to end (catalogue.md §2 Media management, §4 Media association,
// §8): two people of a brand on the page at once. One drags a pool photo onto a listing and
// reorders a listing's photos; the other sees both without a reload and sees who else is here;
// Save writes the agreed order. Then, without JavaScript, the forms attach, move and delete.
// The brand, its listings and its photos are made for this spec through the API.
import AxeBuilder from '@axe-core/playwright'
import axe from 'axe-core'
import type { Browser, Locator, Page } from '@playwright/test'
import { DEMO_PASSWORD, e2eEnvironment, expect, signIn, test } from './fixtures'
import { createListings, uploadPhotos, type UploadedPhoto } from './support/media'
import { createBrand, createMember, type NewBrand, type NewMember } from './support/users'

const EDITOR_PASSWORD = 'Linen-Harbour-Spool-64'
const EXPERIMENTAL = Object.fromEntries(axe.getRules(['experimental']).map((rule) => [rule.ruleId, { enabled: true }]))

let brand: NewBrand
let editor: NewMember

test.beforeAll(async () => {
  const baseURL = e2eEnvironment().baseURL
  brand = await createBrand(baseURL)
  editor = await createMember(baseURL, {
    email: `media-editor-${Date.now().toString(36)}@spec.test`,
    password: EDITOR_PASSWORD,
    first: 'Bea',
    last: 'Editor',
    brand: brand.key,
  })
})

async function signedIn(browser: Browser, baseURL: string, email: string, password: string, javaScriptEnabled = true) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled, viewport: { width: 1440, height: 1000 } })
  const page = await context.newPage()
  await signIn(page, email, password)
  return page
}

const managePath = () => `/brand/${brand.key}/products/media/manage`
const listingCard = (page: Page, name: string) => page.getByTestId('manage-listing').filter({ hasText: name })
const slidesOf = (page: Page, name: string) => listingCard(page, name).getByTestId('slide')
const slideOrder = (page: Page, name: string) =>
  slidesOf(page, name).evaluateAll((slides) => slides.map((slide) => slide.getAttribute('data-media')))

/** A pointer drag as a person makes it: press, move past the sensor's threshold, move, release. */
async function drag(page: Page, from: Locator, to: Locator) {
  const start = (await from.boundingBox())!
  const end = (await to.boundingBox())!
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2)
  await page.mouse.down()
  await page.mouse.move(start.x + start.width / 2 + 12, start.y + start.height / 2 + 12, { steps: 4 })
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 20 })
  await page.mouse.up()
}

/** The page's shared document is synced and its socket joined the brand's room. */
async function live(page: Page) {
  await expect(page.locator('html[data-media-order="synced"]')).toHaveCount(1)
  await expect(page.locator('html[data-realtime="connected"]')).toHaveCount(1)
}

test('two people arrange photos together: a drag and a reorder show live, Save keeps the agreed order', async ({
  browser,
  baseURL,
}) => {
  const admin = await signedIn(browser, baseURL!, 'admin@demo.test', DEMO_PASSWORD)
  await createListings(admin.request, brand.key, [
    { id: 'MM-1', name: 'Linen Camp Shirt', number: 'MM-100', sku: 'MM-100-SND-M', colour: 'Sand', hex: '#d9c7a7' },
    { id: 'MM-2', name: 'Boxy Tee', number: 'MM-200', sku: 'MM-200-BLK-S', colour: 'Black', hex: '#1d1d1f' },
  ])
  const suffix = Date.now().toString(36)
  const photos = await uploadPhotos(admin.request, brand.key, [
    { name: 'MM-100_MM-100-SND-M_front.jpg', colour: '#d9c7a7' },
    { name: 'MM-100_MM-100-SND-M_back.jpg', colour: '#cfbb98' },
    { name: 'MM-100_MM-100-SND-M_side.jpg', colour: '#e4d5ba' },
    { name: `pool-${suffix}.jpg`, colour: '#8a5a44' },
  ])
  const [front, back, side, pooled] = photos as [UploadedPhoto, UploadedPhoto, UploadedPhoto, UploadedPhoto]

  const other = await signedIn(browser, baseURL!, editor.email, EDITOR_PASSWORD)
  await admin.goto(managePath())
  await other.goto(managePath())
  await live(admin)
  await live(other)
  // A mark on the other page's window: gone if the page were reloaded.
  await other.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true))

  await expect(other.getByTestId('presence')).toContainText('Also here: Ada Admin')
  await expect(admin.getByTestId('presence')).toContainText('Also here: Bea Editor')
  expect(await slideOrder(other, 'Linen Camp Shirt')).toEqual([front.key, back.key, side.key])
  await admin.screenshot({ path: test.info().outputPath('media-manage.png'), fullPage: true })

  // A pool photo dragged onto Boxy Tee is attached there, at once.
  const poolPhoto = admin.getByRole('button', { name: `${pooled.name}: drag onto a listing` })
  await drag(admin, poolPhoto, listingCard(admin, 'Boxy Tee'))
  await expect(admin.getByTestId('toast').filter({ hasText: 'Image is now associated with Boxy Tee' })).toBeVisible()
  await expect(slidesOf(other, 'Boxy Tee')).toHaveCount(1)
  await expect(other.getByTestId('media-pool').getByText(pooled.name)).toHaveCount(0)

  // Edit order: the first photo of the shirt moves right, then the side view is dragged to the front.
  await admin.getByTestId('edit-order').click()
  await expect(listingCard(admin, 'Linen Camp Shirt').getByTestId('slide-position')).toHaveText(['1', '2', '3'])
  await listingCard(admin, 'Linen Camp Shirt')
    .getByRole('button', { name: `Move ${front.name} right` })
    .click()
  await expect.poll(() => slideOrder(other, 'Linen Camp Shirt')).toEqual([back.key, front.key, side.key])
  const sideHandle = listingCard(admin, 'Linen Camp Shirt').getByRole('button', { name: `${side.name}: drag to move` })
  const backHandle = listingCard(admin, 'Linen Camp Shirt').getByRole('button', { name: `${back.name}: drag to move` })
  await drag(admin, sideHandle, backHandle)
  await expect.poll(() => slideOrder(other, 'Linen Camp Shirt')).toEqual([side.key, back.key, front.key])
  await expect(listingCard(other, 'Linen Camp Shirt').getByText('Unsaved order')).toBeVisible()

  // Save writes the agreed order; both pages show it as saved.
  await admin.getByRole('button', { name: 'Save' }).click()
  await expect(admin.getByTestId('toast').filter({ hasText: 'Media positions updated.' })).toBeVisible()
  await expect(listingCard(other, 'Linen Camp Shirt').getByText('Unsaved order')).toHaveCount(0)
  expect(await slideOrder(other, 'Linen Camp Shirt')).toEqual([side.key, back.key, front.key])
  expect(await other.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true)
  await other.reload()
  expect(await slideOrder(other, 'Linen Camp Shirt')).toEqual([side.key, back.key, front.key])
  await admin.context().close()
  await other.context().close()
})

test('without JavaScript the forms attach, move and delete a photo', async ({ browser, baseURL }) => {
  const page = await signedIn(browser, baseURL!, editor.email, EDITOR_PASSWORD, false)
  await createListings(page.request, brand.key, [
    { id: 'MM-3', name: 'Wool Overshirt', number: 'MM-300', sku: 'MM-300-OLV-L', colour: 'Olive', hex: '#6b7048' },
  ])
  const suffix = Date.now().toString(36)
  const [first, second, loose] = (await uploadPhotos(page.request, brand.key, [
    { name: 'MM-300_MM-300-OLV-L_front.jpg', colour: '#6b7048' },
    { name: 'MM-300_MM-300-OLV-L_back.jpg', colour: '#5d6240' },
    { name: `loose-${suffix}.jpg`, colour: '#a7b6c9' },
  ])) as [UploadedPhoto, UploadedPhoto, UploadedPhoto]
  await page.goto(`${managePath()}?search=Wool`)
  expect(await slideOrder(page, 'Wool Overshirt')).toEqual([first.key, second.key])

  // Attach: the pool photo's options, the listing chosen, Attach.
  const item = page.getByTestId('pool-item').filter({ hasText: loose.name })
  await item.getByText('Options').click()
  await item.getByLabel('Attach to').selectOption({ label: 'Wool Overshirt · MM-300-OLV-L' })
  await item.getByRole('button', { name: 'Attach' }).click()
  await expect(
    page.getByTestId('toast').filter({ hasText: 'Image is now associated with Wool Overshirt' }),
  ).toBeVisible()
  expect(await slideOrder(page, 'Wool Overshirt')).toEqual([first.key, second.key, loose.key])
  await expect(page).toHaveURL(/search=Wool/)

  // Move: with the order switch on, the new photo goes one place left, saved at once.
  await page.getByTestId('edit-order').click()
  await listingCard(page, 'Wool Overshirt')
    .getByRole('button', { name: `Move ${loose.name} left` })
    .click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Media positions updated.' })).toBeVisible()
  expect(await slideOrder(page, 'Wool Overshirt')).toEqual([first.key, loose.key, second.key])
  await expect(listingCard(page, 'Wool Overshirt').getByTestId('slide-position')).toHaveText(['1', '2', '3'])

  // Delete: the confirmation asks the spec's question, then the photo is gone.
  await listingCard(page, 'Wool Overshirt')
    .getByRole('link', { name: `Delete Image ${first.name}` })
    .click()
  await expect(page.getByRole('dialog')).toContainText('Are you sure you would like to delete this image?')
  await page.screenshot({ path: test.info().outputPath('media-manage-delete.png'), fullPage: true })
  await page.getByRole('dialog').getByRole('button', { name: 'Delete Image' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Image has been deleted.' })).toBeVisible()
  expect(await slideOrder(page, 'Wool Overshirt')).toEqual([loose.key, second.key])
  await page.context().close()
})

test('the keyboard drags too: a pool photo picked up with space, moved with the arrows, dropped on a listing', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test')
  await page.setViewportSize({ width: 1440, height: 1000 })
  await createListings(page.request, brand.key, [
    { id: 'MM-5', name: 'Knit Polo', number: 'MM-500', sku: 'MM-500-CRM-M', colour: 'Cream', hex: '#efe6d2' },
  ])
  const [photo] = (await uploadPhotos(page.request, brand.key, [
    { name: `keys-${Date.now().toString(36)}.jpg`, colour: '#efe6d2' },
  ])) as [UploadedPhoto]
  await page.goto(`${managePath()}?search=Knit`)
  await live(page)
  const handle = page.getByRole('button', { name: `${photo.name}: drag onto a listing` })
  await handle.focus()
  await page.keyboard.press('Space')
  // Picked up first (announced, then over the pool it sits in): an arrow sent before the sensor
  // listens is lost on a busy machine.
  await expect(page.getByRole('status').filter({ hasText: /draggable item/i })).toHaveCount(1)
  const over = page.getByRole('status').filter({ hasText: 'moved over droppable area listing:' })
  // One press, sent again only when none was announced within two seconds.
  await expect(async () => {
    if ((await over.count()) === 0) await page.keyboard.press('ArrowLeft')
    await expect(over).toHaveCount(1, { timeout: 2000 })
  }).toPass({ timeout: 15_000 })
  await page.keyboard.press('Space')
  await expect(page.getByTestId('toast').filter({ hasText: 'Image is now associated with Knit Polo' })).toBeVisible()
  await expect.poll(() => slideOrder(page, 'Knit Polo')).toEqual([photo.key])
})

test('a read member sees the arrangement but cannot change it', async ({ page }) => {
  await signIn(page, 'viewer@demo.test')
  const demo = await page.request.get('/api/brand/query/user/')
  const { data } = (await demo.json()) as { data: { key: string; name: string }[] }
  const demoKey = data.find((entry) => entry.name === 'Demo Brand')!.key
  await page.goto(`/brand/${demoKey}/products/media/manage`)
  await expect(page.getByRole('heading', { name: 'Product Image Management' })).toBeVisible()
  await expect(page.getByText('You can look at the arrangement')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Attach' })).toHaveCount(0)
  await expect(page.getByTestId('edit-order')).toBeVisible()
})

test('the page, its edit-order view and Delete Image have no axe violations', async ({ page }) => {
  await signIn(page, 'admin@demo.test')
  await page.setViewportSize({ width: 1440, height: 1000 })
  const check = async (what: string) => {
    await page.waitForLoadState('networkidle')
    const { violations } = await new AxeBuilder({ page }).options({ rules: EXPERIMENTAL }).analyze()
    expect
      .soft(
        violations.map((v) => ({ rule: v.id, nodes: v.nodes.map((node) => node.target.join(' ')) })),
        what,
      )
      .toEqual([])
  }
  await createListings(page.request, brand.key, [
    { id: 'MM-4', name: 'Pleated Skirt', number: 'MM-400', sku: 'MM-400-NVY-S', colour: 'Navy', hex: '#1f2a44' },
  ])
  await uploadPhotos(page.request, brand.key, [
    { name: 'MM-400_MM-400-NVY-S_front.jpg', colour: '#1f2a44' },
    { name: `axe-${Date.now().toString(36)}.jpg`, colour: '#c8b8a6' },
  ])
  await page.goto(managePath())
  await expect(page.getByTestId('slide').first()).toBeVisible()
  await expect(page.getByTestId('pool-item').first()).toBeVisible()
  await check('manage page')
  await page.goto(`${managePath()}?order=1`)
  await check('edit order')
  await page
    .getByTestId('slide')
    .first()
    .getByRole('link', { name: /^Delete Image / })
    .click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await check('Delete Image')
})

test('a drag after the session ended shows the session dialog, with no error toast over it', async ({
  browser,
  baseURL,
}) => {
  const page = await signedIn(browser, baseURL!, 'admin@demo.test', DEMO_PASSWORD)
  const suffix = Date.now().toString(36)
  await createListings(page.request, brand.key, [
    { id: `SE-${suffix}`, name: 'Session Tee', number: 'SE-100', sku: 'SE-100-BLK-S', colour: 'Black', hex: '#1d1d1f' },
  ])
  const [photo] = await uploadPhotos(page.request, brand.key, [{ name: `late-${suffix}.jpg`, colour: '#445566' }])
  await page.goto(managePath())
  await live(page)
  // The session ends while the page is open (signed out elsewhere, or expired).
  await page.context().clearCookies()
  await drag(
    page,
    page.getByRole('button', { name: `${photo!.name}: drag onto a listing` }),
    listingCard(page, 'Session Tee'),
  )
  const dialog = page.getByRole('dialog', { name: 'Session expired' })
  await expect(dialog).toContainText('Your session has expired. Refresh session?')
  await expect(page.getByTestId('toast')).toHaveCount(0)
  // Undismissable: Escape leaves it; its action reloads, to the sign-in page.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Refresh session' }).click()
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible()
  await page.context().close()
})
