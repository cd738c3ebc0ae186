// The Materials step in the browser (atelier.md §2 Materials step, §8): a designer opens Add
// Fabric, uploads a picture in the Media Library, fills New Fabric with front and back colours
// (a hex code, and a Pantone whose swatch shows) and saves; the fabric list shows it with the
// toast. The same walk with JavaScript off.
import sharp from 'sharp'
import type { Page } from '@playwright/test'
import { brandKeyByName, expect, signIn, test } from './fixtures'

/**
 * Signs in as Demo Brand's designer (editor grant) and answers the Materials address of a demo
 * style: styles come from the catalogue's seed, which no call of the API makes.
 */
async function demoMaterials(page: Page): Promise<string> {
  await signIn(page, 'editor@demo.test')
  const brand = await brandKeyByName(page, 'Demo Brand')
  const answer = await page.request.get(`/api/style/query/brand?brand=${brand}`)
  const { data } = (await answer.json()) as { data: { key: string; name: string }[] }
  const style = [...data].sort((a, b) => a.name.localeCompare(b.name)).at(-1)
  if (!style) throw new Error('Demo Brand has no style')
  return `/brand/${brand}/style/${style.key}/materials`
}

async function swatchFile(name: string): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#2f5d8a' } })
    .jpeg()
    .toBuffer()
  return { name, mimeType: 'image/jpeg', buffer }
}

async function addFabric(page: Page, base: string, name: string, javaScript: boolean) {
  const picture = `${name.toLowerCase().replace(/\W+/g, '-')}.jpg`
  await page.goto(base)
  await expect(page.getByText('No additional Fabric? Click checkmark')).toBeVisible()
  await page.getByRole('link', { name: 'Add Fabric' }).click()
  const library = page.getByRole('dialog', { name: 'Media Library' })
  await expect(library).toBeVisible()
  await library.getByLabel('Upload a picture').setInputFiles(await swatchFile(picture))
  await library.getByRole('button', { name: 'Upload', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'New Fabric' })).toBeVisible()
  await expect(page.getByText('The file has been uploaded and scanned.')).toBeVisible()
  // The uploaded picture is chosen for the front.
  await expect(page.getByRole('radio', { name: `Front: ${picture}` })).toBeChecked()

  await page.getByLabel('Name', { exact: true }).fill(name)
  await page.getByLabel('Use', { exact: true }).fill('Body')
  await page.getByLabel('Colorway').fill('Blue / Red')
  await page.locator('#front-code').fill('Classic Blue')
  await page.locator('#front-hexcode').fill('#0F4C81')
  await page.locator('#front-pantone').fill('19-4052 TCX')
  await page.locator('#back-code').fill('Red')
  await page.locator('#back-pantone').fill('185 C')
  if (javaScript) {
    // The Pantone's swatch follows the typing: a known code shows its colour, an unknown one says so.
    await expect(page.getByRole('img', { name: 'Back Pantone: #E4002B' })).toBeVisible()
    await page.locator('#back-pantone').fill('11-1234 TCX')
    await expect(page.getByText('No swatch known for this code')).toBeVisible()
    await page.locator('#back-pantone').fill('185 C')
  }
  await page.getByRole('button', { name: 'Save' }).click()

  await expect(page).toHaveURL(new RegExp(`${base}/fabric/summary$`))
  await expect(page.getByText('Change saved successfully')).toBeVisible()
  const list = page.getByRole('list', { name: 'Fabric list' })
  const item = list.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) })
  await expect(item).toBeVisible()
  // Newest modified first.
  await expect(list.getByRole('heading').first()).toHaveText(name)
  await expect(item.getByText('Front · Classic Blue · #0F4C81 · 19-4052 TCX')).toBeVisible()
  // An empty hex code took the Pantone's known colour.
  await expect(item.getByText('Back · Red · #E4002B · 185 C')).toBeVisible()
  await expect(item.getByRole('img', { name: 'back colour: #E4002B' })).toBeVisible()
}

test('a designer adds a fabric with front and back colours', async ({ page }) => {
  const base = await demoMaterials(page)
  await addFabric(page, base, `Washed twill ${Date.now().toString(36)}`, true)
})

test('a refused material form says so and keeps what was typed', async ({ page }) => {
  const base = await demoMaterials(page)
  await page.goto(`${base}/trim/add`)
  await page.getByLabel('Name', { exact: true }).fill('Horn button')
  await page.locator('#front-hexcode').fill('#12')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Error with Material API, please try again or contact support.')).toBeVisible()
  await expect(page.getByText('Enter a hex code as #RRGGBB, such as #0F4C81.')).toBeVisible()
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Horn button')
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a designer adds a fabric with front and back colours', async ({ page }) => {
    const base = await demoMaterials(page)
    await addFabric(page, base, `Plain twill ${Date.now().toString(36)}`, false)
  })
})
