// The product upload (catalogue.md §2, §4, §5, §8; issue: dry run, commit, fixes, history, roll
// back), with JavaScript off and on: each flow runs twice, on a brand of its own. Files are made
// here; what is checked is what the user sees and what the pages then list.
import fs from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import axe from 'axe-core'
import type { Page } from '@playwright/test'
import ExcelJS from 'exceljs'
import { expect, signIn, test } from './fixtures'

const ID_MISSING = "'Listing Unique Id' required column is missing. Please revise CSV file."
const NOT_CSV = 'CSV file not detected. '
const REVIEW_ERRORS =
  /^Review the CSV upload for errors\. You can also reach our Client Services Department by email at: \S+@\S+$/
const EXPERIMENTAL = Object.fromEntries(axe.getRules(['experimental']).map((rule) => [rule.ruleId, { enabled: true }]))

const upload = (brand: string) => `/brand/${brand}/products/upload`
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** Uploads a file through the form and waits for the dry run (or the form's answer). */
async function uploadFile(page: Page, brand: string, name: string, content: string | Buffer, mimeType = 'text/csv') {
  await page.goto(upload(brand))
  await page.getByLabel('Select File').setInputFiles({ name, mimeType, buffer: Buffer.from(content) })
  await page.getByRole('button', { name: 'Upload' }).click()
}

async function uploadToPreview(page: Page, brand: string, name: string, content: string | Buffer, mimeType?: string) {
  await uploadFile(page, brand, name, content, mimeType)
  await page.waitForURL(new RegExp(`${upload(brand)}/[^/?]+$`))
  return page.url().split('/').at(-1)!
}

/** An upload committed straight from its dry run, as a test's starting data; its key. */
async function uploadAndCommit(page: Page, brand: string, name: string, content: string | Buffer) {
  const key = await uploadToPreview(page, brand, name, content)
  await page.getByRole('button', { name: 'Commit' }).click()
  await expect(page).toHaveURL(`${upload(brand)}/${key}/details`)
  return key
}

const gridRow = (page: Page, row: number) => page.locator(`[data-testid=grid-row][data-row="${row}"]`)

async function noAxeViolations(page: Page, what: string) {
  await page.waitForLoadState('networkidle')
  const { violations } = await new AxeBuilder({ page }).options({ rules: EXPERIMENTAL }).analyze()
  expect
    .soft(
      violations.map((v) => ({ rule: v.id, nodes: v.nodes.map((node) => node.target.join(' ')) })),
      what,
    )
    .toEqual([])
}

for (const javaScriptEnabled of [false, true]) {
  test.describe(`product upload with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled })

    test('an upload from a collection files its listings in that collection', async ({ page, ownBrand }) => {
      await signIn(page, 'admin@demo.test')
      const brand = ownBrand.key
      await page.goto(`/brand/${brand}/collections/create`)
      await page.getByLabel('Collection Name').fill('Northern Wool')
      await page.getByLabel('Season').selectOption({ label: 'Fall/Winter' })
      await page.getByLabel('Year').fill('2027')
      await page.getByRole('button', { name: 'Create' }).click()
      // The new collection's page: its products, with the upload scoped to it.
      await expect(page).toHaveURL(/\/products\?collections=[a-z0-9]+$/)
      const collectionPage = page.url()
      await page.getByRole('link', { name: 'Product Upload' }).click()
      await expect(page.getByText(/^Collection Northern Wool · /)).toBeVisible()
      await page.getByLabel('Select File').setInputFiles({
        name: 'northern.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('Listing Unique Id,Style Name,Style Number\nNW-1,Wool Coat,NW1\nNW-2,Wool Cape,NW2\n'),
      })
      await page.getByRole('button', { name: 'Upload' }).click()
      await page.waitForURL(new RegExp(`${upload(brand)}/[^/?]+$`))
      await expect(page.getByTestId('count-create')).toHaveText('2')
      await page.getByRole('button', { name: 'Commit' }).click()
      await expect(page).toHaveURL(/\/details$/)
      await page.goto(collectionPage)
      // The collection's page lists exactly the two (its filter is the collection).
      await expect(page.getByTestId('listing-row')).toHaveCount(2)
      await expect(page.getByTestId('listing-row').filter({ hasText: 'Wool Coat' })).toHaveCount(1)
    })

    test('a good file: dry run, commit, and the review lists what was created and updated', async ({
      page,
      ownBrand,
    }) => {
      await signIn(page, 'admin@demo.test')
      const brand = ownBrand.key
      // A first upload creates two listings.
      const first = await uploadToPreview(
        page,
        brand,
        'first.csv',
        'Listing Unique Id,Style Name,Style Number,Color Name\nUP-1,Linen Shirt,ST-1,Black\nUP-2,Wool Coat,ST-2,Grey\n',
      )
      await expect(page.getByTestId('records-parsed')).toHaveText('2 records parsed')
      await expect(page.getByTestId('count-create')).toHaveText('2')
      await page.getByRole('button', { name: 'Commit' }).click()
      await expect(page).toHaveURL(`${upload(brand)}/${first}/details`)
      await expect(page.getByRole('dialog', { name: 'Upload details' })).toContainText('first.csv')

      // The second file changes one of them and adds a third: the dry run says so, nothing is written yet.
      const second = await uploadToPreview(
        page,
        brand,
        'second.csv',
        'listing unique id;Style Name;Style Number;Color Name\r\nUP-1;Linen Shirt;ST-1;Ecru\r\nUP-2;Wool Coat;ST-2;Grey\r\nUP-3;Silk Scarf;ST-3;Red\r\n',
      )
      await expect(page.getByTestId('records-parsed')).toHaveText('3 records parsed')
      await expect(page.getByTestId('count-create')).toHaveText('1')
      await expect(page.getByTestId('count-update')).toHaveText('1')
      await expect(page.getByTestId('count-unchanged')).toHaveText('1')
      await expect(gridRow(page, 2)).toHaveAttribute('data-action', 'update')
      await expect(gridRow(page, 2).getByTestId('row-changes')).toContainText('Color Name: Black → Ecru')
      await expect(gridRow(page, 4)).toHaveAttribute('data-action', 'create')
      await page.getByRole('link', { name: 'Update', exact: true }).click()
      await expect(page.getByTestId('grid-row')).toHaveCount(1)
      await page.goto(`/brand/${brand}/products`)
      await expect(page.getByTestId('listing-row')).toHaveCount(2)

      await page.goto(`${upload(brand)}/${second}`)
      await page.getByRole('button', { name: 'Commit' }).click()
      const details = page.getByRole('dialog', { name: 'Upload details' })
      await expect(details.getByTestId('details-created')).toHaveText('1')
      await expect(details.getByTestId('details-updated')).toHaveText('1')
      await details.getByRole('link', { name: 'Review' }).click()
      const review = page.getByRole('dialog', { name: 'Review' })
      await expect(review.getByTestId('review-created').getByRole('listitem')).toHaveText([/Silk Scarf/])
      await expect(review.getByTestId('review-updated').getByRole('listitem')).toHaveText([/Linen Shirt/])
      await review.getByRole('link', { name: 'Done' }).click()
      await expect(page).toHaveURL(`/brand/${brand}/products/media/upload`)
      await expect(page.getByRole('heading', { name: 'Product Media Upload' })).toBeVisible()
      // The listings are there now.
      await page.goto(`/brand/${brand}/products`)
      await expect(page.getByTestId('listing-row')).toHaveCount(3)
    })

    test('2,000 rows: the review lists them by pages with exact counts', async ({ page, ownBrand }) => {
      test.setTimeout(120_000)
      await signIn(page, 'admin@demo.test')
      const brand = ownBrand.key
      const rows = Array.from({ length: 2000 }, (_, i) => {
        const n = String(i + 1).padStart(4, '0')
        return `BIG-${n},Style ${n},SN-${n}`
      })
      await uploadToPreview(page, brand, 'big.csv', ['Listing Unique Id,Style Name,Style Number', ...rows].join('\r\n'))
      await expect(page.getByTestId('count-create')).toHaveText('2000')
      await page.getByRole('button', { name: 'Commit' }).click()
      const details = page.getByRole('dialog', { name: 'Upload details' })
      await expect(details.getByTestId('details-created')).toHaveText('2000', { timeout: 60_000 })
      // The dialog tells the outcome; no toast repeats it over the dialog.
      await expect(page.getByTestId('toast')).toHaveCount(0)
      await details.getByRole('link', { name: 'Review' }).click()
      const review = page.getByRole('dialog', { name: 'Review' })
      const created = review.getByTestId('review-created')
      await expect(created.getByRole('heading')).toHaveText('Created (2,000)')
      await expect(created.getByRole('listitem')).toHaveCount(50)
      await expect(created.getByTestId('review-created-range')).toHaveText('1–50 of 2,000')
      await expect(created.getByRole('listitem').first()).toContainText('Style 0001')
      await expect(review.getByTestId('review-updated')).toContainText('Updated (0)')
      // Page by page, and straight to the last one: every listing is reachable, none twice.
      await created.getByRole('link', { name: 'Next' }).click()
      await expect(created.getByTestId('review-created-range')).toHaveText('51–100 of 2,000')
      await expect(created.getByRole('listitem').first()).toContainText('Style 0051')
      await expect(created.getByText('Page 2 of 40')).toBeVisible()
      await page.goto(`${page.url().split('?')[0]}?created=40`)
      await expect(created.getByTestId('review-created-range')).toHaveText('1,951–2,000 of 2,000')
      await expect(created.getByRole('listitem').last()).toContainText('Style 2000')
      await expect(created.getByRole('link', { name: 'Next' })).toHaveCount(0)
      await created.getByRole('link', { name: 'Previous' }).click()
      await expect(created.getByTestId('review-created-range')).toHaveText('1,901–1,950 of 2,000')
    })

    test('a file with errors: download the failed rows, fix a row, and it is completed', async ({ page, ownBrand }) => {
      await signIn(page, 'admin@demo.test')
      const brand = ownBrand.key
      const key = await uploadToPreview(
        page,
        brand,
        'errors.csv',
        'Listing Unique Id,Style Name,Style Number,UPC\nER-1,Cotton Tee,ER-S1,\nER-2,,ER-S2,\nER-3,Linen Tee,ER-S3,1.23457E+11\n',
      )
      await expect(page.getByTestId('toast').filter({ hasText: 'Review the CSV upload' })).toHaveText(REVIEW_ERRORS)
      await expect(page.getByTestId('count-errors')).toHaveText('2')
      await expect(gridRow(page, 3).getByTestId('row-issues')).toContainText(
        'Error · Style Name — Required field "Style Name" missing. Review the spreadsheet and upload again.',
      )
      // Not only the spec's message: why the cell is wrong, and the cell as the file had it.
      await expect(gridRow(page, 4).getByTestId('row-issues').locator('[data-level=error]')).toHaveText(
        'Error · UPC “1.23457E+11” — Error parsing "UPC" for upload. 1.23457E+11 is in scientific notation: ' +
          'a spreadsheet program turned the barcode into a number and lost its digits. Format the column as text and export again.',
      )
      await page.getByRole('link', { name: 'Errors', exact: true }).click()
      await expect(page.getByTestId('grid-row')).toHaveCount(2)
      // The raw grid (catalogue.md §2): the file's own columns, the cell at fault tinted with its reason.
      await page.getByRole('link', { name: 'Spreadsheet' }).click()
      const sheet = page.getByTestId('spreadsheet-grid')
      await expect(sheet.getByRole('columnheader')).toHaveText([
        '#',
        'Listing Unique Id',
        'Style Name',
        'Style Number',
        'UPC',
      ])
      await expect(sheet.getByTestId('sheet-row')).toHaveCount(2)
      const cell = sheet.locator('[data-testid=sheet-row][data-row="3"] td[data-field="Style Name"]')
      await expect(cell).toHaveAttribute('data-level', 'error')
      await expect(cell).toHaveAttribute('title', /Required field "Style Name" missing/)
      expect((await sheet.boundingBox())!.width).toBeLessThanOrEqual(900)
      await page.getByRole('link', { name: 'All', exact: true }).click()
      await expect(sheet.getByTestId('sheet-row')).toHaveCount(3)
      await page.getByRole('link', { name: 'Dry run' }).click()

      await page.getByRole('button', { name: 'Commit' }).click()
      const outcome = page.getByRole('dialog', { name: 'Upload details' })
      await expect(outcome.getByTestId('details-failed')).toHaveText('2')
      await expect(outcome).toContainText('Review the CSV upload for errors. You can also reach our Client Services')
      await expect(page.getByTestId('toast')).toHaveCount(0)
      await page.goto(`${upload(brand)}/${key}`)

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Download failed rows' }).click(),
      ])
      const failed = fs.readFileSync((await download.path())!, 'utf8')
      expect(failed.split(/\r?\n/)[0]).toMatch(/^\uFEFF?Listing Unique Id,Style Name,Style Number,UPC,Errors$/)
      expect(failed).toContain('ER-2')
      expect(failed).toContain('Required field ""Style Name"" missing')
      expect(failed).toContain('1.23457E+11 is in scientific notation')
      // Each failed row says where it is in the uploaded file (the header is row 1).
      expect(failed).toContain('"Row 3: Style Name: Required field ""Style Name"" missing.')
      expect(failed).not.toContain('ER-1')

      // The review lists what failed with the same reasons, and leads to the fix.
      await page.goto(`${upload(brand)}/${key}/review`)
      const review = page.getByRole('dialog', { name: 'Review' })
      await expect(review.getByTestId('review-failed').getByRole('heading')).toHaveText('Failed (2)')
      const upcRow = review.getByTestId('review-failed-row').filter({ hasText: 'Row 4' })
      await expect(upcRow.locator('[data-level=error]')).toContainText('1.23457E+11 is in scientific notation')
      await upcRow.getByRole('link', { name: 'Fix row 4' }).click()
      const upcDialog = page.getByRole('dialog', { name: 'Row 4' })
      await expect(upcDialog.getByText(/1\.23457E\+11 is in scientific notation/)).toBeVisible()
      await upcDialog.getByLabel('UPC', { exact: true }).fill('012345678905')
      await upcDialog.getByRole('button', { name: 'Save' }).click()
      await expect(page).toHaveURL(`${upload(brand)}/${key}`)
      await expect(page.getByTestId('toast').filter({ hasText: 'Row 4 is completed.' })).toBeVisible()
      await expect(gridRow(page, 4)).toContainText('Completed')

      // Saved still wrong: the row keeps its error and the error toast shows.
      await gridRow(page, 3).getByRole('link', { name: 'Fix row 3' }).click()
      const dialog = page.getByRole('dialog', { name: 'Row 3' })
      await dialog.getByLabel('Style Name (required)').fill('   ')
      await dialog.getByRole('button', { name: 'Save' }).click()
      await expect(page.getByTestId('toast').filter({ hasText: 'Review the spreadsheet again.' })).toBeVisible()
      await expect(
        dialog.getByText('Required field "Style Name" missing. Review the spreadsheet and upload again.'),
      ).toBeVisible()

      await dialog.getByLabel('Style Name (required)').fill('Cotton Hoodie')
      await dialog.getByRole('button', { name: 'Save' }).click()
      await expect(page).toHaveURL(`${upload(brand)}/${key}`)
      await expect(page.getByTestId('toast').filter({ hasText: 'Row 3 is completed.' })).toBeVisible()
      await expect(gridRow(page, 3)).toContainText('Completed')
      await page.goto(`/brand/${brand}/products?search=Cotton Hoodie`)
      await expect(page.getByTestId('listing-row')).toHaveCount(1)
    })

    test('the downloaded template, filled in as a workbook: names as brands write them, rows numbered as the sheet, another sheet chosen, committed', async ({
      page,
      ownBrand,
    }) => {
      await signIn(page, 'admin@demo.test')
      const brand = ownBrand.key
      await page.goto(upload(brand))
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Download template' }).click(),
      ])
      // Filled in as a person would in Excel: the example row replaced, a blank row left between.
      const book = new ExcelJS.Workbook()
      const template = fs.readFileSync((await download.path())!)
      await book.xlsx.load(
        template.buffer.slice(template.byteOffset, template.byteOffset + template.byteLength) as ArrayBuffer,
      )
      const sheet = book.worksheets[0]!
      const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String)
      const put = (row: number, values: Record<string, string>) => {
        for (const [name, value] of Object.entries(values)) sheet.getCell(row, headers.indexOf(name) + 1).value = value
      }
      sheet.spliceRows(2, 1)
      put(2, {
        'Listing Unique Id': 'XL-1',
        'Style Name': 'T-Shirt Classic',
        'Style Number': 'XL-S1',
        UPC: '012345678905',
      })
      put(4, { 'Listing Unique Id': 'XL-2', 'Style Name': "Robe d'été à fleurs", 'Style Number': 'XL-S2' })
      put(5, { 'Listing Unique Id': 'XL-3', 'Style Number': 'XL-S3' })
      book.addWorksheet('Men').addRows([
        ['Listing Unique Id', 'Style Name', 'Style Number'],
        ['XM-1', "Men's Robe", 'XM-S1'],
      ])
      const bytes = Buffer.from(await book.xlsx.writeBuffer())
      const key = await uploadToPreview(page, brand, 'filled-template.xlsx', bytes, XLSX)

      await expect(page.getByTestId('records-parsed')).toHaveText('3 records parsed')
      await expect(page.getByTestId('count-create')).toHaveText('2')
      await expect(page.getByTestId('count-errors')).toHaveText('1')
      // The rows as Excel numbers them: 2, then 4 and 5 after the blank row 3.
      await expect(page.getByTestId('grid-row')).toHaveCount(3)
      await expect(gridRow(page, 2)).toHaveAttribute('data-action', 'create')
      await expect(gridRow(page, 4)).toHaveAttribute('data-action', 'create')
      await expect(gridRow(page, 5).getByTestId('row-issues').locator('[data-level=error]')).toContainText(
        'Required field "Style Name" missing.',
      )
      // The template's many empty optional columns make one warning per row, not a line each.
      const warnings = gridRow(page, 2).getByTestId('row-issues').locator('[data-level=warning]')
      await expect(warnings).toHaveCount(1)
      await expect(warnings).toContainText(/^Warning — Optional fields empty: .*Look Number/)
      await page.getByRole('link', { name: 'Spreadsheet' }).click()
      await expect(page.getByTestId('sheet-row')).toHaveCount(3)
      await expect(page.locator('[data-testid=sheet-row][data-row="5"]')).toBeVisible()
      for (const size of [
        { width: 1280, height: 720 },
        { width: 1440, height: 900 },
      ]) {
        await page.setViewportSize(size)
        await page.screenshot({ path: test.info().outputPath(`workbook-sheet-${size.width}.png`) })
      }
      await page.getByRole('link', { name: 'Dry run' }).click()
      await page.screenshot({ path: test.info().outputPath('workbook-dry-run.png'), fullPage: true })

      // The workbook's other sheet, read in place of the first, and back.
      const picker = page.getByTestId('sheet-picker')
      await picker.getByLabel('Sheet').selectOption('Men')
      await picker.getByRole('button', { name: 'Read this sheet' }).click()
      await expect(page.getByTestId('records-parsed')).toHaveText('1 records parsed')
      await expect(gridRow(page, 2)).toContainText('XM-1')
      await page.getByTestId('sheet-picker').getByLabel('Sheet').selectOption('Listings')
      await page.getByTestId('sheet-picker').getByRole('button', { name: 'Read this sheet' }).click()
      await expect(page.getByTestId('records-parsed')).toHaveText('3 records parsed')

      await page.getByRole('button', { name: 'Commit' }).click()
      await expect(page).toHaveURL(`${upload(brand)}/${key}/details`)
      await expect(page.getByRole('dialog', { name: 'Upload details' }).getByTestId('details-created')).toHaveText('2')
      await page.goto(`/brand/${brand}/products`)
      await expect(page.getByTestId('listing-row')).toHaveCount(2)
      await expect(page.getByTestId('listing-row').filter({ hasText: "Robe d'été à fleurs" })).toHaveCount(1)
      await expect(page.getByTestId('listing-row').filter({ hasText: 'T-Shirt Classic' })).toHaveCount(1)
    })

    test('the filtered list exported as a workbook, two cells changed in it, uploads to exactly two updates', async ({
      page,
      ownBrand,
    }) => {
      await signIn(page, 'admin@demo.test')
      const brand = ownBrand.key
      await uploadAndCommit(
        page,
        brand,
        'season.csv',
        'Listing Unique Id,Style Name,Style Number,UPC,Units\n' +
          'RT-1,Round Tee,RT-S1,012345678905,5\nRT-2,Round Top,RT-S2,,7\nRT-3,Round Coat,RT-S3,,9\nOT-1,Other Shirt,OT-S1,,1\n',
      )

      // The list as filtered: a search for "round" leaves three.
      await page.goto(`/brand/${brand}/products?search=round`)
      await expect(page.getByTestId('listing-row')).toHaveCount(3)
      for (const size of [
        { width: 1280, height: 720 },
        { width: 1440, height: 900 },
      ]) {
        await page.setViewportSize(size)
        await page.screenshot({ path: test.info().outputPath(`products-export-${size.width}.png`) })
      }
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('products-export').getByRole('link', { name: 'Export', exact: true }).click(),
      ])
      expect(download.suggestedFilename()).toMatch(/^listings-\d{4}-\d{2}-\d{2}\.xlsx$/)
      const exported = fs.readFileSync((await download.path())!)
      const book = new ExcelJS.Workbook()
      await book.xlsx.load(
        exported.buffer.slice(exported.byteOffset, exported.byteOffset + exported.byteLength) as ArrayBuffer,
      )
      const sheet = book.worksheets[0]!
      const headers = (sheet.getRow(1).values as unknown[]).map(String)
      expect(sheet.rowCount).toBe(4)
      sheet.eachRow((row, number) => {
        if (number === 1) return
        const id = String(row.getCell(headers.indexOf('Listing Unique Id')).value)
        expect(String(row.getCell(headers.indexOf('UPC')).value ?? '')).toBe(id === 'RT-1' ? '012345678905' : '')
        if (id === 'RT-1') row.getCell(headers.indexOf('Style Name')).value = 'Round Tee Renamed'
        if (id === 'RT-3') row.getCell(headers.indexOf('Units')).value = '12'
      })
      const edited = Buffer.from(await book.xlsx.writeBuffer())
      await uploadToPreview(page, brand, 'season-edited.xlsx', edited, XLSX)
      await expect(page.getByTestId('records-parsed')).toHaveText('3 records parsed')
      await expect(page.getByTestId('count-update')).toHaveText('2')
      await expect(page.getByTestId('count-unchanged')).toHaveText('1')
      await expect(page.getByTestId('count-create')).toHaveText('0')
      await page.getByRole('button', { name: 'Commit' }).click()
      await expect(page).toHaveURL(/\/details$/)
      await page.goto(`/brand/${brand}/products?search=renamed`)
      await expect(page.getByTestId('listing-row')).toHaveCount(1)
    })

    test('a row shifted by a comma outside quotes gets one error naming its fields; names with punctuation pass', async ({
      page,
      ownBrand,
    }) => {
      await signIn(page, 'admin@demo.test')
      await uploadToPreview(
        page,
        ownBrand.key,
        'shifted.csv',
        'Listing Unique Id,Style Name,Style Number,Wholesale Prices\n' +
          'SH-1,Mens Tee & Co,SH-S1,45 USD\n' +
          'SH-2,Tee, Classic,SH-S2,45 USD\n',
      )
      await expect(page.getByTestId('count-create')).toHaveText('1')
      await expect(page.getByTestId('count-errors')).toHaveText('1')
      const shifted = gridRow(page, 3).getByTestId('row-issues').locator('[data-level=error]')
      await expect(shifted).toHaveCount(1)
      await expect(shifted).toHaveText(
        'Error — This row has 5 fields where the header has 4: is there a comma inside a value that is not in quotes?',
      )
    })

    test('History downloads the original bytes and rolls an import back', async ({ page, ownBrand }) => {
      await signIn(page, 'admin@demo.test')
      const brand = ownBrand.key
      await page.goto(`${upload(brand)}?tab=history`)
      await expect(page.getByText('No CSV history - Uploaded CSVs can be viewed here.')).toBeVisible()

      // Windows-1252 bytes (é as 0xE9): read as such, and kept exactly as sent.
      const original = Buffer.concat([
        Buffer.from('Listing Unique Id,Style Name,Style Number,Materials\r\nRB-1,Field Jacket,RB-S1,Coton brod'),
        Buffer.from([0xe9]),
        Buffer.from('\r\n'),
      ])
      await uploadAndCommit(page, brand, 'rollback.csv', original)
      await page.goto(`/brand/${brand}/products?search=${encodeURIComponent('brodé')}`)
      await expect(page.getByTestId('listing-row')).toHaveCount(1)
      await expect(page.getByTestId('listing-row')).toContainText('Field Jacket')

      await page.goto(`${upload(brand)}?tab=history`)
      const row = page.getByTestId('history-row').filter({ hasText: 'rollback.csv' })
      await expect(row.getByTestId('history-metadata')).toHaveText(/^By .+ · 1 created, 0 updated, 0 failed$/)
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        row.getByRole('link', { name: 'Download rollback.csv' }).click(),
      ])
      expect(fs.readFileSync((await download.path())!)).toEqual(original)

      await row.getByRole('link', { name: 'Roll back rollback.csv' }).click()
      const confirm = page.getByRole('dialog', { name: 'Roll back upload' })
      await expect(confirm).toContainText('Are you sure you want to roll back the upload of rollback.csv?')
      await confirm.getByRole('button', { name: 'Roll back' }).click()
      await expect(page).toHaveURL(`${upload(brand)}?tab=history`)
      await expect(page.getByTestId('toast').filter({ hasText: 'has been rolled back' })).toBeVisible()
      await expect(page.getByTestId('history-row').filter({ hasText: 'rollback.csv' })).toContainText('Rolled back')
      await page.goto(`/brand/${brand}/products?search=Field`)
      await expect(page.getByText('No listings are available')).toBeVisible()
    })

    test('an older import rolls back while a newer one stays; one whose rows a newer import changed names it and rolls back from there', async ({
      page,
      ownBrand,
    }) => {
      test.setTimeout(90_000)
      await signIn(page, 'admin@demo.test')
      const brand = ownBrand.key
      const commit = (target: Page, name: string, csv: string) => uploadAndCommit(target, brand, name, csv)
      await commit(page, 'untouched.csv', 'Listing Unique Id,Style Name,Style Number\r\nUT-1,Kept Apart Tee,UT-S1\r\n')
      const older = await commit(
        page,
        'older.csv',
        'Listing Unique Id,Style Name,Style Number\r\nOL-1,Older Tee,OL-S1\r\nOL-2,Older Top,OL-S2\r\n',
      )
      // The older import's roll back is confirmed in one tab while a newer one changes its row 3 in another.
      await page.goto(`${upload(brand)}/${older}/rollback`)
      const confirm = page.getByRole('dialog', { name: 'Roll back upload' })
      await expect(confirm.getByRole('button', { name: 'Roll back' })).toBeVisible()
      const other = await page.context().newPage()
      const newer = await commit(
        other,
        'newer.csv',
        'Listing Unique Id,Style Name,Style Number\r\nOL-2,Older Top Renamed,OL-S2\r\nNW-1,Newer Tee,NW-S1\r\n',
      )
      await other.close()
      await confirm.getByRole('button', { name: 'Roll back' }).click()
      const why = 'Row 3 was changed since by the upload of newer.csv: roll that one back first.'
      await expect(page.getByTestId('toast').filter({ hasText: why })).toBeVisible()
      await expect(page.getByText('Something went wrong')).toHaveCount(0)

      // The oldest import, whose rows nobody changed since, rolls back; the newer ones stay.
      await page.goto(`${upload(brand)}?tab=history`)
      await page.getByRole('link', { name: 'Roll back untouched.csv' }).click()
      await page.getByRole('dialog', { name: 'Roll back upload' }).getByRole('button', { name: 'Roll back' }).click()
      await expect(
        page.getByTestId('toast').filter({ hasText: 'The upload of untouched.csv has been rolled back.' }),
      ).toBeVisible()
      await expect(page.getByTestId('history-row').filter({ hasText: 'untouched.csv' })).toContainText('Rolled back')
      await expect(page.getByTestId('history-row').filter({ hasText: 'newer.csv' })).toContainText('Committed')
      await page.goto(`/brand/${brand}/products`)
      await expect(page.getByTestId('listing-row')).toHaveCount(3)
      await expect(page.getByTestId('listing-row').filter({ hasText: 'Kept Apart Tee' })).toHaveCount(0)

      // The older one says who changed which row, and leads to rolling that one back first.
      await page.goto(`${upload(brand)}/${older}/rollback`)
      const blocked = page.getByTestId('rollback-blocked')
      await expect(blocked.getByTestId('rollback-blocker')).toContainText(why)
      await expect(page.getByRole('button', { name: 'Roll back' })).toHaveCount(0)
      await page.screenshot({ path: test.info().outputPath('rollback-blocked.png') })
      await blocked.getByRole('link', { name: 'Roll back newer.csv' }).click()
      await expect(page).toHaveURL(`${upload(brand)}/${newer}/rollback`)
      await page.getByRole('dialog', { name: 'Roll back upload' }).getByRole('button', { name: 'Roll back' }).click()
      await expect(
        page.getByTestId('toast').filter({ hasText: 'The upload of newer.csv has been rolled back.' }),
      ).toBeVisible()
      await page.goto(`${upload(brand)}/${older}/rollback`)
      await page.getByRole('dialog', { name: 'Roll back upload' }).getByRole('button', { name: 'Roll back' }).click()
      await expect(
        page.getByTestId('toast').filter({ hasText: 'The upload of older.csv has been rolled back.' }),
      ).toBeVisible()
      await page.goto(`/brand/${brand}/products`)
      await expect(page.getByText('No listings are available')).toBeVisible()
    })

    test('bulk edit: two ticked products get a new status and department, shown as a dry run, committed and rolled back', async ({
      page,
      ownBrand,
    }) => {
      test.setTimeout(90_000)
      await signIn(page, 'admin@demo.test')
      const brand = ownBrand.key
      await uploadAndCommit(
        page,
        brand,
        'bulk-base.csv',
        'Listing Unique Id,Style Name,Style Number,Department,Status\r\n' +
          'BE-1,Camp Shirt,BE-S1,Womens,active\r\nBE-2,Robe d’été,BE-S2,Womens,active\r\nBE-3,Kept Tee,BE-S3,Womens,active\r\n',
      )
      const values = async () => {
        const answer = await page.request.get(`/api/listing/query/filter?brand=${brand}&limit=50`)
        const { data } = (await answer.json()) as {
          data: { listing_unique_id: string; department: string; status: string }[]
        }
        return Object.fromEntries(data.map((row) => [row.listing_unique_id, `${row.department} ${row.status}`]))
      }

      await page.goto(`/brand/${brand}/products`)
      await page.getByRole('checkbox', { name: 'Select Camp Shirt' }).check()
      await page.getByRole('checkbox', { name: 'Select Robe d’été' }).check()
      await page.getByRole('button', { name: 'Edit selected' }).click()
      const dialog = page.getByRole('dialog', { name: 'Edit Products' })
      await expect(dialog.getByTestId('bulk-edit-names')).toHaveText(/Camp Shirt · BE-S1\s*Robe d’été · BE-S2/)
      // Nothing chosen: said on the dialog, nothing kept.
      await dialog.getByRole('button', { name: 'Review changes' }).click()
      await expect(page.getByRole('dialog', { name: 'Edit Products' }).getByRole('alert')).toHaveText(
        'Choose at least one field to change.',
      )
      await page.getByLabel('Status').selectOption('archived')
      await page.getByLabel('Department').fill('Menswear')
      await page.screenshot({ path: test.info().outputPath('bulk-edit-1280.png') })
      await page.setViewportSize({ width: 1440, height: 900 })
      await page.screenshot({ path: test.info().outputPath('bulk-edit-1440.png') })
      await page.getByRole('dialog', { name: 'Edit Products' }).getByRole('button', { name: 'Review changes' }).click()

      // The dry run: two updates, each change before → after, and nothing written yet.
      await page.waitForURL(new RegExp(`${upload(brand)}/[^/?]+$`))
      const edit = page.url().split('/').at(-1)!
      await expect(page.getByTestId('count-update')).toHaveText('2')
      await expect(page.getByText('Bulk edit of 2 products.csv').first()).toBeVisible()
      expect(await values()).toEqual({ 'BE-1': 'Womens active', 'BE-2': 'Womens active', 'BE-3': 'Womens active' })
      await page.getByRole('button', { name: 'Commit' }).click()
      await expect(page).toHaveURL(`${upload(brand)}/${edit}/details`)
      expect(await values()).toEqual({
        'BE-1': 'Menswear archived',
        'BE-2': 'Menswear archived',
        'BE-3': 'Womens active',
      })

      // Undone from History like any upload.
      await page.goto(`${upload(brand)}?tab=history`)
      await page.getByRole('link', { name: 'Roll back Bulk edit of 2 products.csv' }).click()
      await page.getByRole('dialog', { name: 'Roll back upload' }).getByRole('button', { name: 'Roll back' }).click()
      await expect(page.getByTestId('history-row').filter({ hasText: 'Bulk edit of 2 products.csv' })).toContainText(
        'Rolled back',
      )
      expect(await values()).toEqual({ 'BE-1': 'Womens active', 'BE-2': 'Womens active', 'BE-3': 'Womens active' })
    })

    test('a file that is not CSV and a file without the id column get their messages', async ({ page, ownBrand }) => {
      await signIn(page, 'admin@demo.test')
      const brand = ownBrand.key
      await uploadFile(page, brand, 'photo.png', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), 'image/png')
      await expect(page.getByRole('alert')).toHaveText(NOT_CSV)
      // Still the upload page (Remix posts an index route's form to ?index).
      await expect(page).toHaveURL(new RegExp(`${upload(brand)}(\\?index)?$`))

      await uploadFile(page, brand, 'no-id.csv', 'Style Name,Style Number\nLinen Shirt,ST-1\n')
      await expect(page.getByRole('alert')).toHaveText(ID_MISSING)
      await expect(page.getByTestId('toast').filter({ hasText: 'Error uploading CSV file.' })).toHaveText(
        `Error uploading CSV file. ${ID_MISSING}`,
      )
      await page.goto(`${upload(brand)}?tab=history`)
      await expect(page.getByTestId('history-row')).toHaveCount(0)
    })
  })
}

test('the upload pages and their dialogs have no axe violations', async ({ page, ownBrand }) => {
  await signIn(page, 'admin@demo.test')
  const brand = ownBrand.key
  await page.goto(upload(brand))
  await noAxeViolations(page, 'upload page')
  await page.goto(`${upload(brand)}?tab=history`)
  await noAxeViolations(page, 'empty history')
  // A column the template does not know: the upload asks for the mapping first.
  await uploadFile(
    page,
    brand,
    'axe.csv',
    'Listing Unique Id,Style Name,Style Number,Fabric Story\nAX-1,Axe Tee,AX-S1,Soft\nAX-2,,AX-S2,Rough\n',
  )
  await page.waitForURL(/\/mapping$/)
  const key = page.url().split('/').at(-2)!
  for (const path of ['', '/mapping', '/row/2', '?only=errors']) {
    await page.goto(`${upload(brand)}/${key}${path}`)
    await noAxeViolations(page, `dry run ${path}`)
  }
  await page.goto(`${upload(brand)}/${key}`)
  const commit = page.getByRole('button', { name: 'Commit' })
  if (await commit.isVisible()) await commit.click()
  for (const path of ['/details', '/review', '/rollback']) {
    await page.goto(`${upload(brand)}/${key}${path}`)
    await noAxeViolations(page, path)
  }
  await page.goto(`${upload(brand)}?tab=history`)
  await noAxeViolations(page, 'history')
})
