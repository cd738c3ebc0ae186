import { demoKey } from '#app/platform/ids'
import { signIn, test } from './fixtures'
const BRAND = demoKey('brand:demo')
const url = `/brand/${BRAND}/style/${demoKey('style:linen-shirt')}/samples/${demoKey('sample-ref:render-front')}`
for (const [w, h] of [[1280, 720], [1440, 900]] as const) {
  test(`shot ${w}`, async ({ page }) => {
    await page.setViewportSize({ width: w, height: h })
    await signIn(page, 'editor@demo.test')
    await page.goto(process.env.SHOT_QUERY ? url + process.env.SHOT_QUERY : url)
    await page.waitForTimeout(1500)
    await page.screenshot({ path: `scratch/shots/${process.env.SHOT_NAME ?? 'review'}-${w}.png` })
  })
}
