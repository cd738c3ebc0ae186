// The asset library in the browser (atelier.md §2 Asset library, §4 Brand storage, §8): an owner
// creates the brand's bucket from the dialog, finds the default folders, makes a nested folder
// whose name has spaces, an accent and an emoji (the address carries it encoded and a reload
// keeps it), uploads a picture into it, switches tiles and table and the page size, renames and
// moves the folder, and deletes a file and a folder after the confirmation. The same walk with
// JavaScript off. A read member browses and downloads but sees no way to change anything; an
// outsider gets 404.
import sharp from 'sharp'
import type { Page } from '@playwright/test'
import { DEFAULT_FOLDERS } from '#app/features/assets/asset-paths'
import { brandKeyByName, expect, signIn, test } from './fixtures'

const toast = (page: Page) => page.getByTestId('toast')

async function picture(name: string) {
  const buffer = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#b45309' } })
    .png()
    .toBuffer()
  return { name, mimeType: 'image/png', buffer }
}

async function openMenu(page: Page, name: string, item: string) {
  await page.getByLabel(`Actions for ${name}`).click()
  await page.getByRole('link', { name: item, exact: true }).click()
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled })

    test('an owner sets up the library and files, renames, moves and deletes', async ({ page, ownBrand }) => {
      await signIn(page, 'admin@demo.test')
      const base = `/brand/${ownBrand.key}/assets_library`
      await page.goto(base)
      const required = page.getByRole('dialog', { name: 'Asset Library' })
      await expect(required.getByText('A brand bucket is required to use the Asset Library.')).toBeVisible()
      await required.getByRole('button', { name: 'Create bucket' }).click()
      await expect(toast(page)).toHaveText(/The bucket has been created and the Asset Library is now available\./)
      const tiles = page.getByRole('list', { name: 'Assets' })
      for (const folder of DEFAULT_FOLDERS)
        await expect(tiles.getByRole('link', { name: folder, exact: true })).toBeVisible()

      // A nested folder with a name of spaces, an accent and an emoji.
      await tiles.getByRole('link', { name: 'Tech Packs', exact: true }).click()
      await expect(page).toHaveURL(new RegExp(`${base}/Tech%20Packs$`))
      await expect(page.getByText('No assets are available')).toBeVisible()
      await page.getByRole('link', { name: 'New folder' }).click()
      const newFolder = page.getByRole('dialog', { name: 'New folder' })
      await newFolder.getByLabel('Name').fill('SS27 Été 🌸')
      await newFolder.getByRole('button', { name: 'Create' }).click()
      await expect(toast(page)).toHaveText(/Folder SS27 Été 🌸 has been created\./)
      await page.getByRole('list', { name: 'Assets' }).getByRole('link', { name: 'SS27 Été 🌸', exact: true }).click()
      const nested = `${base}/Tech%20Packs/SS27%20%C3%89t%C3%A9%20%F0%9F%8C%B8`
      await expect(page).toHaveURL(nested)
      await page.reload()
      await expect(page.getByRole('navigation', { name: 'Breadcrumbs' }).getByText('SS27 Été 🌸')).toBeVisible()

      // Upload a picture into it.
      await page.getByRole('link', { name: 'Upload' }).click()
      const upload = page.getByRole('dialog', { name: 'Upload files' })
      await upload.getByLabel('Files').setInputFiles(await picture('Look 1.png'))
      await upload.getByRole('button', { name: 'Upload' }).click()
      await expect(toast(page)).toHaveText(/The file is being scanned for security compliance\./)
      await expect(page).toHaveURL(nested)
      await expect(page.getByRole('list', { name: 'Assets' }).getByText('Look 1.png')).toBeVisible()

      // Table and page size, kept in the address.
      await page.getByRole('link', { name: 'Table' }).click()
      await expect(page.getByRole('table', { name: 'Assets' }).getByRole('cell', { name: /Look 1\.png/ })).toBeVisible()
      await page.getByRole('navigation', { name: 'Per page' }).getByRole('link', { name: '24' }).click()
      await expect(page).toHaveURL(/view=table/)
      await expect(page).toHaveURL(/per_page=24/)
      await expect(
        page.getByRole('navigation', { name: 'Per page' }).getByRole('link', { name: '24' }),
      ).toHaveAttribute('aria-current', 'true')

      // Rename the folder, then move it into Prints.
      await page.goto(`${base}/Tech%20Packs`)
      await openMenu(page, 'SS27 Été 🌸', 'Rename')
      const rename = page.getByRole('dialog', { name: 'Rename folder' })
      await rename.getByLabel('Name').fill('SS27 Final')
      await rename.getByRole('button', { name: 'Rename' }).click()
      await expect(toast(page)).toHaveText(/SS27 Final has been renamed\./)
      await openMenu(page, 'SS27 Final', 'Move')
      const move = page.getByRole('dialog', { name: 'Move SS27 Final' })
      await move.getByLabel('Move to').selectOption({ label: 'Prints' })
      await move.getByRole('button', { name: 'Move' }).click()
      await expect(toast(page)).toHaveText(/SS27 Final has been moved\./)
      await expect(page.getByText('No assets are available')).toBeVisible()
      await page.goto(`${base}/Prints/SS27%20Final`)
      await expect(page.getByRole('list', { name: 'Assets' }).getByText('Look 1.png')).toBeVisible()

      // Delete the file, then the folder, each after the confirmation.
      await openMenu(page, 'Look 1.png', 'Delete')
      const confirmFile = page.getByRole('dialog', { name: 'Delete Look 1.png' })
      await expect(
        confirmFile.getByText("Deleting assets can't be undone. Are you sure you want to delete?"),
      ).toBeVisible()
      await confirmFile.getByRole('button', { name: 'Delete' }).click()
      await expect(toast(page)).toHaveText(/Asset has been deleted successfully\./)
      await expect(page.getByText('No assets are available')).toBeVisible()
      await page.goto(`${base}/Prints`)
      await openMenu(page, 'SS27 Final', 'Delete')
      await page.getByRole('dialog', { name: 'Delete SS27 Final' }).getByRole('button', { name: 'Delete' }).click()
      await expect(toast(page)).toHaveText(/Folder has been deleted successfully\./)
      await expect(page.getByText('No assets are available')).toBeVisible()
    })
  })
}

