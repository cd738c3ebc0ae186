// 3D virtual samples end to end (docs/decisions/137): the demo Linen Shirt's .glb opens in the 3D
// viewer; the designer pins the model, turns the camera away, and clicking the pin brings back
// the camera the pin was placed with; the vsm, in a browser of their own, sees the pin arrive and
// clicking it shows them the same view. Without JavaScript the page offers the file and its pins;
// the file comes only through its signed link, and an outsider finds no sample.
import type { Page } from '@playwright/test'
import { demoKey } from '#app/platform/ids'
import { angleBetween } from '../../app/features/samples/markup/model-pins'
import { expect, signIn, test } from './fixtures'

const BRAND = demoKey('brand:demo')
const STYLE = demoKey('style:linen-shirt')
const SAMPLE = demoKey('sample-ref:linen-shirt-3d')
const samplePath = `/brand/${BRAND}/style/${STYLE}/samples/${SAMPLE}`

interface Pose {
  theta: number
  phi: number
  radius: number
  fov: number
}

/** Where the camera of the page's model-viewer is now. */
function poseOf(page: Page): Promise<Pose> {
  return page.locator('model-viewer').evaluate((element) => {
    const viewer = element as HTMLElement & {
      getCameraOrbit(): { theta: number; phi: number; radius: number }
      getFieldOfView(): number
    }
    const { theta, phi, radius } = viewer.getCameraOrbit()
    return { theta, phi, radius, fov: viewer.getFieldOfView() }
  })
}

/** The camera has come to `pose` (it eases there): turn and height within 0.01 rad, distance and fov within 1%. */
async function expectPose(page: Page, pose: Pose) {
  await expect
    .poll(
      async () => {
        const now = await poseOf(page)
        return (
          angleBetween(now.theta, pose.theta) < 0.01 &&
          Math.abs(now.phi - pose.phi) < 0.01 &&
          Math.abs(now.radius - pose.radius) < pose.radius * 0.01 &&
          Math.abs(now.fov - pose.fov) < pose.fov * 0.01
        )
      },
      { timeout: 10_000, message: `the camera comes back to ${JSON.stringify(pose)}` },
    )
    .toBe(true)
}

/** Turns the camera at once (no easing). */
async function turnCamera(page: Page, orbit: string) {
  await page.locator('model-viewer').evaluate((element, value) => {
    const viewer = element as HTMLElement & { cameraOrbit: string; jumpCameraToGoal(): void }
    viewer.cameraOrbit = value
    viewer.jumpCameraToGoal()
  }, orbit)
}

async function openLoaded(page: Page, path: string) {
  await page.goto(path)
  // model-viewer reports the model loaded (its `loaded` property), and the page shows it.
  await expect(page.getByTestId('model-3d')).toHaveAttribute('data-state', 'loaded', { timeout: 30_000 })
  expect(await page.locator('model-viewer').evaluate((element) => (element as { loaded?: boolean }).loaded)).toBe(true)
}

test.use({ viewport: { width: 1280, height: 1400 } })

test('a glb sample shows in the 3D viewer and a pin restores its camera pose', async ({ page, browser, baseURL }) => {
  // Three viewers draw in software (SwiftShader): each takes some seconds to open.
  test.slow()
  await signIn(page, 'editor@demo.test')
  await openLoaded(page, `${samplePath}?markup=on`)
  const model = page.getByTestId('model-3d')
  // The seeded pin on the pocket is there.
  await expect(model).toHaveAttribute('data-pins', '1')
  await expect(page.getByRole('button', { name: 'Pin 1', exact: true })).toBeAttached()

  // The vsm looks at the same sample in a browser of their own.
  const vsmContext = await browser.newContext({ baseURL, viewport: { width: 1280, height: 1400 } })
  const vsm = await vsmContext.newPage()
  await signIn(vsm, 'vsm@demo.test')
  await openLoaded(vsm, samplePath)
  await expect(vsm.getByTestId('model-3d')).toHaveAttribute('data-pins', '1')

  // The designer turns the model to a view of their own and clicks the middle of it: a pin.
  await turnCamera(page, '-35deg 65deg auto')
  const placedFrom = await poseOf(page)
  expect(angleBetween(placedFrom.theta, (-35 * Math.PI) / 180)).toBeLessThan(0.001)
  const viewer = page.locator('model-viewer')
  await viewer.scrollIntoViewIfNeeded()
  const box = (await viewer.boundingBox())!
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
  await expect(model).toHaveAttribute('data-pins', '2')
  const pin = page.getByRole('button', { name: 'Pin 2', exact: true })
  await expect(pin).toBeVisible()
  // Placing it did not move the camera.
  await expectPose(page, placedFrom)

  // The vsm sees it arrive, live.
  await expect(vsm.getByTestId('model-3d')).toHaveAttribute('data-pins', '2')
  await expect(vsm.getByRole('button', { name: 'Pin 2', exact: true })).toBeAttached()

  // The designer turns away; clicking the pin turns the camera back and opens its thread.
  await turnCamera(page, '150deg 40deg auto')
  const away = await poseOf(page)
  expect(angleBetween(away.theta, placedFrom.theta)).toBeGreaterThan(1)
  await pin.click()
  await expectPose(page, placedFrom)
  await expect(page).toHaveURL(/[?&]pin=/)
  await expect(page.locator('#comments').getByRole('heading', { name: 'Pin 2', exact: true })).toBeVisible()

  // The vsm clicks the pin in the list of pins and sees what the designer saw.
  await vsm.getByRole('navigation', { name: 'Pins' }).getByRole('link', { name: 'Pin 2', exact: true }).click()
  await expectPose(vsm, placedFrom)
  await expect(vsm).toHaveURL(/[?&]pin=/)
  await expect(vsm.locator('#comments').getByRole('heading', { name: 'Pin 2', exact: true })).toBeVisible()
  await expect(vsm.getByTestId('model-3d-view')).toHaveText('Pin 2: the view it was placed from')

  // A link to the pin opens on its view too.
  const link = vsm.url()
  await turnCamera(vsm, '90deg 90deg auto')
  await openLoaded(vsm, link)
  await expectPose(vsm, placedFrom)

  // Undo takes the designer's pin away for everyone.
  await page.getByRole('toolbar', { name: 'Markup tools' }).getByRole('button', { name: 'Undo' }).click()
  await expect(vsm.getByTestId('model-3d')).toHaveAttribute('data-pins', '1')
  await vsmContext.close()
})

