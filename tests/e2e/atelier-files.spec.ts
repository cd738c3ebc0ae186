// The wizard's file steps in the browser, with JavaScript and without (atelier.md §2 Wizard, §4,
// §5, §8): a designer walks the six steps of Wrap Dress uploading a file in each file step
// (Materials marked Not applicable), makes and opens a folder, renames, archives and deletes a
// reference, clones one as Final and sees the progress complete on the style summary. An
// unsupported file and an image of a bad aspect ratio get their messages. Wrap Dress is the style
// these specs change; each walk sets its steps back to not started first and names its files anew,
// holding the steps alone while it runs (support/exclusive.ts).
import type { Locator, Page } from '@playwright/test'
import sharp from 'sharp'
import { demoKey } from '#app/platform/ids'
import { expect, signIn, test } from './fixtures'

const BRAND = demoKey('brand:demo')
const STYLE = demoKey('style:wrap-dress')
const stylePath = `/brand/${BRAND}/style/${STYLE}`

async function resetSteps(page: Page, baseURL: string) {
  const statuses = Object.fromEntries(
    ['techpack', 'patterns', 'materials', 'graphics', 'references', 'final'].map((step) => [`status_${step}`, false]),
  )
  const answer = await page.request.put(`/api/style/model/${STYLE}`, {
    headers: { origin: baseURL },
    data: { brand: BRAND, ...statuses },
  })
  expect(answer.status(), await answer.text()).toBe(200)
}

const pdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
})

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text }).first()

/** Waits until the row shows: with JavaScript the scan's event refreshes the page, without it we reload. */
async function untilListed(page: Page, row: Locator, javaScript: boolean) {
  if (javaScript) return expect(row).toBeVisible({ timeout: 15_000 })
  // The form's post answers with the list view; reloading before that redirect has landed would
  // reload the upload view the form was sent from, which never lists the file.
  await expect(page).toHaveURL(/view=list/)
  await expect(async () => {
    await page.reload()
    await expect(row).toBeVisible({ timeout: 1000 })
  }).toPass({ timeout: 30_000 })
}

async function upload(page: Page, file: ReturnType<typeof pdf> | ReturnType<typeof pdf>[]) {
  await page.getByLabel('Files', { exact: true }).setInputFiles(file)
  await page.getByRole('button', { name: 'Upload', exact: true }).click()
}

const rowOf = (page: Page, name: string) => page.getByTestId('file-row').filter({ hasText: name })