test('with JavaScript, an owner drags a file into a folder, a folder into another, and back up by the breadcrumbs', async ({
  page,
  ownBrand,
}) => {
  await signIn(page, 'admin@demo.test')
  const base = `/brand/${ownBrand.key}/assets_library`
  await page.goto(base)
  await page.getByRole('dialog', { name: 'Asset Library' }).getByRole('button', { name: 'Create bucket' }).click()
  await expect(toast(page)).toHaveText(/The bucket has been created/)
  await page.getByRole('link', { name: 'Upload' }).click()
  const upload = page.getByRole('dialog', { name: 'Upload files' })
  await upload.getByLabel('Files').setInputFiles(await picture('Swatch.png'))
  await upload.getByRole('button', { name: 'Upload' }).click()
  const tiles = page.getByRole('list', { name: 'Assets' })
  const tile = (name: string) => tiles.getByRole('listitem').filter({ hasText: name })
  await expect(tile('Swatch.png')).toBeVisible()
  // A file just uploaded previews as the picture it is, once its checks are done.
  await expect(async () => {
    await page.reload()
    await page.getByLabel('Actions for Swatch.png').click()
    await page.getByRole('link', { name: 'Preview', exact: true }).click()
    const preview = page.getByRole('dialog', { name: 'Swatch.png' })
    await expect(preview.getByRole('img', { name: 'Swatch.png' })).toBeVisible({ timeout: 1_000 })
  }).toPass()
  await expect(page.getByText("This file can't be previewed.")).toHaveCount(0)
  await page.goto(base)

  // A file onto a folder's tile.
  await tile('Swatch.png').dragTo(tile('Prints'))
  await expect(toast(page)).toHaveText(/Swatch\.png has been moved\./)
  await expect(tile('Swatch.png')).toHaveCount(0)
  // A folder onto another in the tree; it takes its file along.
  const tree = page.getByRole('complementary', { name: 'Folders' })
  await tile('Prints').dragTo(tree.getByRole('link', { name: 'Graphics', exact: true }))
  await expect(toast(page)).toHaveText(/Prints has been moved\./)
  await page.goto(`${base}/Graphics/Prints`)
  await expect(tile('Swatch.png')).toBeVisible()
  // Back to the top by the breadcrumbs.
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' })
  await tile('Swatch.png').dragTo(crumbs.getByRole('link', { name: 'Asset Library', exact: true }))
  await expect(toast(page)).toHaveText(/Swatch\.png has been moved\./)
  await page.goto(base)
  await expect(tile('Swatch.png')).toBeVisible()
  // A folder dropped on itself in the tree is not taken: no request, no toast, nothing moves.
  const requests: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST') requests.push(request.url())
  })
  await tile('Graphics').dragTo(tree.getByRole('link', { name: 'Graphics', exact: true }))
  await expect(tile('Graphics')).toBeVisible()
  expect(requests).toEqual([])
})

