// A line sheet for buyers (issue 46, docs/decisions/183), with JavaScript and without: from the
// products list narrowed to one collection, Line Sheet opens its dialog with the collection's name
// as title; a bad markup is told on the dialog; Make PDF opens the PDF, whose text is read back
// with pdf.js: the title, each style once with its prices, wholesale × markup as retail. A read
// member may make one, as they may export the list.
import { writeFile } from 'node:fs/promises'
import { demoKey } from '#app/platform/ids'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { expect, signIn, test } from './fixtures'

const BRAND = demoKey('brand:demo')
const COLLECTION = demoKey('collection:ss26')

async function pdfText(bytes: Buffer): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(bytes) }).promise
  const texts: string[] = []
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent()
    texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join('\n'))
  }
  return texts.join('\n')
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled })

    test('a read member makes the line sheet of a collection and reads it back', async ({ page }) => {
      await signIn(page, 'viewer@demo.test')
      await page.goto(`/brand/${BRAND}/products?collections=${COLLECTION}`)
      await page.getByRole('link', { name: 'Line Sheet' }).click()
      const dialog = page.getByRole('dialog', { name: 'Line Sheet' })
      await expect(dialog.getByTestId('line-sheet-intro')).toContainText(
        /A PDF for buyers of the \d+ products this list shows/,
      )
      await expect(dialog.getByLabel('Title')).toHaveValue('Coastal Light')

      // A markup out of bounds is told on the dialog, and nothing is made.
      await dialog.getByLabel('Retail markup').fill('12')
      await dialog.getByRole('button', { name: 'Make PDF' }).click()
      await expect(page.getByRole('dialog', { name: 'Line Sheet' }).getByRole('alert')).toHaveText(
        'Retail markup is a number from 1 to 10, like 2.2.',
      )
      await expect(page.getByLabel('Retail markup')).toHaveValue('12')

      await page.getByLabel('Title').fill('Coastal Light — buyers’ preview')
      await page.getByLabel('Retail markup').fill('2')
      if (javaScriptEnabled) {
        await page.screenshot({ path: test.info().outputPath('line-sheet-1280.png') })
        await page.setViewportSize({ width: 1440, height: 900 })
        await page.screenshot({ path: test.info().outputPath('line-sheet-1440.png') })
      }
      // The browser opens the PDF (the headless shell, without a viewer, downloads it instead).
      const answer = page.waitForResponse((response) => response.url().includes('/products/line-sheet.pdf?'))
      const download = page.waitForEvent('download').catch(() => null)
      await page.getByRole('button', { name: 'Make PDF' }).click()
      const response = await answer
      expect(response.status()).toBe(200)
      expect(response.headers()['content-type']).toBe('application/pdf')
      const saved = await download
      const bytes = saved
        ? await saved.createReadStream().then(async (stream) => {
            const chunks: Buffer[] = []
            for await (const chunk of stream) chunks.push(chunk as Buffer)
            return Buffer.concat(chunks)
          })
        : await response.body()
      const text = await pdfText(bytes)
      expect(text).toContain('Coastal Light — buyers’ preview')
      expect(text).toMatch(/\d+ styles · [A-Z][a-z]+ \d{1,2}, \d{4}/)
      // Demo prices: Linen Shirt 40 USD wholesale, so 80 USD retail at a markup of 2.
      expect(text).toContain('Linen Shirt')
      expect(text).toMatch(/Wholesale 40 USD/)
      expect(text).toMatch(/Retail 80 USD/)
      expect(text.split('\n').filter((line) => line.trim() === 'Linen Shirt')).toHaveLength(1)
      // Kept beside the screenshots, to look at.
      await writeFile(test.info().outputPath('line-sheet.pdf'), bytes)
    })
  })
}

test('the dialog closes back to the list as it was filtered', async ({ page }) => {
  await signIn(page, 'editor@demo.test')
  await page.goto(`/brand/${BRAND}/products?collections=${COLLECTION}&view=card`)
  await page.getByRole('link', { name: 'Line Sheet' }).click()
  await page.getByRole('dialog', { name: 'Line Sheet' }).getByRole('link', { name: 'Cancel' }).click()
  await expect(page).toHaveURL(new RegExp(`/brand/${BRAND}/products\\?collections=${COLLECTION}&view=card$`))
})
