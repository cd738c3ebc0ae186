// A review round between two people in two browsers (issue 28): the vsm uploads version 2 and sets
// Ready for Review, and the designer's open page shows both without a reload; the designer starts
// a round, marks two pins as change requests for the vsm and requests changes; the vsm resolves
// one and uploads version 3, which carries the other over to re-check; the designer approves.
// The same forms work with JavaScript off; an outsider gets 404 and a read member changes nothing.
import sharp from 'sharp'
import type { Browser, Page } from '@playwright/test'
import { demoKey } from '#app/platform/ids'
import { expect, signIn, test } from './fixtures'

const BRAND = demoKey('brand:demo')
const STYLE = demoKey('style:wrap-dress')
const stylePath = `/brand/${BRAND}/style/${STYLE}`
const toast = (page: Page, text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text }).first()
const due = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

async function render(name: string, background: string) {
  const buffer = await sharp({ create: { width: 600, height: 800, channels: 3, background } })
    .png()
    .toBuffer()
  return { name, mimeType: 'image/png', buffer }
}

async function personIn(browser: Browser, email: string, baseURL: string, javaScriptEnabled = true) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled, viewport: { width: 1440, height: 900 } })
  const page = await context.newPage()
  await signIn(page, email)
  return { context, page }
}

const panelOf = (page: Page) => page.getByRole('complementary', { name: 'Sample details' })

async function openTab(page: Page, name: 'Feedback' | 'Comments' | 'Details' | 'History') {
  const tab = page.getByRole('navigation', { name: 'Review panel' }).getByRole('link', { name })
  await tab.click()
  await expect(tab).toHaveAttribute('aria-current', 'page')
}

/** Uploads a sample as the vsm and waits until its picture has passed the checks. */
async function addSample(page: Page, name: string) {
  await page.goto(`${stylePath}/samples/add`)
  await page.getByLabel('Files').setInputFiles(await render(name, '#4338ca'))
  await page.getByRole('button', { name: 'Upload' }).click()
  await expect(page.getByRole('heading', { name: 'Virtual Sample', exact: true })).toBeVisible()
  await expect(async () => {
    await page.reload()
    await expect(page.getByRole('img', { name, exact: true })).toBeVisible({ timeout: 1000 })
  }).toPass({ timeout: 20_000 })
  return page.url()
}

async function uploadVersion(page: Page, samplePage: string, name: string, colour: string) {
  await page.goto(`${samplePage.split('?')[0]}?dialog=version`)
  const dialog = page.getByRole('dialog', { name: 'Upload new version' })
  await dialog.getByLabel('File', { exact: true }).setInputFiles(await render(name, colour))
  await dialog.getByRole('button', { name: 'Upload' }).click()
  await expect(page).not.toHaveURL(samplePage)
  await expect(async () => {
    await page.reload()
    await expect(page.getByRole('img', { name, exact: true })).toBeVisible({ timeout: 1000 })
  }).toPass({ timeout: 20_000 })
  return page.url().split('?')[0]!
}

async function setStatus(page: Page, status: string) {
  const panel = panelOf(page)
  await panel.getByLabel('Status', { exact: true }).selectOption(status)
  await panel.getByRole('button', { name: 'Save' }).click()
  await expect(panel.getByTestId('sample-status')).toHaveText(status)
}

async function startRound(page: Page) {
  await openTab(page, 'Feedback')
  await panelOf(page).getByLabel('Due').fill(due(3))
  await panelOf(page).getByRole('button', { name: 'Start a round' }).click()
  await expect(panelOf(page).getByRole('region', { name: /^Round \d+$/ })).toBeVisible()
}

async function endRound(page: Page, decision: 'Request changes' | 'Approve', summary: string) {
  const round = panelOf(page).getByRole('region', { name: /^Round \d+$/ })
  await round.getByLabel('Summary').fill(summary)
  await round.getByRole('button', { name: decision }).click()
  await expect(panelOf(page).getByRole('region', { name: /^Round \d+$/ })).toHaveCount(0)
}

/** Changes the state of the change request called `label` in the Feedback tab. */
async function setState(page: Page, label: string, state: string) {
  const item = panelOf(page).getByTestId('feedback-item').filter({ hasText: label })
  await item.getByText('Change', { exact: true }).click()
  await item.getByLabel('State').selectOption(state)
  await item.getByRole('button', { name: 'Save' }).click()
}