async function rowAction(page: Page, name: string, action: string) {
  const row = rowOf(page, name)
  await row.getByLabel(`Actions for ${name}`).click()
  const item = row.getByRole('button', { name: `${action} ${name}` })
  const link = row.getByRole('link', { name: action, exact: true })
  await expect(item.or(link)).toBeVisible()
  await ((await item.count()) ? item : link).click()
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled })

    test('a designer walks the six steps with a file in each, folders and row actions', async ({ page, baseURL }) => {
      test.setTimeout(120_000)
      const run = `${javaScriptEnabled ? 'js' : 'nojs'}-${Date.now().toString(36)}`
      await signIn(page, 'editor@demo.test')
      await resetSteps(page, baseURL!)
      await page.goto(`${stylePath}/techpack`)
      for (const step of ['techpack', 'patterns', 'materials', 'graphics', 'references', 'final']) {
        await expect(page).toHaveURL(new RegExp(`${stylePath}/${step}`))
        await expect(page.getByTestId('wizard-step')).toHaveAttribute('data-step', step)
        if (step === 'materials') {
          await page.getByRole('switch', { name: 'Not applicable' }).click()
          await expect(page.getByRole('switch', { name: 'Not applicable' })).toHaveAttribute('aria-checked', 'true')
        } else {
          const name = `${step}-${run}.pdf`
          // The step opens on its upload form or on its list; wait for either before choosing, as a
          // count taken while the step still draws sees neither and would wait for the wrong one.
          const uploadForm = page.getByTestId('upload-form')
          await expect(uploadForm.or(page.getByTestId('add-more-files'))).toBeVisible()
          if (!(await uploadForm.count())) {
            await page.getByTestId('add-more-files').click()
            await expect(page).toHaveURL(/view=upload/)
          }
          // With JavaScript the file goes through the resumable pipeline; without, in the form's post.
          const viaTus = javaScriptEnabled ? page.waitForRequest((r) => r.url().includes('/uploads/tus')) : null
          await upload(page, pdf(name))
          await viaTus
          // §4's toast once (the same text again may merge with the one still on screen).
          if (step === 'techpack') {
            await expect(toast(page, 'The file is being scanned for security compliance.')).toBeVisible()
          }
          await untilListed(page, rowOf(page, name), javaScriptEnabled)
        }
        await page.getByTestId('continue').click()
      }
      await expect(page).toHaveURL(new RegExp(`${stylePath}$`))
      await expect(page.getByTestId('style-progress').first()).toHaveText(/6 of 6 steps/)

      // Folders, in Additional References.
      await page.goto(`${stylePath}/references?view=list`)
      await page.getByLabel('Add', { exact: true }).click()
      await page.getByLabel('Folder name').fill(`Sketches ${run}`)
      await page.getByRole('button', { name: 'Create folder' }).click()
      await expect(toast(page, 'Change saved successfully')).toBeVisible()
      await page
        .getByRole('link', { name: `Sketches ${run}` })
        .first()
        .click()
      await expect(page.getByRole('navigation', { name: 'Folder path' })).toContainText(`Sketches ${run}`)
      await expect(page.getByText('This folder is empty')).toBeVisible()
      await page.getByTestId('folder-back').click()
      await expect(page.getByRole('link', { name: `Sketches ${run}` }).first()).toBeVisible()

      // Rename, clone as Final, archive and delete references of the step.
      await page.getByTestId('add-more-files').click()
      await expect(page).toHaveURL(/view=upload/)
      await upload(page, [pdf(`a-${run}.pdf`), pdf(`b-${run}.pdf`)])
      await untilListed(page, rowOf(page, `b-${run}.pdf`), javaScriptEnabled)
      await rowAction(page, `a-${run}.pdf`, 'Rename')
      const dialog = page.getByRole('dialog')
      await dialog.getByLabel('NEW NAME').fill(`Front ${run}`)
      await dialog.getByRole('button', { name: 'RENAME' }).click()
      await expect(toast(page, 'Reference name updated')).toBeVisible()
      await expect(rowOf(page, `Front ${run}`)).toBeVisible()

      await rowAction(page, `Front ${run}`, 'Clone as Final')
      await expect(toast(page, 'Change saved successfully')).toBeVisible()

      await rowAction(page, `Front ${run}`, 'Archive')
      await expect(toast(page, 'Asset has been archived successfully.')).toBeVisible()
      await expect(rowOf(page, `Front ${run}`)).toHaveCount(0)

      await rowAction(page, `b-${run}.pdf`, 'Delete')
      await expect(page.getByText("Deleting assets can't be undone. Are you sure you want to delete?")).toBeVisible()
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
      await expect(toast(page, 'Asset has been deleted successfully.')).toBeVisible()
      await expect(rowOf(page, `b-${run}.pdf`)).toHaveCount(0)

      // The clone is in Final Files.
      await page.goto(`${stylePath}/final?view=list`)
      await expect(rowOf(page, `Front ${run}`)).toBeVisible()
    })

    test('an unsupported file and an image of a bad aspect ratio get their messages', async ({ page, baseURL }) => {
      const run = Date.now().toString(36)
      await signIn(page, 'editor@demo.test')
      await resetSteps(page, baseURL!)
      await page.goto(`${stylePath}/references?view=upload`)
      await upload(page, { name: `tool-${run}.exe`, mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') })
      await expect(toast(page, `tool-${run}.exe is not a supported file type`)).toBeVisible()

      const wide = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#a08f7c' } })
        .png()
        .toBuffer()
      await page.goto(`${stylePath}/references?view=upload`)
      await upload(page, { name: `wide-${run}.png`, mimeType: 'image/png', buffer: wide })
      const message = 'Images must have one of the aspect ratios 1-1, 2-3, 1-2, 3-4, 16-9, 9-16, 16-7.'
      if (javaScriptEnabled) {
        // Told in the browser before a byte is sent.
        await expect(toast(page, `wide-${run}.png: ${message}`)).toBeVisible()
        return
      }
      // Without JavaScript the pipeline's check refuses it after the upload; the step says why.
      // The check may finish before the form's answer (the upload view then says why at once) or
      // after it (the post answers with the list view, which shows the refusal once settled).
      // Reloading before the answer would cancel the upload.
      const toldAtOnce = toast(page, message)
      await expect(async () => {
        expect((await toldAtOnce.isVisible()) || /view=list/.test(page.url())).toBe(true)
      }).toPass({ timeout: 15_000 })
      if (await toldAtOnce.isVisible()) return
      await expect(async () => {
        await page.reload()
        await expect(page.getByTestId('unsettled').filter({ hasText: message })).toBeVisible({ timeout: 1000 })
      }).toPass({ timeout: 30_000 })
      await expect(page.getByTestId('unsettled').getByText(`wide-${run}.png`)).toBeVisible()
    })
  })
}

