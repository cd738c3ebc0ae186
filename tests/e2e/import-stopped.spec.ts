// An upload whose connection is cut mid-way (issue 46, decision 178), with JavaScript and without:
// the browser reaches the portal through a link of 64 KB/s (support/slow-link.ts), and once the
// portal is reading the file the link drops every connection. The import is kept as interrupted: History says so, and its page
// tells the uploader to upload the file again. Nothing of it is left as listings.
import type { Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures'
import { openSlowLink } from './support/slow-link'

const upload = (brand: string) => `/brand/${brand}/products/upload`

interface ImportSummary {
  key: string
  filename: string
  status: string
}

async function importsNamed(page: Page, brand: string, filename: string): Promise<ImportSummary[]> {
  // Through Playwright's own client: not throttled, and signed in as the page is.
  const answer = await page.request.get(`/api/parsedspreadsheets/query/brand?brand=${brand}`)
  const { data } = (await answer.json()) as { data: ImportSummary[] }
  return data.filter((row) => row.filename === filename)
}

async function importNamed(page: Page, brand: string, filename: string): Promise<ImportSummary | undefined> {
  return (await importsNamed(page, brand, filename))[0]
}

/** A CSV of 80 bytes a row (20,000 rows: 1.6 MB, some 25 s at 64 KB/s). */
function largeCsv(rows = 20_000): Buffer {
  const lines = Array.from({ length: rows }, (_, i) => `CUT-${i},Cut Tee ${i},CUT-S${i % 500},${'x'.repeat(50)}`)
  return Buffer.from(`Listing Unique Id,Style Name,Style Number,Description\n${lines.join('\n')}\n`)
}

/** Starts a slow upload of `filename` and answers once the portal is reading it, with its key. */
async function startSlowUpload(page: Page, brand: string, filename: string, rows?: number): Promise<string> {
  await page.goto(upload(brand))
  await page.getByLabel('Select File').setInputFiles({ name: filename, mimeType: 'text/csv', buffer: largeCsv(rows) })
  // Not click(): it would wait for the answer, which comes once the whole file is up.
  await page.getByRole('button', { name: 'Upload' }).dispatchEvent('click')
  await expect.poll(async () => (await importNamed(page, brand, filename))?.status, { timeout: 20_000 }).toBe('parsing')
  return (await importNamed(page, brand, filename))!.key
}

async function noListings(page: Page, brand: string) {
  const listed = await page.request.get(`/api/listing/query/filter?brand=${brand}&limit=5`)
  expect(((await listed.json()) as { data: unknown[] }).data).toEqual([])
}

for (const javaScriptEnabled of [true, false]) {
  test(`an upload cancelled from its import page while it is read is kept as cancelled (JavaScript ${
    javaScriptEnabled ? 'on' : 'off'
  })`, async ({ browser, baseURL, ownBrand }) => {
    test.setTimeout(90_000)
    const brand = ownBrand.key
    const filename = `cancel-${javaScriptEnabled ? 'js' : 'nojs'}.csv`
    const link = await openSlowLink(baseURL!, 64 * 1024)
    const uploading = await browser.newContext({ baseURL: link.baseURL, javaScriptEnabled })
    const uploader = await uploading.newPage()
    await signIn(uploader, 'admin@demo.test')
    const key = await startSlowUpload(uploader, brand, filename)

    // The same person, in another tab: the import page offers Cancel upload while it is read.
    const watching = await browser.newContext({ baseURL, javaScriptEnabled })
    const page = await watching.newPage()
    await signIn(page, 'admin@demo.test')
    await page.goto(`${upload(brand)}/${key}`)
    await expect(page.getByTestId('import-progress')).toContainText('Reading the file')
    await page.getByRole('button', { name: 'Cancel upload' }).click()
    await expect(page.getByText('The upload was cancelled.').first()).toBeVisible()
    expect((await importNamed(page, brand, filename))?.status).toBe('failed')
    await page.goto(`${upload(brand)}?tab=history`)
    await expect(page.getByTestId('history-row').filter({ hasText: filename })).toContainText(
      'Cancelled while it was read',
    )
    await noListings(page, brand)
    await watching.close()
    await uploading.close()
    await link.close()
  })
}

test('an upload cancelled on the upload page stops its submission', async ({ browser, baseURL, ownBrand }) => {
  test.setTimeout(120_000)
  const brand = ownBrand.key
  const filename = 'cancel-on-form.csv'
  const link = await openSlowLink(baseURL!, 64 * 1024)
  const context = await browser.newContext({ baseURL: link.baseURL })
  const page = await context.newPage()
  await signIn(page, 'admin@demo.test')
  // Larger than what the network's buffers hold, so the browser still has some of it to send.
  await startSlowUpload(page, brand, filename, 200_000)
  await expect(page.getByTestId('upload-progress')).toBeVisible()
  await page.getByTestId('cancel-upload').click()
  // What the browser had sent before it stopped goes through at once.
  link.unthrottle()
  await expect(page.getByTestId('upload-progress')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Upload' })).toBeEnabled()
  // The portal stops reading it once the connection ends (within a minute at the latest, as
  // above), and keeps it in History as not uploaded.
  await expect.poll(async () => (await importNamed(page, brand, filename))?.status, { timeout: 60_000 }).toBe('failed')
  await noListings(page, brand)
  await context.close()
  await link.close()
})

for (const javaScriptEnabled of [true, false]) {
  test(`an upload cut mid-way is kept as interrupted and told (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({
    browser,
    baseURL,
    ownBrand,
  }) => {
    test.setTimeout(120_000)
    const brand = ownBrand.key
    const filename = `cut-${javaScriptEnabled ? 'js' : 'nojs'}.csv`
    const link = await openSlowLink(baseURL!, 64 * 1024)
    const context = await browser.newContext({ baseURL: link.baseURL, javaScriptEnabled })
    const page = await context.newPage()
    await signIn(page, 'admin@demo.test')
    const key = await startSlowUpload(page, brand, filename)
    link.cut()
    const reader = await browser.newContext({ baseURL, javaScriptEnabled }).then((other) => other.newPage())
    await signIn(reader, 'admin@demo.test')

    // At once when the portal hears the connection close; within a minute at the latest, when its
    // 45 s limit for bytes that stop coming runs out (a busy machine may hear the close late).
    await expect
      .poll(async () => (await importNamed(reader, brand, filename))?.status, { timeout: 60_000 })
      .toBe('failed')
    // The browser's resend of the request met the network still down: the one upload is this one.
    expect(await importsNamed(reader, brand, filename)).toHaveLength(1)
    await reader.goto(`${upload(brand)}?tab=history`)
    await expect(reader.getByTestId('history-row').filter({ hasText: filename })).toContainText(
      'Interrupted: upload the file again',
    )
    await reader.goto(`${upload(brand)}/${key}`)
    await expect(reader.getByText('The upload was interrupted — upload the file again.').first()).toBeVisible()
    await noListings(reader, brand)
    await reader.context().close()
    await context.close()
    await link.close()
  })
}
