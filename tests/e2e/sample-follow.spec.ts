// Following a collaborator's view (issue 28), in two browsers on the demo Linen Shirt: the vsm
// presses the designer's avatar and their picture's zoom and pan become the vsm's, live; panning
// oneself, Escape or the avatar again stops it. When the designer opens another version the vsm is
// offered to follow them there, and following resumes on arrival. On the 3D sample the camera
// follows the same way, and one's own drag stops it.
import type { Browser, Page } from '@playwright/test'
import { demoKey } from '#app/platform/ids'
import { angleBetween } from '../../app/features/samples/markup/model-pins'
import { expect, signIn, test } from './fixtures'

const samplesPath = `/brand/${demoKey('brand:demo')}/style/${demoKey('style:linen-shirt')}/samples/`
const PICTURE = demoKey('sample-ref:render-front')
const FIRST_VERSION = demoKey('sample-ref:render-front-v1')
const MODEL = demoKey('sample-ref:linen-shirt-3d')

async function personIn(browser: Browser, email: string, baseURL: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  await signIn(page, email)
  return { context, page }
}

/** The live picture, once its canvas is up, and a point of it (0..1 of its box) on the screen. */
async function stage(page: Page) {
  const live = page.getByTestId('markup-live')
  await expect(page.getByTestId('markup-stage')).toBeVisible()
  await live.scrollIntoViewIfNeeded()
  const box = (await live.boundingBox())!
  const at = (x: number, y: number) => ({ x: box.x + box.width * x, y: box.y + box.height * y })
  return { live, at }
}

const viewOf = async (page: Page) => {
  const live = page.getByTestId('markup-live')
  return { zoom: await live.getAttribute('data-zoom'), pan: await live.getAttribute('data-pan') }
}

/** A trackpad's pinch (a wheel with Ctrl held) at a point of the picture. */
async function pinchZoom(page: Page, x: number, y: number, deltaY = -60) {
  const { at } = await stage(page)
  const point = at(x, y)
  await page.mouse.move(point.x, point.y)
  await page.keyboard.down('Control')
  // A trackpad's pinch arrives as many small Ctrl+wheel deltas (one big one is a mouse notch, 1.25×).
  for (let step = 0; step < 6; step += 1) await page.mouse.wheel(0, deltaY / 6)
  await page.keyboard.up('Control')
}

/** Drags the zoomed picture by a share of its box. */
async function drag(page: Page, dx: number, dy: number) {
  const { at } = await stage(page)
  const from = at(0.35, 0.6)
  const to = at(0.35 + dx, 0.6 + dy)
  await page.mouse.move(from.x, from.y)
  await page.mouse.down()
  await page.mouse.move(to.x, to.y, { steps: 8 })
  await page.mouse.up()
}

/** The other's view has arrived: the same zoom and pan, exactly. */
async function expectSameView(follower: Page, leader: Page) {
  const view = await viewOf(leader)
  await expect(follower.getByTestId('markup-live')).toHaveAttribute('data-zoom', view.zoom!)
  await expect(follower.getByTestId('markup-live')).toHaveAttribute('data-pan', view.pan!)
}

