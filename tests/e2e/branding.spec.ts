// Branding: colours, logo and template saved on /brand/{key}/customization reach the brand's
// login page; the Image Crop modal; the profile picture in the frame. Each test works on a brand
// it creates, so Demo Brand's login page stays as other specs expect it.
import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { expect, signIn, test } from './fixtures'

async function createBrand(page: Page, prefix: string): Promise<string> {
  const answer = await page.request.post('/api/brand/model/', { data: { name: `${prefix} ${Date.now()}` } })
  expect(answer.ok()).toBe(true)
  const { data } = (await answer.json()) as { data: { key: string } }
  return data.key
}

async function pngFile(name: string, width: number, height: number, colour: string) {
  const buffer = await sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer()
  return { name, mimeType: 'image/png', buffer }
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('an owner saves login colours and a logo, and the brand login page shows them', async ({ page, browser }) => {
    await signIn(page, 'admin@demo.test')
    const key = await createBrand(page, 'Atelier')
    await page.goto(`/brand/${key}/customization`)
    await expect(page.getByRole('heading', { name: 'Universal Style' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Landing Page' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Login Page' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Landing Page' })).toHaveAttribute('aria-current', 'page')

    await page.getByRole('link', { name: 'Login', exact: true }).click()
    await expect(page.getByTestId('login-preview')).toBeVisible()
    await page.getByRole('link', { name: 'Customize' }).click()
    await expect(page).toHaveURL(/tab=login/)
    // Hex for the background; the RGB fields for the font (without JavaScript they are not synced).
    await page.getByLabel('Login background colour hex').fill('#123456')
    await page.getByLabel('Login font colour R').fill('250')
    await page.getByLabel('Login font colour G').fill('240')
    await page.getByLabel('Login font colour B').fill('230')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByTestId('toast')).toHaveText(/Brand has been updated/)
    await expect(page.getByTestId('login-preview')).toHaveCSS('background-color', 'rgb(18, 52, 86)')
    await expect(page.getByLabel('Login font colour hex')).toHaveValue('#faf0e6')

    // A hex value shorter than 7 characters is refused and nothing is saved.
    await page.getByRole('link', { name: 'Customize' }).click()
    await page.getByLabel('Panel background colour hex').fill('#12')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Enter a hex colour of 7 characters, such as #1a2b3c.')).toBeVisible()
    await page.getByRole('link', { name: 'Cancel' }).click()

    await page.getByRole('link', { name: 'Customize' }).click()
    await page.getByRole('link', { name: 'Add logo' }).click()
    const dialog = page.getByRole('dialog', { name: 'Image Crop' })
    await expect(dialog.getByText('Suggested logo is at least 200 px high')).toBeVisible()
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not a picture'),
    })
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByRole('alert')).toHaveText('The file is not a JPEG, PNG or WebP image.')
    await page
      .getByRole('dialog', { name: 'Image Crop' })
      .locator('input[type=file]')
      .setInputFiles(await pngFile('logo.png', 400, 200, '#d4af37'))
    await page.getByRole('dialog', { name: 'Image Crop' }).getByRole('button', { name: 'Save' }).click()
    await expect(page.getByTestId('toast')).toHaveText(/Brand has been updated/)
    await expect(page).toHaveURL(new RegExp(`/brand/${key}/customization\\?`))
    await expect(page.getByRole('img', { name: 'Logo', exact: true })).toBeVisible()
    // The page frame shows the brand's logo too.
    await expect(page.getByRole('link', { name: 'Brand home' }).locator('img')).toBeVisible()
    await page.getByRole('link', { name: 'Login', exact: true }).click()
    await page.screenshot({ path: test.info().outputPath('customize-login.png'), fullPage: true })

    const visitor = await browser.newContext({ javaScriptEnabled: false })
    const loginPage = await visitor.newPage()
    await loginPage.goto(`/?brand=${key}`)
    const panel = loginPage.getByTestId('brand-panel')
    await expect(panel).toHaveCSS('background-color', 'rgb(18, 52, 86)')
    await expect(panel).toHaveCSS('color', 'rgb(250, 240, 230)')
    const logo = panel.getByRole('img', { name: /logo$/ })
    await expect(logo).toBeVisible()
    expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(400)
    // The form sits in the universal panel colours: the defaults, black with white font.
    await expect(loginPage.getByTestId('form-panel')).toHaveCSS('background-color', 'rgb(0, 0, 0)')
    await expect(loginPage.getByTestId('form-panel')).toHaveCSS('color', 'rgb(255, 255, 255)')
    await loginPage.screenshot({ path: test.info().outputPath('brand-login.png') })
    await visitor.close()
  })

  test('template cards choose the landing layout; Cancel discards, Save keeps', async ({ page, browser }) => {
    await signIn(page, 'admin@demo.test')
    const key = await createBrand(page, 'Grid')
    await page.goto(`/brand/${key}/customization`)
    const modalCard = page.getByRole('listitem', { name: 'Modal-style layout' })
    const gridCard = page.getByRole('listitem', { name: 'Grid layout' })
    await expect(modalCard.getByRole('link', { name: 'Edit' })).toBeVisible()
    await gridCard.getByRole('link', { name: 'Use this Template' }).click()
    await expect(page.getByRole('listitem', { name: 'Grid layout' }).getByRole('link', { name: 'Edit' })).toBeVisible()
    await page.getByRole('link', { name: 'Cancel' }).click()
    await expect(
      page.getByRole('listitem', { name: 'Grid layout' }).getByRole('link', { name: 'Use this Template' }),
    ).toBeVisible()

    await page.getByRole('listitem', { name: 'Grid layout' }).getByRole('link', { name: 'Use this Template' }).click()
    await page.getByRole('link', { name: 'Add grid image 3' }).click()
    await page
      .getByRole('dialog', { name: 'Image Crop' })
      .locator('input[type=file]')
      .setInputFiles(await pngFile('look.png', 600, 600, '#2f4f4f'))
    await page.getByRole('dialog', { name: 'Image Crop' }).getByRole('button', { name: 'Save' }).click()
    await expect(page.getByTestId('toast')).toHaveText(/Brand has been updated/)
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByTestId('toast')).toHaveText(/Brand has been updated/)
    await expect(page.getByRole('listitem', { name: 'Grid layout' }).getByRole('link', { name: 'Edit' })).toBeVisible()
    await page.screenshot({ path: test.info().outputPath('customization.png'), fullPage: true })

    const visitor = await browser.newContext({ javaScriptEnabled: false })
    const loginPage = await visitor.newPage()
    await loginPage.goto(`/?brand=${key}`)
    await expect(loginPage.getByTestId('brand-grid').locator('img')).toHaveCount(1)
    await visitor.close()
  })

  test('a profile picture upload shows in the frame instead of the initials', async ({ page }) => {
    await signIn(page, 'vsm@demo.test')
    await page.goto('/settings/profile')
    await expect(page.getByRole('heading', { name: 'Personal Profile', level: 2 })).toBeVisible()
    await page.getByRole('link', { name: 'Change picture' }).click()
    const dialog = page.getByRole('dialog', { name: 'Image Crop' })
    await dialog.locator('input[type=file]').setInputFiles(await pngFile('me.png', 300, 200, '#8b0000'))
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByTestId('toast')).toHaveText(/Profile picture has been updated/)
    const avatar = page.locator('summary', { hasText: 'Profile menu' }).locator('img')
    await expect(avatar).toBeVisible()
    // Visible is not loaded: wait for the picture's own pixels, which are the cropped 200 × 200.
    await expect
      .poll(() => avatar.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]), {
        timeout: 10_000,
      })
      .toEqual([200, 200])
    await page.screenshot({ path: test.info().outputPath('profile.png') })
  })
})

