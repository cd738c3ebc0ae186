// The product media upload step (catalogue.md §2 step 2, §4 Media upload, §5, §8; atelier.md §4):
// with JavaScript, a batch whose names match Demo Brand listings or not goes through the Upload
// Detail modal (preflight, tus, live status) and lands on those listings or in the pool with the
// reasons; an EICAR test file is refused with the quarantined toast and never gets a download
// address; a selection of no accepted type is refused with the spec's text. Without JavaScript
// the plain form posts the photos and the summary says where each went. Files are made here, with
// names built from the listings the API lists; each run's names are its own.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { demoKey } from '#app/platform/ids'
import { expect, signIn, test } from './fixtures'

const SCANNING = 'The file is being scanned for security compliance.'
const QUARANTINED = 'The file was scanned but is not available for distribution. Please contact client support.'
const NO_SUPPORTED = 'Files selected did not meet supported file types. Please select files from the allowed types.'
/** The anti-virus test signature, in two halves so this file is not itself flagged. */
const EICAR = ['X5O!P%@AP[4\\PZX54(P^)7CC)7}$', 'EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*'].join('')

const DEMO_BRAND_KEY = demoKey('brand:demo')
const uploadPage = `/brand/${DEMO_BRAND_KEY}/products/media/upload`

interface ListingRow {
  key: string
  style_name: string
  style_number: string
  sku: string | null
}
interface MediaRow {
  key: string
  name: string
  status: string
  listing: string | null
  unmatched: string | null
  file: string | null
  src: string | null
}

/** Two Demo Brand listings with SKUs (not the one other specs look at closely). */
async function demoListings(page: Page): Promise<[ListingRow, ListingRow]> {
  const answer = await page.request.get(`/api/listing/query/filter?brand=${DEMO_BRAND_KEY}`)
  const { data } = (await answer.json()) as { data: ListingRow[] }
  const usable = data.filter((row) => row.sku && row.key !== demoKey('listing:5'))
  expect(usable.length).toBeGreaterThanOrEqual(2)
  return [usable[0]!, usable.at(-1)!]
}

async function brandMedia(page: Page): Promise<MediaRow[]> {
  const answer = await page.request.get(`/api/media/query/brand?brand=${DEMO_BRAND_KEY}&limit=200`)
  return ((await answer.json()) as { data: MediaRow[] }).data
}

const photo = (colour: string) =>
  sharp({ create: { width: 60, height: 80, channels: 3, background: colour } })
    .jpeg()
    .toBuffer()

const run = () => Date.now().toString(36)