test('a read member downloads but sees no change actions', async ({ page }) => {
  await signIn(page, 'viewer@demo.test')
  await page.goto(`${stylePath}/references?view=list`)
  await expect(page.getByTestId('file-row').first()).toBeVisible()
  await expect(page.getByRole('button', { name: 'Download' }).first()).toBeVisible()
  await expect(page.getByTestId('upload-form')).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Rename' })).toHaveCount(0)
})

test('a designer drags a file with the keyboard to reorder; the order holds after a reload and in the database', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const run = `drag-${Date.now().toString(36)}`
  const one = `one-${run}.pdf`
  const two = `two-${run}.pdf`
  await signIn(page, 'editor@demo.test')
  // A folder of its own, so the list holds this walk's two files only.
  await page.goto(`${stylePath}/references?view=list`)
  await page.getByLabel('Add', { exact: true }).click()
  await page.getByLabel('Folder name').fill(`Order ${run}`)
  await page.getByRole('button', { name: 'Create folder' }).click()
  await expect(toast(page, 'Change saved successfully')).toBeVisible()
  await page
    .getByRole('link', { name: `Order ${run}` })
    .first()
    .click()
  await expect(page.getByText('This folder is empty')).toBeVisible()
  await page.getByTestId('add-more-files').click()
  await expect(page).toHaveURL(/view=upload/)
  await upload(page, [pdf(one), pdf(two)])
  await untilListed(page, rowOf(page, one), true)
  await untilListed(page, rowOf(page, two), true)

  const rows = page.getByTestId('file-row')
  const shown = async () =>
    (await rows.allTextContents()).map((text) => [one, two].find((name) => text.includes(name)) ?? text)
  await expect.poll(shown).toHaveLength(2)
  const [first, second] = (await shown()) as [string, string]

  // The folder's toast has gone, so the one below is the drop's.
  await expect(page.getByTestId('toast').filter({ hasText: 'Change saved successfully' })).toHaveCount(0, {
    timeout: 15_000,
  })
  // Space picks the first file up, the arrow moves it over the second, Space drops it.
  await page.getByRole('button', { name: `Reorder ${first}` }).focus()
  await page.keyboard.press('Space')
  await expect(rows.filter({ hasText: first })).toHaveClass(/shadow-lg/)
  const over = page.getByText(`${first} is over place 2 of 2.`)
  await expect(async () => {
    if (!(await over.count())) await page.keyboard.press('ArrowDown')
    await expect(over).toBeAttached({ timeout: 2000 })
  }).toPass({ timeout: 10_000 })
  await page.keyboard.press('Space')
  await expect(toast(page, 'Change saved successfully')).toBeVisible()
  await expect.poll(shown).toEqual([second, first])

  await page.reload()
  await expect.poll(shown).toEqual([second, first])

  const answer = await page.request.get(`/api/reference/query/style?style=${STYLE}`)
  expect(answer.status(), await answer.text()).toBe(200)
  const stored = ((await answer.json()) as { data: { name: string; position: number }[] }).data
  const position = (name: string) => stored.find((item) => item.name === name)!.position
  expect(position(second)).toBeGreaterThan(0)
  expect(position(second)).toBeLessThan(position(first))

  // A save the server refuses: its message is toasted and the order goes back.
  await page.route('**/api/reference/method/update_positions**', (route) =>
    route.fulfill({ status: 400, json: { error: { type: 'ValidationError', message: `Refused ${run}` } } }),
  )
  await page.getByRole('button', { name: `Reorder ${second}` }).focus()
  await page.keyboard.press('Space')
  const overAgain = page.getByText(`${second} is over place 2 of 2.`)
  await expect(async () => {
    if (!(await overAgain.count())) await page.keyboard.press('ArrowDown')
    await expect(overAgain).toBeAttached({ timeout: 2000 })
  }).toPass({ timeout: 10_000 })
  await page.keyboard.press('Space')
  await expect(toast(page, `Refused ${run}`)).toBeVisible()
  await expect.poll(shown).toEqual([second, first])
})