test.describe('a review round in two browsers', () => {
  test.use({ viewport: { width: 1440, height: 900 } })

  test('version, status, round, pins for the vsm, changes requested, re-check, approval — live', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000)
    const stamp = Date.now().toString(36)
    await signIn(page, 'vsm@demo.test')
    const v1 = await addSample(page, `Round render ${stamp}.png`)

    const designer = await personIn(browser, 'editor@demo.test', baseURL!)
    await designer.page.goto(v1)
    await expect(designer.page.locator('html[data-realtime="connected"]')).toHaveCount(1)
    const reloads: string[] = []
    designer.page.on('framenavigated', (frame) => {
      if (frame === designer.page.mainFrame()) reloads.push(frame.url())
    })

    // The vsm uploads version 2: the designer's page offers it without a reload.
    const v2 = await uploadVersion(page, v1, `Round render v2 ${stamp}.png`, '#0f766e')
    const notice = designer.page.getByTestId('live-notice')
    await expect(notice).toContainText('Version 2 was uploaded by Victor Sample.')
    expect(reloads).toEqual([])
    await notice.getByRole('link', { name: 'Open it' }).click()
    await expect(designer.page).toHaveURL(v2)
    await expect(designer.page.locator('html[data-realtime="connected"]')).toHaveCount(1)

    // Ready for Review on version 2 shows on the designer's open page.
    reloads.length = 0
    await setStatus(page, 'Ready for Review')
    await expect(panelOf(designer.page).getByTestId('sample-status')).toHaveText('Ready for Review')
    await expect(notice).toHaveText('Victor Sample set Ready for Review.')
    expect(reloads).toEqual([])

    // The designer starts a round and drops two pins.
    await startRound(designer.page)
    await designer.page.getByRole('link', { name: 'Markup (off)', exact: true }).click()
    await designer.page.getByRole('toolbar', { name: 'Markup tools' }).getByRole('button', { name: 'Pin' }).click()
    const surface = designer.page.getByTestId('markup-live')
    const box = (await surface.boundingBox())!
    await designer.page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.3)
    await designer.page.getByRole('toolbar', { name: 'Markup tools' }).getByRole('button', { name: 'Pin' }).click()
    await designer.page.mouse.click(box.x + box.width * 0.7, box.y + box.height * 0.6)
    await expect(surface).toHaveAttribute('data-shapes', '2')

    // Each pin becomes a change request for the vsm, from its thread.
    for (const pin of ['Pin 1', 'Pin 2']) {
      await designer.page.getByRole('navigation', { name: 'Pins' }).getByRole('link', { name: pin }).click()
      await expect(designer.page.locator('#comments').getByRole('heading', { name: pin, exact: true })).toBeVisible()
      // Opened already on a pin's thread.
      const raise = panelOf(designer.page).locator('details').filter({ hasText: 'Mark this pin as a change request' })
      await raise.getByLabel('Assign to').selectOption({ label: 'Victor Sample (vsm)' })
      await raise.getByLabel('Priority').selectOption('high')
      await raise.getByRole('button', { name: 'Mark as change request' }).click()
      await expect(toast(designer.page, 'Marked as a change request')).toBeVisible()
    }
    await designer.page.goto(v2)
    await openTab(designer.page, 'Feedback')
    await expect(panelOf(designer.page).getByTestId('feedback-item')).toHaveCount(2)
    await endRound(designer.page, 'Request changes', 'Collar and hem need another pass')
    await expect(panelOf(designer.page).getByTestId('sample-status')).toHaveText('Declined')

    // The vsm sees both as theirs, live, resolves Pin 1 and uploads version 3.
    await openTab(page, 'Feedback')
    const mine = panelOf(page).getByTestId('feedback-item').filter({ hasText: 'Assigned to you' })
    await expect(mine).toHaveCount(2)
    await expect(panelOf(page).getByTestId('sample-status')).toHaveText('Declined')
    await setState(page, 'Pin 1', 'resolved')
    await expect(panelOf(page).getByTestId('feedback-item').filter({ hasText: 'Pin 1' })).toHaveAttribute(
      'data-state',
      'resolved',
    )
    // The designer's open page follows the state without a reload.
    await expect(panelOf(designer.page).getByTestId('feedback-item').filter({ hasText: 'Pin 1' })).toHaveAttribute(
      'data-state',
      'resolved',
    )
    const v3 = await uploadVersion(page, v2, `Round render v3 ${stamp}.png`, '#a16207')

    // Version 3 holds the open one, to re-check; the designer approves in a second round.
    await designer.page.goto(v3)
    await openTab(designer.page, 'Feedback')
    const carried = panelOf(designer.page).getByTestId('feedback-item')
    await expect(carried).toHaveCount(1)
    await expect(carried).toContainText('Pin 2')
    await expect(carried).toHaveAttribute('data-state', 'to re-check')
    await startRound(designer.page)
    await setState(designer.page, 'Pin 2', 'resolved')
    await endRound(designer.page, 'Approve', 'Ready for sampling')
    await expect(panelOf(designer.page).getByTestId('sample-status')).toHaveText('Approved')
    await openTab(designer.page, 'History')
    await expect(designer.page.getByRole('list', { name: 'History' })).toContainText('ended the round: approved')
    await designer.context.close()
  })

  test('the same round with JavaScript off; an outsider gets 404 and a read member changes nothing', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000)
    const stamp = Date.now().toString(36)
    await signIn(page, 'vsm@demo.test')
    const v1 = await addSample(page, `Quiet render ${stamp}.png`)
    await setStatus(page, 'Ready for Review')

    const designer = await personIn(browser, 'editor@demo.test', baseURL!, false)
    const vsm = await personIn(browser, 'vsm@demo.test', baseURL!, false)
    await designer.page.goto(v1)
    await startRound(designer.page)
    for (const text of ['Lower the neckline 1 cm', 'Darker lining']) {
      const raise = panelOf(designer.page).locator('details').filter({ hasText: 'Raise a change request' })
      await raise.getByText('Raise a change request').click()
      await raise.getByLabel('Comment', { exact: true }).fill(text)
      await raise.getByLabel('Assign to').selectOption({ label: 'Victor Sample (vsm)' })
      await raise.getByRole('button', { name: 'Mark as change request' }).click()
      await expect(toast(designer.page, 'Marked as a change request')).toBeVisible()
    }
    const roundLink = panelOf(designer.page).getByRole('link', { name: 'Open items' })
    const roundPage = new URL((await roundLink.getAttribute('href'))!, baseURL).pathname
    await endRound(designer.page, 'Request changes', 'Two things to fix')

    // The round's page lists what is open and who holds it.
    await vsm.page.goto(roundPage)
    await expect(vsm.page.getByRole('heading', { name: 'Open items (2)' })).toBeVisible()
    await expect(vsm.page.getByRole('list', { name: 'Held by You' }).getByRole('listitem')).toHaveCount(2)

    // A read member sees it all and changes nothing; an outsider finds nothing.
    const reader = await personIn(browser, 'viewer@demo.test', baseURL!, false)
    await reader.page.goto(v1)
    await expect(panelOf(reader.page).getByTestId('feedback-item')).toHaveCount(2)
    await expect(panelOf(reader.page).getByText('Change', { exact: true })).toHaveCount(0)
    await expect(panelOf(reader.page).getByRole('button', { name: 'Start a round' })).toHaveCount(0)
    // Even a form posted by hand, with the session's own token, is refused by the service.
    const csrf = await reader.page.locator('input[name="csrf"]').first().inputValue()
    for (const form of <Record<string, string>[]>[
      { intent: 'raise', pin: '', comment: 'Sneaky request' },
      { intent: 'round-start', due: due(2) },
    ]) {
      const forged = await reader.page.request.post(v1, { form: { csrf, ...form }, maxRedirects: 0 })
      expect(forged.status()).toBe(302)
    }
    await reader.page.reload()
    await expect(panelOf(reader.page).getByTestId('feedback-item')).toHaveCount(2)
    await expect(panelOf(reader.page).getByRole('region', { name: /^Round \d+$/ })).toHaveCount(0)
    // The refusal is told on the next page the reader opens.
    await expect(toast(reader.page, 'Only a designer or an owner can do this in a review.')).toBeVisible()
    await reader.context.close()
    const outsider = await personIn(browser, 'outsider@demo.test', baseURL!, false)
    for (const address of [v1, roundPage, `${v1}?tab=feedback`, `${v1}?tab=history`]) {
      expect((await outsider.page.goto(address))?.status(), address).toBe(404)
    }
    await outsider.context.close()

    // The vsm resolves one and uploads version 3 without JavaScript: the other is carried over.
    await vsm.page.goto(v1)
    await setState(vsm.page, 'Darker lining', 'resolved')
    await expect(toast(vsm.page, 'Change saved successfully')).toBeVisible()
    const v3 = await uploadVersion(vsm.page, v1, `Quiet render v2 ${stamp}.png`, '#0f766e')
    await designer.page.goto(v3)
    const carried = panelOf(designer.page).getByTestId('feedback-item')
    await expect(carried).toHaveCount(1)
    await expect(carried).toHaveAttribute('data-state', 'to re-check')
    await startRound(designer.page)
    await endRound(designer.page, 'Approve', 'Fine now')
    await expect(panelOf(designer.page).getByTestId('sample-status')).toHaveText('Approved')

    // A comment already in the thread becomes a change request from the thread itself.
    await vsm.page.goto(v3)
    await openTab(vsm.page, 'Comments')
    await panelOf(vsm.page).getByPlaceholder('Write a message…').fill('The cuff stitching is loose')
    await panelOf(vsm.page).getByRole('button', { name: 'Send' }).click()
    await designer.page.goto(v3)
    await openTab(designer.page, 'Comments')
    const comment = panelOf(designer.page).getByTestId('message').filter({ hasText: 'The cuff stitching is loose' })
    await comment.hover()
    await comment.getByRole('link', { name: 'Mark as change request' }).click()
    const mark = panelOf(designer.page).locator('details#mark-comment')
    await expect(mark.getByTestId('marked-comment')).toContainText('The cuff stitching is loose')
    await mark.getByLabel('Assign to').selectOption({ label: 'Victor Sample (vsm)' })
    await mark.getByRole('button', { name: 'Mark as change request' }).click()
    await expect(toast(designer.page, 'Marked as a change request')).toBeVisible()
    await expect(
      panelOf(designer.page).getByTestId('feedback-item').filter({ hasText: 'The cuff stitching is loose' }),
    ).toHaveAttribute('data-state', 'open')
    await openTab(designer.page, 'Comments')
    await expect(comment.getByRole('link', { name: 'Change request', exact: true })).toBeVisible()
    await expect(comment.getByRole('link', { name: 'Mark as change request' })).toHaveCount(0)
    await designer.context.close()
    await vsm.context.close()
  })
})
