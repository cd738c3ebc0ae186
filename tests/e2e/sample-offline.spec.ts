// Nothing is lost offline on the review page (issue 44 point 3, decision 169). One person's network
// is cut while the other watches: each review action either waits and is applied once when the
// connection returns, or says it needs the connection and keeps the form; the page never becomes
// the error page, and a link waits instead of failing.
import sharp from 'sharp'
import type { Browser, Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures'
import { newSample } from './support/samples'

const due = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

async function personIn(browser: Browser, email: string, baseURL: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 1000 } })
  const page = await context.newPage()
  await signIn(page, email)
  return { context, page }
}

const panelOf = (page: Page) => page.getByRole('complementary', { name: 'Sample details' })
const queueOf = (page: Page) => page.getByTestId('offline-queue')

/** The page is the review page still, not the error page. */
async function stillThePage(page: Page) {
  await expect(page.getByRole('heading', { name: 'Virtual Sample', exact: true })).toBeVisible()
  await expect(page.getByText('Something went wrong')).toHaveCount(0)
}

async function connected(page: Page) {
  await expect(page.locator('html[data-realtime="connected"]')).toHaveCount(1, { timeout: 15_000 })
}

test('offline, a mark, a comment and a status wait; a link waits; back online each arrives once', async ({
  browser,
  baseURL,
}) => {
  const victor = await personIn(browser, 'vsm@demo.test', baseURL!)
  const dana = await personIn(browser, 'editor@demo.test', baseURL!)
  const path = await newSample(victor.page, 'Offline marks', '#7c2d12')
  await dana.page.goto(`${path}?tab=comments`)
  await victor.page.goto(`${path}?tab=comments&markup=on`)
  for (const { page } of [victor, dana]) await connected(page)
  await expect(victor.page.locator('html')).toHaveAttribute('data-sample-markup', 'synced')

  await victor.context.setOffline(true)
  await expect(victor.page.getByTestId('markup-presence')).toContainText('Offline', { timeout: 10_000 })

  // A rectangle.
  await victor.page.getByRole('toolbar', { name: 'Markup tools' }).getByRole('button', { name: 'Rectangle' }).click()
  const surface = victor.page.getByTestId('markup-live')
  await surface.scrollIntoViewIfNeeded()
  const box = (await surface.boundingBox())!
  await victor.page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.2)
  await victor.page.mouse.down()
  await victor.page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.4, { steps: 4 })
  await victor.page.mouse.up()
  await expect(surface).toHaveAttribute('data-shapes', '1')

  // A comment.
  const thread = victor.page.locator('#comments')
  await thread.getByLabel('Message', { exact: true }).fill('Sent from the train')
  await thread.getByRole('button', { name: 'Send' }).click()
  await expect(thread.getByText('Sending…')).toBeVisible()

  // A status: it waits, listed; the badge keeps the status the server has.
  const panel = panelOf(victor.page)
  await panel.getByLabel('Status', { exact: true }).selectOption('Ready for Review')
  await panel.getByRole('button', { name: 'Save' }).click()
  await expect(queueOf(victor.page)).toContainText('1 change waits for the connection')
  await queueOf(victor.page).getByText('1 change waits for the connection').click()
  await expect(queueOf(victor.page).getByTestId('offline-queued')).toHaveText(['Status: Ready for Review'])
  await expect(panel.getByTestId('sample-status')).toHaveText('In Progress')
  await stillThePage(victor.page)

  // A link to another tab waits, and says so.
  await victor.page.getByRole('navigation', { name: 'Review panel' }).getByRole('link', { name: 'History' }).click()
  await expect(queueOf(victor.page)).toContainText('You are offline: this opens when the connection is back.')
  expect(new URL(victor.page.url()).searchParams.get('tab')).toBe('comments')
  await stillThePage(victor.page)
  // Meanwhile Dana has none of it.
  await expect(dana.page.getByTestId('markup-live')).toHaveAttribute('data-shapes', '0')
  await expect(panelOf(dana.page).getByTestId('sample-status')).toHaveText('In Progress')

  await victor.context.setOffline(false)
  // Dana gets the rectangle, the comment once and the status.
  await expect(dana.page.getByTestId('markup-live')).toHaveAttribute('data-shapes', '1', { timeout: 15_000 })
  await expect(dana.page.locator('#comments').getByText('Sent from the train')).toHaveCount(1, { timeout: 15_000 })
  await expect(panelOf(dana.page).getByTestId('sample-status')).toHaveText('Ready for Review', { timeout: 15_000 })
  // Victor: nothing waits any more, and the held link opened.
  await expect(queueOf(victor.page)).toHaveCount(0, { timeout: 15_000 })
  await expect(victor.page).toHaveURL(/[?&]tab=history/, { timeout: 15_000 })
  await expect(panel.getByTestId('sample-status')).toHaveText('Ready for Review')
  // History holds the one status change: sent once.
  await expect(victor.page.getByRole('list', { name: 'History' }).getByText(/set Ready for Review/)).toHaveCount(1)
  await victor.page.goto(`${path}?tab=comments`)
  await expect(victor.page.locator('#comments').getByText('Sent from the train')).toHaveCount(1)
  await victor.context.close()
  await dana.context.close()
})