test('with JavaScript, Crop without a selection asks to select the crop area, then crops the dragged area', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test')
  const key = await createBrand(page, 'Crop')
  await page.goto(`/brand/${key}/customization/image/hero?customize=1`)
  const dialog = page.getByRole('dialog', { name: 'Image Crop' })
  await expect(dialog.getByText('Suggested background is at least 1920 px wide')).toBeVisible()
  await dialog.locator('input[type=file]').setInputFiles(await pngFile('hero.png', 800, 400, '#336699'))
  const area = dialog.getByTestId('crop-area')
  await expect(area.getByRole('img')).toBeVisible()
  await dialog.getByRole('button', { name: 'Crop' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Select crop area')

  const box = (await area.boundingBox())!
  await page.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.25)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width * 0.75, box.y + box.height * 0.75, { steps: 5 })
  await page.mouse.up()
  await expect(dialog.getByTestId('crop-selection')).toBeVisible()
  await expect(dialog.getByRole('alert')).toHaveCount(0)
  await page.screenshot({ path: test.info().outputPath('image-crop.png') })
  await dialog.getByRole('button', { name: 'Crop' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/Brand has been updated/)
  const saved = page.getByRole('dialog', { name: 'Image Crop' }).getByTestId('saved-image')
  await expect(saved).toBeVisible()
  // Half of each side of an 800 × 400 image (give or take a pixel of pointer rounding).
  const size = await saved.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])
  expect(Math.abs(size[0]! - 400)).toBeLessThanOrEqual(8)
  expect(Math.abs(size[1]! - 200)).toBeLessThanOrEqual(8)
})

test('with JavaScript, a picker keeps hex and RGB in sync and the preview follows before Save', async ({ page }) => {
  await signIn(page, 'admin@demo.test')
  const key = await createBrand(page, 'Live')
  await page.goto(`/brand/${key}/customization?tab=login&customize=1`)
  const hex = page.getByLabel('Login background colour hex')
  await hex.fill('#a0b0c')
  // Not yet 7 characters: nothing changes.
  await expect(page.getByLabel('Login background colour R')).toHaveValue('0')
  await hex.fill('#a0b0c0')
  await expect(page.getByLabel('Login background colour R')).toHaveValue('160')
  await expect(page.getByLabel('Login background colour G')).toHaveValue('176')
  await expect(page.getByTestId('login-preview')).toHaveCSS('background-color', 'rgb(160, 176, 192)')
  await page.getByLabel('Login font colour B').fill('0')
  await expect(page.getByLabel('Login font colour hex')).toHaveValue('#ffff00')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/Brand has been updated/)
  await expect(page.getByRole('link', { name: 'Customize' })).toBeVisible()
  await expect(page.getByTestId('login-preview')).toHaveCSS('color', 'rgb(255, 255, 0)')
})
