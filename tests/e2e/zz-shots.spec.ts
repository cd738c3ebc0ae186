import { expect, signIn, test } from './fixtures'
import { demoKey } from '#app/platform/ids'

test(`looks 1280`, async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 })
  await signIn(page, 'admin@demo.test')
  const b = demoKey('brand:demo')
  await page.goto('/brands')
  await page.screenshot({ path: `scratch/shots/brands.png` })
  await page.goto(`/brand/${b}/atelier/listings`)
  await page.screenshot({ path: `scratch/shots/atelier-listings.png` })
  await page.goto(`/brand/${b}/edit`)
  await page.screenshot({ path: `scratch/shots/company.png` })
  await page.goto(`/brand/${b}/products/media/upload`)
  await page.screenshot({ path: `scratch/shots/media-upload.png` })
  await page.goto(`/brand/${b}/products/media/manage`)
  await page.screenshot({ path: `scratch/shots/media-manage.png` })
})

test('details 1280', async ({ page, ownBrand }) => {
  await page.setViewportSize({ width: 1280, height: 720 })
  await signIn(page, 'admin@demo.test')
  const brand = ownBrand.key
  await page.goto(`/brand/${brand}/products/upload`)
  const csv = 'Listing Unique Id,Style Name,Style Number\nDT-1,Tee,SN-1\nDT-2,,SN-2\n'
  await page.getByLabel('Select File').setInputFiles({ name: 'd.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
  await page.getByRole('button', { name: 'Upload' }).click()
  await page.waitForURL(/upload\/[^/?]+$/)
  await page.screenshot({ path: `scratch/shots/preview.png` })
  await page.getByRole('button', { name: 'Commit' }).click()
  await expect(page.getByRole('dialog', { name: 'Upload details' })).toBeVisible()
  await page.waitForTimeout(300)
  await page.screenshot({ path: `scratch/shots/details.png` })
})
