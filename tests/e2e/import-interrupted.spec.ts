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

async function importNamed(page: Page, brand: string, filename: string): Promise<ImportSummary | undefined> {
  // Through Playwright's own client: not throttled, and signed in as the page is.
  const answer = await page.request.get(`/api/parsedspreadsheets/query/brand?brand=${brand}`)
  const { data } = (await answer.json()) as { data: ImportSummary[] }
  return data.find((row) => row.filename === filename)
}

/** A CSV of about 1.6 MB: at 64 KB/s it takes some 25 s to go up. */
function largeCsv(): Buffer {
  const rows = Array.from({ length: 20_000 }, (_, i) => `CUT-${i},Cut Tee ${i},CUT-S${i % 500},${'x'.repeat(50)}`)
  return Buffer.from(`Listing Unique Id,Style Name,Style Number,Description\n${rows.join('\n')}\n`)
}

for (const javaScriptEnabled of [true, false]) {
  test(`an upload cut mid-way is kept as interrupted and told (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({
    browser,
    baseURL,
    ownBrand,
  }) => {
    test.setTimeout(90_000)
    const brand = ownBrand.key
    const filename = `cut-${javaScriptEnabled ? 'js' : 'nojs'}.csv`
    const link = await openSlowLink(baseURL!, 64 * 1024)
    const context = await browser.newContext({ baseURL: link.baseURL, javaScriptEnabled })
    const page = await context.newPage()
    await signIn(page, 'admin@demo.test')
    await page.goto(upload(brand))
    await page.getByLabel('Select File').setInputFiles({ name: filename, mimeType: 'text/csv', buffer: largeCsv() })
    // Not click(): it would wait for the answer, which comes once the whole file is up.
    await page.getByRole('button', { name: 'Upload' }).dispatchEvent('click')

    // The portal is reading it: then the network goes, and every connection with it.
    await expect
      .poll(async () => (await importNamed(page, brand, filename))?.status, { timeout: 20_000 })
      .toBe('parsing')
    const { key } = (await importNamed(page, brand, filename))!
    link.cut()
    const reader = await browser.newContext({ baseURL, javaScriptEnabled }).then((other) => other.newPage())
    await signIn(reader, 'admin@demo.test')

    await expect
      .poll(async () => (await importNamed(reader, brand, filename))?.status, { timeout: 20_000 })
      .toBe('failed')
    await reader.goto(`${upload(brand)}?tab=history`)
    await expect(reader.getByTestId('history-row').filter({ hasText: filename })).toContainText(
      'Interrupted: upload the file again',
    )
    await reader.goto(`${upload(brand)}/${key}`)
    await expect(reader.getByText('The upload was interrupted — upload the file again.').first()).toBeVisible()
    const listed = await reader.request.get(`/api/listing/query/filter?brand=${brand}&limit=5`)
    expect(((await listed.json()) as { data: unknown[] }).data).toEqual([])
    await reader.context().close()
    await context.close()
    await link.close()
  })
}
