// Virtual samples for the review page's browser tests: one added to the demo's Wrap Dress.
import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { demoKey } from '#app/platform/ids'
import { expect } from '../fixtures'

export const WRAP_DRESS = `/brand/${demoKey('brand:demo')}/style/${demoKey('style:wrap-dress')}`

/** Adds a portrait sample (In Progress) to Wrap Dress as the signed-in person, waits until its picture shows, and gives its page's address. */
export async function newSample(page: Page, label: string, background = '#0e7490'): Promise<string> {
  const name = `${label} ${Date.now().toString(36)}.png`
  const buffer = await sharp({ create: { width: 300, height: 400, channels: 3, background } })
    .png()
    .toBuffer()
  await page.goto(`${WRAP_DRESS}/samples/add`)
  await page.getByLabel('Files').setInputFiles({ name, mimeType: 'image/png', buffer })
  await page.getByRole('button', { name: 'Upload' }).click()
  await expect(page.getByRole('heading', { name: 'Virtual Sample', exact: true })).toBeVisible()
  // Its file passes its checks a moment later: only then is the picture (and its markup) shown.
  await expect(async () => {
    await page.reload()
    await expect(page.getByRole('img', { name, exact: true })).toBeVisible({ timeout: 1000 })
  }).toPass({ timeout: 20_000 })
  return new URL(page.url()).pathname
}