test('a batch lands on its listings and in the pool with reasons; an EICAR file is refused', async ({ page }) => {
  await signIn(page, 'admin@demo.test')
  const [first, second] = await demoListings(page)
  const stamp = run()
  const jpeg = await photo('#b59a7a')
  // A real JPEG with the test signature after its end: the type check passes, the scanner refuses.
  const infected = Buffer.concat([await photo('#444444'), Buffer.from(EICAR)])
  const names = {
    front: `${first.style_number}_${first.sku}_front${stamp}.jpg`,
    back: `${second.style_number}_${second.sku}_back${stamp}.jpg`,
    noStyle: `ZZ-${stamp}_ZZ-${stamp}-BLK-S_front.jpg`,
    noPattern: `lookbook-${stamp}.jpg`,
    eicar: `${first.style_number}_${first.sku}_eicar${stamp}.jpg`,
    badName: `scan-${stamp}.jfif`,
  }
  await page.goto(uploadPage)
  await expect(page.getByRole('heading', { name: 'Product Media Upload' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'connected')
  await page.locator('#media-files').setInputFiles([
    { name: names.front, mimeType: 'image/jpeg', buffer: jpeg },
    { name: names.back, mimeType: 'image/jpeg', buffer: jpeg },
    { name: names.noStyle, mimeType: 'image/jpeg', buffer: jpeg },
    { name: names.noPattern, mimeType: 'image/jpeg', buffer: jpeg },
    { name: names.eicar, mimeType: 'image/jpeg', buffer: infected },
    { name: names.badName, mimeType: 'image/jpeg', buffer: jpeg },
  ])

  const dialog = page.getByRole('dialog', { name: 'Upload Detail' })
  await expect(dialog).toBeVisible()
  const item = (name: string) => dialog.getByTestId('upload-item').filter({ hasText: name })
  // Where each goes, shown before saving.
  await expect(item(names.front)).toContainText(`${first.style_name} · ${first.sku}`)
  await expect(item(names.back)).toContainText(`${second.style_name} · ${second.sku}`)
  await expect(item(names.noStyle)).toContainText(`Pool`)
  await expect(item(names.noStyle)).toContainText(`No style numbered ZZ-${stamp} in this brand.`)
  await expect(item(names.noPattern)).toContainText('The name does not follow style-number_sku_view.extension.')
  // A name the preflight refused: the Filename error label, nothing sent, and it can be removed.
  await expect(item(names.badName)).toContainText(
    'Filename error Please ensure all files have supported file extensions PNG, JPG, or GIF.',
  )
  await expect(item(names.badName).getByTestId('upload-progress')).toHaveText('Waiting')
  await item(names.badName)
    .getByRole('button', { name: `Remove ${names.badName}` })
    .click()
  await expect(item(names.badName)).toHaveCount(0)
  await expect(page.getByTestId('toast').filter({ hasText: SCANNING }).first()).toBeVisible()
  for (const name of [names.front, names.back, names.noStyle, names.noPattern]) {
    await expect(item(name).getByTestId('media-status')).toHaveText('available', { timeout: 20_000 })
    await expect(item(name).getByTestId('upload-progress')).toHaveText('100%')
  }
  await expect(item(names.eicar).getByTestId('media-status')).toHaveText('refused', { timeout: 20_000 })
  await expect(page.getByTestId('toast').filter({ hasText: QUARANTINED })).toBeVisible()

  // The page's table lists the clean ones with where they went, and the refused one as refused.
  const table = page.getByTestId('media-table')
  await expect(table.getByTestId('media-row').filter({ hasText: names.front })).toContainText(first.style_name)
  await expect(table.getByTestId('media-row').filter({ hasText: names.noStyle })).toContainText('Pool')
  await expect(table.getByTestId('media-row').filter({ hasText: names.eicar })).toContainText('refused')

  // What the server holds: matched photos on their listings, the others in the pool with reasons,
  // and the refused file with no address to download it from.
  const stored = new Map((await brandMedia(page)).map((row) => [row.name, row]))
  expect(stored.get(names.front)).toMatchObject({ listing: first.key, status: 'available' })
  expect(stored.get(names.back)).toMatchObject({ listing: second.key, status: 'available' })
  expect(stored.get(names.noStyle)).toMatchObject({
    listing: null,
    unmatched: `No style numbered ZZ-${stamp} in this brand.`,
  })
  expect(stored.get(names.noPattern)).toMatchObject({ listing: null })
  expect(stored.has(names.badName)).toBe(false)
  const refused = stored.get(names.eicar)!
  expect(refused).toMatchObject({ status: 'quarantined', src: null })
  const file = await (await page.request.get(`/api/file/model/${refused.file}`)).json()
  expect(file.data).toMatchObject({ status: 'quarantined', urls: null, path: null })

  // Save goes on to the manage step.
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(`/brand/${DEMO_BRAND_KEY}/products/media/manage`)

  // The listing page shows the matched photo; the refused one is on no listing.
  await page.goto(`/brand/${DEMO_BRAND_KEY}/products/listing/${first.key}`)
  const frontFile = stored.get(names.front)!.file!
  await expect(page.locator(`img[src*="${frontFile}"]`).first()).toBeAttached()
  await expect(page.locator(`img[src*="${refused.file}"]`)).toHaveCount(0)
})

test("a listing's photos are reordered from the table with the keyboard", async ({ page }) => {
  await signIn(page, 'admin@demo.test')
  const [, listing] = await demoListings(page)
  const stamp = run()
  const jpeg = await photo('#c9b8a0')
  const one = `${listing.style_number}_${listing.sku}_1${stamp}.jpg`
  const two = `${listing.style_number}_${listing.sku}_2${stamp}.jpg`
  await page.goto(uploadPage)
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'connected')
  await page.locator('#media-files').setInputFiles([
    { name: one, mimeType: 'image/jpeg', buffer: jpeg },
    { name: two, mimeType: 'image/jpeg', buffer: jpeg },
  ])
  const dialog = page.getByRole('dialog', { name: 'Upload Detail' })
  await expect(dialog.getByTestId('media-status')).toHaveText(['available', 'available'], { timeout: 20_000 })
  // Cancel only closes it now: both photos have their bytes.
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toHaveCount(0)

  const rows = page.getByTestId('media-row')
  const names = async () => (await rows.allTextContents()).filter((text) => text.includes(stamp))
  await expect.poll(names).toEqual([expect.stringContaining(one), expect.stringContaining(two)])
  // Space picks the row up, the arrows move it over the draggable rows (photos on listings; rows
  // of other listings may sit between the two) down to the other photo's row, Space drops it.
  const draggableKeys = await rows
    .filter({ has: page.getByRole('button', { name: /^Reorder / }) })
    .evaluateAll((found) => found.map((row) => row.getAttribute('data-key') ?? ''))
  const oneKey = await rows.filter({ hasText: one }).getAttribute('data-key')
  const twoKey = await rows.filter({ hasText: two }).getAttribute('data-key')
  expect(draggableKeys.indexOf(twoKey!)).toBeGreaterThan(draggableKeys.indexOf(oneKey!))
  await page.getByRole('button', { name: `Reorder ${one}` }).focus()
  await page.keyboard.press('Space')
  // Picked up (the row is lifted): the arrows are listened to from now on.
  await expect(rows.filter({ hasText: one })).toHaveClass(/shadow-lg/)
  const announcement = page.getByText(/^Draggable item \S+ was moved over droppable area \S+\.$/)
  await expect(announcement).toBeAttached()
  // One press at a time, each once the last one is announced. On a busy machine a press can be
  // announced late, after it was sent again: the arrow is chosen from where the row is announced
  // to be, so a step too far is walked back.
  const announcedIndex = async () => {
    const text = (await announcement.textContent()) ?? ''
    return draggableKeys.indexOf(/droppable area (\S+)\.$/.exec(text)?.[1] ?? '')
  }
  const target = draggableKeys.indexOf(twoKey!)
  await expect(async () => {
    const at = await announcedIndex()
    if (at === target) return
    const before = (await announcement.textContent()) ?? ''
    await page.keyboard.press(at < target ? 'ArrowDown' : 'ArrowUp')
    await expect(announcement).not.toHaveText(before, { timeout: 2000 })
    expect(await announcedIndex()).toBe(target)
  }).toPass({ timeout: 30_000 })
  await page.keyboard.press('Space')
  await expect(page.getByTestId('toast').filter({ hasText: 'Media positions updated.' })).toBeVisible()
  await expect.poll(names).toEqual([expect.stringContaining(two), expect.stringContaining(one)])
  const stored = new Map((await brandMedia(page)).map((row) => [row.name, row]))
  const position = (name: string) => (stored.get(name) as unknown as { position: number }).position
  expect(position(two)).toBeLessThan(position(one))
})

test('a selection of no accepted type is refused with the spec text and opens nothing', async ({ page }) => {
  await signIn(page, 'admin@demo.test')
  await page.goto(uploadPage)
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'connected')
  await page.locator('#media-files').setInputFiles([
    { name: 'moodboard.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') },
    { name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') },
  ])
  await expect(page.getByTestId('toast').filter({ hasText: NO_SUPPORTED })).toBeVisible()
  await expect(page.getByRole('dialog', { name: 'Upload Detail' })).toHaveCount(0)
})