test('offline, a rename and Lock as Final wait and its dialog closes; delete and a new version say they need the connection and keep the form', async ({
  browser,
  baseURL,
}) => {
  const victor = await personIn(browser, 'vsm@demo.test', baseURL!)
  const dana = await personIn(browser, 'editor@demo.test', baseURL!)
  const path = await newSample(dana.page, 'Offline rename', '#7c2d12')
  await dana.page.goto(`${path}?tab=details`)
  await victor.page.goto(path)
  for (const { page } of [victor, dana]) await connected(page)
  const name = `Front offline ${Date.now().toString(36)}`
  const panel = panelOf(dana.page)
  // Approved, so Lock as Final is offered.
  await panel.getByLabel('Status', { exact: true }).selectOption('Approved')
  await panel.getByRole('button', { name: 'Save' }).click()
  await expect(panel.getByTestId('sample-status')).toHaveText('Approved')

  await dana.context.setOffline(true)
  // Rename: the dialog opens from the address and closes when the rename is queued.
  await panel.getByRole('link', { name: 'Rename' }).click()
  const rename = dana.page.getByRole('dialog', { name: 'Rename' })
  await rename.getByLabel('Name').fill(name)
  await rename.getByRole('button', { name: 'Save' }).click()
  await expect(rename).toHaveCount(0)
  await expect(queueOf(dana.page)).toContainText('1 change waits for the connection')

  // Delete cannot wait: the dialog stays, says why, and Cancel still closes it.
  await panel.getByRole('link', { name: 'Delete' }).click()
  const remove = dana.page.getByRole('dialog', { name: /^Delete / })
  await remove.getByRole('button', { name: 'Delete' }).click()
  await expect(remove.getByRole('alert')).toHaveText(
    'This needs the connection. Nothing was changed: try again when you are back online.',
  )
  await remove.getByRole('link', { name: 'Cancel' }).click()
  await expect(remove).toHaveCount(0)

  // A new version's file cannot wait either: the file stays chosen.
  await panel.getByRole('link', { name: 'Upload new version' }).click()
  const version = dana.page.getByRole('dialog', { name: 'Upload new version' })
  const buffer = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#166534' } })
    .png()
    .toBuffer()
  await version.getByLabel('File').setInputFiles({ name: 'v2.png', mimeType: 'image/png', buffer })
  await version.getByRole('button', { name: 'Upload' }).click()
  await expect(version.getByRole('alert')).toHaveText(
    'Uploading a file needs the connection. The file stays chosen: upload it when you are back online.',
  )
  expect(await version.getByLabel('File').evaluate((input: HTMLInputElement) => input.files?.[0]?.name)).toBe('v2.png')
  await version.getByRole('link', { name: 'Cancel' }).click()

  // And Lock as Final, after the rename: both go, in order.
  await panel.getByRole('button', { name: 'Lock as Final' }).click()
  await expect(queueOf(dana.page)).toContainText('2 changes wait for the connection')
  await queueOf(dana.page).getByText('2 changes wait for the connection').click()
  await expect(queueOf(dana.page).getByTestId('offline-queued')).toHaveText([`Rename to “${name}”`, 'Lock as Final'])
  await stillThePage(dana.page)

  await dana.context.setOffline(false)
  await expect(queueOf(dana.page)).toHaveCount(0, { timeout: 15_000 })
  await expect(panel.getByRole('heading', { name })).toBeVisible()
  await expect(panel.getByTestId('sample-status')).toHaveText('Final')
  await victor.page.reload()
  await expect(panelOf(victor.page).getByRole('heading', { name })).toBeVisible()
  await expect(panelOf(victor.page).getByTestId('sample-status')).toHaveText('Final')
  await expect(panelOf(victor.page).getByTestId('sample-locked')).toBeVisible()
  // The sample is still there: the refused delete was not queued. One version only.
  await expect(victor.page.getByRole('button', { name: /Version 2/ })).toHaveCount(0)
  await victor.context.close()
  await dana.context.close()
})