test('the viewer of someone who manages the style leaves a still, shown in the rail and in Expand', async ({
  page,
}) => {
  test.slow()
  await signIn(page, 'vsm@demo.test')
  await openLoaded(page, samplePath)
  // The still is sent once the model has settled; the next page shows it.
  const still = page.locator('img[src*="-poster_300x400"]')
  await expect(async () => {
    await page.reload()
    await expect(still.first()).toBeVisible({ timeout: 1_000 })
  }).toPass({ timeout: 30_000 })
  await page.goto(`${samplePath}?dialog=expand`)
  const dialog = page.getByRole('dialog')
  await expect(
    dialog.getByText('A still of the 3D sample; it turns in the 3D view on the sample’s page.'),
  ).toBeVisible()
  const picture = dialog.locator('img[src*="-poster_1600"]')
  await expect(picture).toBeVisible()
  // The still shows the garment, not an empty frame: some pixels differ from the corner's.
  const varied = await picture.evaluate(async (element) => {
    const image = element as HTMLImageElement
    await image.decode()
    const canvas = document.createElement('canvas')
    canvas.width = image.naturalWidth
    canvas.height = image.naturalHeight
    const context = canvas.getContext('2d')!
    context.drawImage(image, 0, 0)
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height)
    let differing = 0
    for (let i = 0; i < data.length; i += 4 * 97) {
      if (Math.abs(data[i]! - data[0]!) + Math.abs(data[i + 1]! - data[1]!) + Math.abs(data[i + 3]! - data[3]!) > 30)
        differing++
    }
    return differing
  })
  expect(varied).toBeGreaterThan(100)
})

test('without JavaScript the 3D sample offers its file and its pins', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false })
  const page = await context.newPage()
  await signIn(page, 'viewer@demo.test')
  await page.goto(samplePath)
  const card = page.getByTestId('model-3d-card')
  await expect(card).toContainText('Linen shirt 3D v1.glb')
  await expect(card).toContainText('glTF binary (.glb)')
  await expect(card).toContainText('The 3D view needs JavaScript')
  const download = card.getByRole('link', { name: 'Download' })
  await expect(download).toHaveAttribute('href', /^\/blobs\/.+signature=/)
  // The file itself comes from the signed link, whole.
  const href = (await download.getAttribute('href'))!
  const answer = await page.request.get(href)
  expect(answer.status()).toBe(200)
  expect((await answer.body()).subarray(0, 4).toString()).toBe('glTF')
  // The signed link is the only way to the file: a forged signature is refused.
  expect((await page.request.get(href.replace(/signature=[^&]+/, 'signature=forged'))).status()).toBe(403)
  // The seeded pin's thread opens from the list of pins.
  await page.getByRole('navigation', { name: 'Pins' }).getByRole('link', { name: 'Pin 1', exact: true }).click()
  await expect(page.locator('#comments').getByRole('heading', { name: 'Pin 1', exact: true })).toBeVisible()
  await expect(page.locator('#comments')).toContainText('The pocket sits too far out')
  await context.close()

  // Someone outside the brand finds no sample there.
  const outsiderContext = await browser.newContext({ baseURL, javaScriptEnabled: false })
  const outsider = await outsiderContext.newPage()
  await signIn(outsider, 'outsider@demo.test')
  expect((await outsider.goto(samplePath))?.status()).toBe(404)
  await outsiderContext.close()
})