test('the vsm follows the designer’s zoom and pan on a picture, and to another version', async ({
  browser,
  baseURL,
}) => {
  const designer = await personIn(browser, 'editor@demo.test', baseURL!)
  const vsm = await personIn(browser, 'vsm@demo.test', baseURL!)
  await designer.page.goto(`${samplesPath}${PICTURE}?tab=details`)
  await vsm.page.goto(`${samplesPath}${PICTURE}`)
  await stage(designer.page)
  await stage(vsm.page)

  const presence = vsm.page.getByTestId('markup-presence')
  const followDana = presence.getByRole('button', { name: 'Follow Dana Designer' })
  await expect(followDana).toHaveAttribute('aria-pressed', 'false')
  await followDana.click()
  await expect(followDana).toHaveAttribute('aria-pressed', 'true')
  const banner = vsm.page.getByTestId('follow-banner')
  await expect(banner).toContainText('Following Dana Designer')

  // The designer zooms in off centre and pans: the vsm's picture does the same.
  await pinchZoom(designer.page, 0.3, 0.3)
  await expect.poll(async () => Number((await viewOf(designer.page)).zoom)).toBeGreaterThan(1.5)
  const zoomed = await viewOf(designer.page)
  await drag(designer.page, 0.2, 0.15)
  await expect.poll(async () => (await viewOf(designer.page)).pan).not.toBe(zoomed.pan)
  await expectSameView(vsm.page, designer.page)

  // The vsm pans: following stops, and the designer's next zoom stays theirs.
  await drag(vsm.page, -0.1, -0.1)
  await expect(banner).toHaveCount(0)
  await expect(followDana).toHaveAttribute('aria-pressed', 'false')
  const own = await viewOf(vsm.page)
  await pinchZoom(designer.page, 0.5, 0.5, -40)
  await expect.poll(async () => (await viewOf(designer.page)).zoom).not.toBe(zoomed.zoom)
  await vsm.page.waitForTimeout(500)
  expect(await viewOf(vsm.page)).toEqual(own)

  // Following again brings the designer's view; Escape stops, and so does the avatar pressed again.
  await followDana.click()
  await expectSameView(vsm.page, designer.page)
  await vsm.page.keyboard.press('Escape')
  await expect(banner).toHaveCount(0)
  await followDana.click()
  await expect(banner).toContainText('Following Dana Designer')
  await followDana.click()
  await expect(followDana).toHaveAttribute('aria-pressed', 'false')
  await expect(banner).toHaveCount(0)

  // The designer opens version 1: the vsm stays where they are and is offered to follow.
  await followDana.click()
  await designer.page
    .getByRole('list', { name: 'Versions' })
    .getByRole('link', { name: /^Version 1/ })
    .click()
  await expect(designer.page).toHaveURL(new RegExp(FIRST_VERSION))
  await expect(banner).toContainText('Dana Designer opened version 1')
  await expect(vsm.page).toHaveURL(new RegExp(`${PICTURE}$`))
  await banner.getByRole('link', { name: 'Follow Dana Designer to version 1' }).click()
  await expect(vsm.page).toHaveURL(new RegExp(`${FIRST_VERSION}\\?follow=`))
  await expect(vsm.page.getByTestId('follow-banner')).toContainText('Following Dana Designer')
  await pinchZoom(designer.page, 0.6, 0.4)
  await expect.poll(async () => Number((await viewOf(designer.page)).zoom)).toBeGreaterThan(1.2)
  await expectSameView(vsm.page, designer.page)

  await designer.context.close()
  await vsm.context.close()
})

interface Pose {
  theta: number
  phi: number
  radius: number
}

function poseOf(page: Page): Promise<Pose> {
  return page.locator('model-viewer').evaluate((element) => {
    const { theta, phi, radius } = (
      element as HTMLElement & { getCameraOrbit(): { theta: number; phi: number; radius: number } }
    ).getCameraOrbit()
    return { theta, phi, radius }
  })
}

const samePose = (a: Pose, b: Pose) =>
  angleBetween(a.theta, b.theta) < 0.01 &&
  Math.abs(a.phi - b.phi) < 0.01 &&
  Math.abs(a.radius - b.radius) < a.radius * 0.01

async function openModel(page: Page) {
  await page.goto(`${samplesPath}${MODEL}`)
  await expect(page.getByTestId('model-3d')).toHaveAttribute('data-state', 'loaded', { timeout: 30_000 })
}

test('the vsm follows the designer’s camera on a 3D sample until they turn it themselves', async ({
  browser,
  baseURL,
}) => {
  // Two viewers draw in software: each takes some seconds to open.
  test.slow()
  const designer = await personIn(browser, 'editor@demo.test', baseURL!)
  const vsm = await personIn(browser, 'vsm@demo.test', baseURL!)
  await openModel(designer.page)
  await openModel(vsm.page)

  const followDana = vsm.page.getByTestId('markup-presence').getByRole('button', { name: 'Follow Dana Designer' })
  await followDana.click()
  await expect(vsm.page.getByTestId('follow-banner')).toContainText('Following Dana Designer')

  // The designer turns the camera: the vsm's comes to the same orbit.
  await designer.page.locator('model-viewer').evaluate((element) => {
    const viewer = element as HTMLElement & { cameraOrbit: string; jumpCameraToGoal(): void }
    viewer.cameraOrbit = '-60deg 50deg 60%'
    viewer.jumpCameraToGoal()
  })
  const turned = await poseOf(designer.page)
  await expect
    .poll(async () => samePose(await poseOf(vsm.page), turned), { timeout: 15_000, message: 'the camera follows' })
    .toBe(true)

  // The vsm drags the model round: following stops there and then.
  const box = (await vsm.page.getByTestId('model-3d').boundingBox())!
  await vsm.page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5)
  await vsm.page.mouse.down()
  await vsm.page.mouse.move(box.x + box.width * 0.8, box.y + box.height * 0.5, { steps: 10 })
  await vsm.page.mouse.up()
  await expect(vsm.page.getByTestId('follow-banner')).toHaveCount(0)
  await expect(followDana).toHaveAttribute('aria-pressed', 'false')

  await designer.context.close()
  await vsm.context.close()
})