test('a read member browses and previews but changes nothing; an outsider gets 404', async ({ page }) => {
  await signIn(page, 'viewer@demo.test')
  const brand = await brandKeyByName(page, 'Demo Brand')
  await page.goto(`/brand/${brand}/assets_library/Branding`)
  const tiles = page.getByRole('list', { name: 'Assets' })
  await expect(tiles.getByText('Mood board.png')).toBeVisible()
  await expect(page.getByRole('link', { name: 'New folder' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Upload' })).toHaveCount(0)
  await page.getByLabel('Actions for Mood board.png').click()
  await expect(page.getByRole('link', { name: 'Rename' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Delete' })).toHaveCount(0)
  await page.getByRole('link', { name: 'Preview', exact: true }).click()
  const preview = page.getByRole('dialog', { name: 'Mood board.png' })
  await expect(preview.getByRole('img', { name: 'Mood board.png' })).toBeVisible()
  await expect(preview.getByRole('link', { name: 'Download' })).toBeVisible()
  // A change dialog asked by address is not shown to a reader.
  await page.goto(`/brand/${brand}/assets_library/Branding?dialog=folder`)
  await expect(page.getByRole('dialog', { name: 'New folder' })).toHaveCount(0)

  await page.context().clearCookies()
  await signIn(page, 'outsider@demo.test')
  const refused = await page.goto(`/brand/${brand}/assets_library/Branding`)
  expect(refused?.status()).toBe(404)
})

test('a PDF is drawn in the preview under the page’s security policy', async ({ page }) => {
  const refusals: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refusals.push(message.text())
  })
  await signIn(page, 'viewer@demo.test')
  const brand = await brandKeyByName(page, 'Demo Brand')
  await page.goto(`/brand/${brand}/assets_library/Tech%20Packs/SS27`)
  await page.getByLabel('Actions for Tech pack SS27.pdf').click()
  await page.getByRole('link', { name: 'Preview', exact: true }).click()
  const preview = page.getByRole('dialog', { name: 'Tech pack SS27.pdf' })
  const firstPage = preview.getByRole('img', { name: 'Tech pack SS27.pdf, page 1 of 1' })
  await expect(firstPage).toBeVisible()
  // The page's text was drawn: some pixels are dark, not just the white sheet.
  await expect
    .poll(() =>
      firstPage.evaluate((canvas: HTMLCanvasElement) => {
        const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height)
        let dark = 0
        for (let i = 0; i < data.length; i += 4) if (data[i]! < 100 && data[i + 3]! > 0) dark++
        return dark
      }),
    )
    .toBeGreaterThan(100)
  await expect(preview.getByText("This file can't be previewed.")).toHaveCount(0)
  expect(refusals).toEqual([])
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })
  test('a PDF’s preview says it needs JavaScript and offers the download', async ({ page }) => {
    await signIn(page, 'viewer@demo.test')
    const brand = await brandKeyByName(page, 'Demo Brand')
    const item = await page.goto(`/brand/${brand}/assets_library/Tech%20Packs/SS27`)
    expect(item?.status()).toBe(200)
    await page.getByLabel('Actions for Tech pack SS27.pdf').click()
    await page.getByRole('link', { name: 'Preview', exact: true }).click()
    const preview = page.getByRole('dialog', { name: 'Tech pack SS27.pdf' })
    // The message is in a <noscript>, which Playwright's text matching passes over: read it as shown.
    const notice = preview.locator('noscript > div')
    await expect(notice).toBeVisible()
    expect(await notice.evaluate((element) => (element as HTMLElement).innerText)).toMatch(
      /This file can't be previewed\.\s+The preview of a PDF needs JavaScript; Download opens the file\./,
    )
    await expect(preview.getByRole('link', { name: 'Download' })).toBeVisible()
  })
})