test("the stepper's Save goes on to the manage step once the photos are sent", async ({ page }) => {
  await signIn(page, 'editor@demo.test')
  await page.goto(uploadPage)
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'connected')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page).toHaveURL(`/brand/${DEMO_BRAND_KEY}/products/media/manage`)
})

test('the page has no axe violations, with the Upload Detail modal open too', async ({ page }) => {
  await signIn(page, 'admin@demo.test')
  await page.goto(uploadPage)
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'connected')
  const violations = async () =>
    (await new AxeBuilder({ page }).analyze()).violations.map((v) => ({
      rule: v.id,
      nodes: v.nodes.map((node) => node.target.join(' ')),
    }))
  expect.soft(await violations(), 'page').toEqual([])
  await page
    .locator('#media-files')
    .setInputFiles([{ name: `lookbook-${run()}-axe.jpg`, mimeType: 'image/jpeg', buffer: await photo('#dddddd') }])
  const dialog = page.getByRole('dialog', { name: 'Upload Detail' })
  await expect(dialog.getByTestId('media-status')).toHaveText('available', { timeout: 20_000 })
  expect.soft(await violations(), 'modal').toEqual([])
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the plain form posts the photos and the summary says where each went', async ({ page }) => {
    await signIn(page, 'admin@demo.test')
    const [listing] = await demoListings(page)
    const stamp = run()
    const jpeg = await photo('#7a8fb5')
    const matched = `${listing.style_number}_${listing.sku}_side${stamp}.jpg`
    const pooled = `${listing.style_number}_NOPE-${stamp}_side.jpg`
    await page.goto(uploadPage)
    await page.locator('#media-files').setInputFiles([
      { name: matched, mimeType: 'image/jpeg', buffer: jpeg },
      { name: pooled, mimeType: 'image/jpeg', buffer: jpeg },
    ])
    await page.getByRole('button', { name: 'Upload', exact: true }).click()
    await expect(page).toHaveURL(/\/products\/media\/upload\/detail\?from=\d+&to=\d+$/)
    const summary = page.getByRole('dialog', { name: 'Upload Detail' })
    await expect(summary.getByTestId('upload-item').filter({ hasText: matched })).toContainText(
      `${listing.style_name} · ${listing.sku}`,
    )
    await expect(summary.getByTestId('upload-item').filter({ hasText: pooled })).toContainText(
      `No listing with SKU NOPE-${stamp} in style ${listing.style_number}.`,
    )
    // Once scanned (a reload later), the matched photo is on its listing.
    await expect(async () => {
      const stored = (await brandMedia(page)).find((row) => row.name === matched)
      expect(stored).toMatchObject({ listing: listing.key, status: 'available' })
    }).toPass({ timeout: 20_000 })
    await summary.getByRole('link', { name: 'Save' }).click()
    await expect(page).toHaveURL(`/brand/${DEMO_BRAND_KEY}/products/media/manage`)
  })
})