test('offline, a change request, its state and a round wait and arrive once each, in order', async ({
  browser,
  baseURL,
}) => {
  const victor = await personIn(browser, 'vsm@demo.test', baseURL!)
  const dana = await personIn(browser, 'editor@demo.test', baseURL!)
  const path = await newSample(victor.page, 'Offline feedback', '#7c2d12')
  await dana.page.goto(path)
  await victor.page.goto(path)
  for (const { page } of [victor, dana]) await connected(page)
  const panel = panelOf(dana.page)
  const raise = async (text: string) => {
    const form = panel.locator('details').filter({ hasText: 'Raise a change request' })
    // Open it, whether it was left open by the last one or not.
    await form.evaluate((details: HTMLDetailsElement) => (details.open = true))
    await form.getByRole('textbox', { name: 'Comment' }).fill(text)
    await form.getByRole('button', { name: 'Mark as change request' }).click()
  }
  await raise('Widen the hem')
  await expect(panel.getByTestId('feedback-item').filter({ hasText: 'Widen the hem' })).toBeVisible()

  await dana.context.setOffline(true)
  await expect(dana.page.locator('html[data-realtime="disconnected"]')).toHaveCount(1, { timeout: 10_000 })
  await raise('Shorten the sleeve')
  const hem = panel.getByTestId('feedback-item').filter({ hasText: 'Widen the hem' })
  await hem.getByText('Change', { exact: true }).click()
  await hem.getByLabel('State').selectOption({ label: 'Won’t fix' })
  await hem.getByRole('button', { name: 'Save' }).click()
  await panel.getByLabel('Due').fill(due(3))
  await panel.getByRole('button', { name: 'Start a round' }).click()
  await expect(queueOf(dana.page)).toContainText('3 changes wait for the connection')
  await queueOf(dana.page).getByText('3 changes wait for the connection').click()
  await expect(queueOf(dana.page).getByTestId('offline-queued')).toHaveText([
    'New change request',
    'Change request: Won’t fix',
    'Start a review round',
  ])
  await stillThePage(dana.page)

  await dana.context.setOffline(false)
  await expect(queueOf(dana.page)).toHaveCount(0, { timeout: 15_000 })
  const victorPanel = panelOf(victor.page)
  await expect(victorPanel.getByTestId('feedback-item').filter({ hasText: 'Shorten the sleeve' })).toHaveCount(1, {
    timeout: 15_000,
  })
  await expect(victorPanel.getByRole('region', { name: /^Round \d+$/ })).toBeVisible({ timeout: 15_000 })
  await victor.page.reload()
  await expect(victorPanel.getByTestId('feedback-item').filter({ hasText: 'Shorten the sleeve' })).toHaveCount(1)
  await expect(victorPanel.getByTestId('feedback-item').filter({ hasText: 'Widen the hem' })).toContainText('Won’t fix')
  // The round started once.
  await expect(victorPanel.getByRole('region', { name: /^Round \d+$/ })).toHaveCount(1)
  await victor.context.close()
  await dana.context.close()
})

test('offline, a pin and the end of a round wait and arrive once each', async ({ browser, baseURL }) => {
  const victor = await personIn(browser, 'vsm@demo.test', baseURL!)
  const dana = await personIn(browser, 'editor@demo.test', baseURL!)
  const path = await newSample(victor.page, 'Offline round', '#7c2d12')
  await dana.page.goto(path)
  await victor.page.goto(path)
  for (const { page } of [victor, dana]) await connected(page)
  const panel = panelOf(dana.page)
  await panel.getByLabel('Due').fill(due(2))
  await panel.getByRole('button', { name: 'Start a round' }).click()
  const round = panel.getByRole('region', { name: /^Round \d+$/ })
  await expect(round).toBeVisible()
  await dana.page.getByRole('link', { name: 'Markup (off)', exact: true }).click()
  await expect(dana.page.locator('html')).toHaveAttribute('data-sample-markup', 'synced')

  await dana.context.setOffline(true)
  await expect(dana.page.getByTestId('markup-presence')).toContainText('Offline', { timeout: 10_000 })
  // A pin on the picture.
  await dana.page.getByRole('toolbar', { name: 'Markup tools' }).getByRole('button', { name: 'Pin' }).click()
  const surface = dana.page.getByTestId('markup-live')
  await surface.scrollIntoViewIfNeeded()
  const box = (await surface.boundingBox())!
  await dana.page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.4)
  await expect(surface).toHaveAttribute('data-shapes', '1')
  // The round's end.
  await round.getByLabel('Summary').fill('Lower the collar')
  await round.getByRole('button', { name: 'Request changes' }).click()
  await expect(queueOf(dana.page)).toContainText('1 change waits for the connection')
  await stillThePage(dana.page)
  await expect(victor.page.getByTestId('markup-live')).toHaveAttribute('data-shapes', '0')

  await dana.context.setOffline(false)
  await expect(queueOf(dana.page)).toHaveCount(0, { timeout: 15_000 })
  await expect(victor.page.getByTestId('markup-live')).toHaveAttribute('data-shapes', '1', { timeout: 15_000 })
  const victorPanel = panelOf(victor.page)
  await expect(victorPanel.getByTestId('sample-status')).toHaveText('Declined', { timeout: 15_000 })
  await expect(victorPanel.getByRole('region', { name: /^Round \d+$/ })).toHaveCount(0)
  await victor.page.goto(`${path}?tab=history`)
  await expect(victor.page.getByRole('list', { name: 'History' }).getByText(/ended the round/)).toHaveCount(1)
  await victor.context.close()
  await dana.context.close()
})