test('an outsider gets 404 on every atelier address, file and form of another brand', async ({ page, baseURL }) => {
  // What a member sees: a reference of Linen Shirt, the seed's full style, with its file's address.
  const linenPath = `/brand/${BRAND}/style/${demoKey('style:linen-shirt')}`
  await signIn(page, 'viewer@demo.test')
  const listed = await page.request.get(`/api/reference/query/style?style=${demoKey('style:linen-shirt')}`)
  expect(listed.status()).toBe(200)
  const reference = ((await listed.json()) as { data: { key: string; download: string | null }[] }).data.find(
    (item) => item.download,
  )!
  expect(reference.download).toBeTruthy()

  await page.context().clearCookies()
  await signIn(page, 'outsider@demo.test')
  const pages = [
    `/brand/${BRAND}/atelier`,
    stylePath,
    ...['techpack', 'patterns', 'materials', 'graphics', 'references', 'final'].map((step) => `${stylePath}/${step}`),
    `${stylePath}/references?view=slide`,
    `${linenPath}/references?rename=${reference.key}`,
    `${linenPath}/references?delete=${reference.key}`,
    `${linenPath}/references?move=${reference.key}`,
    `${stylePath}/final/preview/list`,
    `${stylePath}/materials/fabric/summary`,
    `${stylePath}/materials/fabric/add`,
    `${stylePath}/materials/fabric/upload`,
  ]
  for (const path of pages) {
    const answer = await page.goto(path)
    expect(answer?.status(), path).toBe(404)
  }
  for (const path of [`/api/reference/model/${reference.key}`, `/api/style/model/${STYLE}`]) {
    const answer = await page.request.get(path)
    expect(answer.status(), path).toBe(404)
  }
  // File addresses are signed and expire (decision 024): the outsider gets none from the calls
  // above, and the file's address without its signature, or with another's, is refused.
  const [unsigned, query] = reference.download!.split('?')
  const forged = `${unsigned}?${query!.replace(/signature=[^&]+/, 'signature=' + 'A'.repeat(43))}`
  for (const path of [unsigned!, forged]) {
    const answer = await page.request.get(path)
    expect(answer.status(), path).toBeGreaterThanOrEqual(400)
    expect(answer.status(), path).toBeLessThan(500)
  }
  // A form posted to the step with the outsider's own valid token changes nothing.
  await page.goto('/settings/profile')
  const csrf = await page.locator('input[name="csrf"]').first().inputValue()
  const form = await page.request.post(`${linenPath}/references?view=list`, {
    headers: { origin: baseURL! },
    form: { csrf, intent: 'delete', reference: reference.key },
  })
  expect(form.status()).toBe(404)
  await page.context().clearCookies()
  await signIn(page, 'viewer@demo.test')
  expect((await page.request.get(`/api/reference/model/${reference.key}`)).status()).toBe(200)
})
