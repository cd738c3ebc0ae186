// Files in chat, in the browser: the composer's paperclip picks a file, which uploads with its
// progress and scan state (atelier.md §4 toasts); the message goes with it once it is clean and
// the other member sees it arrive without a reload. A file refused by the scan cannot be sent and
// is removed from the composer. Each test uses a brand of its own.
import type { Browser, Page } from '@playwright/test'
import sharp from 'sharp'
import { EICAR } from '#app/infra/file-scan.server'
import { SCAN_MESSAGES } from '#app/features/files/file-purposes'
import { expect, signIn, test } from './fixtures'
import { live, member, signedIn } from './support/chat-people'
import { createBrand } from './support/users'

const swatch = () =>
  sharp({ create: { width: 600, height: 800, channels: 3, background: '#b45309' } })
    .png()
    .toBuffer()

/** Picks a file with the composer's paperclip, as a person does through the file dialog. */
async function attach(page: Page, name: string, buffer: Buffer) {
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Attach a file' }).click()
  await (await chooser).setFiles({ name, mimeType: 'image/png', buffer })
}

test('an image attached in the composer reaches the other member once it is scanned', async ({ browser, baseURL }) => {
  const brand = await createBrand(baseURL!)
  const designer = await member(baseURL!, brand, 'Ada', 'Designer', 'designer')
  const vsm = await member(baseURL!, brand, 'Ben', 'Merch', 'vsm')

  const page = await signedIn(browser, baseURL!, designer)
  await page.goto(`/brand/${brand.key}/contacts`)
  await page
    .getByTestId('contact-card')
    .filter({ hasText: 'Ben Merch' })
    .getByRole('button', { name: 'Message' })
    .click()
  await expect(page).toHaveURL(new RegExp(`/brand/${brand.key}/chat/[a-z0-9]+$`))
  await live(page)
  const other = await signedIn(browser, baseURL!, vsm)
  await other.goto(page.url())
  await live(other)

  await attach(page, 'collar-swatch.png', await swatch())
  const chip = page.getByTestId('composer-attachment')
  await expect(chip.getByTestId('composer-attachment-name')).toHaveText('collar-swatch.png')
  await expect(page.getByTestId('toast').filter({ hasText: SCAN_MESSAGES.scanning })).toHaveCount(1)
  await expect(page.getByTestId('toast').filter({ hasText: SCAN_MESSAGES.available })).toHaveCount(1)
  await expect(chip).toHaveAttribute('data-status', 'available')
  await expect(chip.getByTestId('composer-attachment-state')).toHaveText(SCAN_MESSAGES.available)
  await page.getByTestId('conversation').screenshot({ path: 'test-results/chat-composer-attachment.png' })

  await page.getByLabel('Message', { exact: true }).fill('The collar in the new wool')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(chip).toHaveCount(0)
  const sent = page.getByTestId('message').last()
  await expect(sent).toContainText('The collar in the new wool')
  await expect(sent.getByTestId('message-attachment').getByRole('img', { name: 'collar-swatch.png' })).toBeVisible()

  // The other member sees it arrive, thumbnail and all, and it stays after a reload.
  const arrived = other.getByTestId('message').last()
  await expect(arrived).toContainText('The collar in the new wool')
  await expect(arrived.getByRole('img', { name: 'collar-swatch.png' })).toBeVisible()
  await other.reload()
  await expect(other.getByTestId('message').last().getByRole('img', { name: 'collar-swatch.png' })).toBeVisible()
  await page.context().close()
  await other.context().close()
})

test('without the socket’s status events the 2000 ms re-check tells the scan state', async ({ browser, baseURL }) => {
  const brand = await createBrand(baseURL!)
  const designer = await member(baseURL!, brand, 'Gus', 'Designer', 'designer')
  await member(baseURL!, brand, 'Hal', 'Merch', 'vsm')

  // The socket works for chat, but never brings a file's status: only the re-check can tell it.
  const context = await browser.newContext({ baseURL })
  await context.routeWebSocket(/\/socket\.io\//, (ws) => {
    const server = ws.connectToServer()
    server.onMessage((message) => {
      if (typeof message === 'string' && message.includes('"file:status"')) return
      ws.send(message)
    })
  })
  const page = await context.newPage()
  const rechecks: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/file/model/')) rechecks.push(request.url())
  })
  await signIn(page, designer.email, designer.password)
  await page.goto(`/brand/${brand.key}/contacts`)
  await page
    .getByTestId('contact-card')
    .filter({ hasText: 'Hal Merch' })
    .getByRole('button', { name: 'Message' })
    .click()
  await live(page)

  await attach(page, 'cuff.png', await swatch())
  const chip = page.getByTestId('composer-attachment')
  await expect(page.getByTestId('toast').filter({ hasText: SCAN_MESSAGES.scanning })).toHaveCount(1)
  await expect(chip).toHaveAttribute('data-status', 'available')
  await expect(page.getByTestId('toast').filter({ hasText: SCAN_MESSAGES.available })).toHaveCount(1)
  expect(rechecks.length).toBeGreaterThan(0)
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByTestId('message').getByRole('img', { name: 'cuff.png' })).toBeVisible()
  await context.close()
})

test('a file refused by the scan cannot be sent and is removed from the composer', async ({ browser, baseURL }) => {
  const brand = await createBrand(baseURL!)
  const designer = await member(baseURL!, brand, 'Cy', 'Designer', 'designer')
  await member(baseURL!, brand, 'Di', 'Merch', 'vsm')

  const page = await signedIn(browser, baseURL!, designer)
  await page.goto(`/brand/${brand.key}/contacts`)
  await page
    .getByTestId('contact-card')
    .filter({ hasText: 'Di Merch' })
    .getByRole('button', { name: 'Message' })
    .click()
  await live(page)

  await attach(page, 'infected.png', Buffer.concat([await swatch(), EICAR]))
  const chip = page.getByTestId('composer-attachment')
  await expect(page.getByTestId('toast').filter({ hasText: SCAN_MESSAGES.quarantined })).toHaveCount(1)
  await expect(chip).toHaveAttribute('data-status', 'quarantined')
  await expect(chip.getByTestId('composer-attachment-state')).toHaveText(SCAN_MESSAGES.quarantined)

  await page.getByLabel('Message', { exact: true }).fill('Have a look')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByTestId('conversation').getByRole('alert')).toContainText(SCAN_MESSAGES.quarantined)
  await expect(page.getByTestId('pending-message')).toHaveCount(0)
  await expect(page.getByTestId('message')).toHaveCount(0)

  await chip.getByRole('button', { name: 'Remove infected.png' }).click()
  await expect(chip).toHaveCount(0)
  // Without the file, the text goes.
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByTestId('message')).toHaveCount(1)
  await expect(page.getByTestId('message').getByTestId('message-attachment')).toHaveCount(0)
  await page.context().close()
})

test('without JavaScript the composer posts the file with the message', async ({ browser, baseURL }) => {
  const brand = await createBrand(baseURL!)
  const designer = await member(baseURL!, brand, 'Eve', 'Designer', 'designer')
  await member(baseURL!, brand, 'Fay', 'Merch', 'vsm')

  const page = await signedIn(browser, baseURL!, designer, false)
  await page.goto(`/brand/${brand.key}/contacts`)
  await page
    .getByTestId('contact-card')
    .filter({ hasText: 'Fay Merch' })
    .getByRole('button', { name: 'Message' })
    .click()
  await expect(page.getByTestId('conversation-title')).toHaveText('Fay Merch')
  await page
    .getByLabel('Attach a file')
    .setInputFiles({ name: 'hem.png', mimeType: 'image/png', buffer: await swatch() })
  await page.getByLabel('Message', { exact: true }).fill('The hem, shorter')
  await page.getByTestId('conversation').screenshot({ path: 'test-results/chat-composer-attachment-no-js.png' })
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByTestId('message')).toHaveCount(1)
  await expect(page.getByTestId('message')).toContainText('The hem, shorter')
  await expect(page.getByTestId('message').getByRole('img', { name: 'hem.png' })).toBeVisible()

  // A refused file: the spec's text under the composer, nothing sent.
  await page
    .getByLabel('Attach a file')
    .setInputFiles({ name: 'bad.png', mimeType: 'image/png', buffer: Buffer.concat([await swatch(), EICAR]) })
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByTestId('conversation').getByRole('alert')).toContainText(SCAN_MESSAGES.quarantined)
  await expect(page.getByTestId('message')).toHaveCount(1)
  await page.context().close()
})

/**
 * A page whose file scan seems to take as long as the test wants: the socket's file status events
 * are dropped and the 2000 ms re-check hears "scanning" until `release()`.
 */
async function slowScanPage(browser: Browser, baseURL: string) {
  let holding = true
  const context = await browser.newContext({ baseURL })
  await context.routeWebSocket(/\/socket\.io\//, (ws) => {
    const server = ws.connectToServer()
    server.onMessage((message) => {
      if (holding && typeof message === 'string' && message.includes('"file:status"')) return
      ws.send(message)
    })
  })
  await context.route('**/api/file/model/**', (route) =>
    holding ? route.fulfill({ json: { data: { status: 'scanning' } } }) : route.continue(),
  )
  return { context, release: () => (holding = false) }
}

/** A designer of a new brand in a chat with its vsm, on a page whose scans wait for `release()`. */
async function chatWithSlowScans(browser: Browser, baseURL: string, designerName: string, vsmName: string) {
  const brand = await createBrand(baseURL)
  const designer = await member(baseURL, brand, designerName, 'Designer', 'designer')
  await member(baseURL, brand, vsmName, 'Merch', 'vsm')
  const slow = await slowScanPage(browser, baseURL)
  const page = await slow.context.newPage()
  await signIn(page, designer.email, designer.password)
  await page.goto(`/brand/${brand.key}/contacts`)
  await page
    .getByTestId('contact-card')
    .filter({ hasText: `${vsmName} Merch` })
    .getByRole('button', { name: 'Message' })
    .click()
  await live(page)
  return { ...slow, page }
}

test('a message sent while its file is being scanned waits and goes when the scan passes', async ({
  browser,
  baseURL,
}) => {
  const slow = await chatWithSlowScans(browser, baseURL!, 'Eve', 'Fay')
  const { page } = slow

  await attach(page, 'hem.png', await swatch())
  const chip = page.getByTestId('composer-attachment')
  await expect(chip).toHaveAttribute('data-status', 'scanning', { timeout: 15_000 })
  await page.getByLabel('Message', { exact: true }).fill('The hem in linen')
  await page.getByRole('button', { name: 'Send' }).click()
  // It waits, said plainly and not as an error; nothing is sent yet.
  await expect(chip.getByTestId('composer-attachment-waiting')).toHaveText(
    'Your message goes as soon as the scan passes.',
  )
  await expect(page.getByTestId('conversation').getByRole('alert')).toHaveCount(0)
  await expect(page.getByTestId('message')).toHaveCount(0)

  slow.release()
  const sent = page.getByTestId('message')
  await expect(sent).toHaveCount(1, { timeout: 15_000 })
  await expect(sent).toContainText('The hem in linen')
  await expect(sent.getByRole('img', { name: 'hem.png' })).toBeVisible()
  await expect(chip).toHaveCount(0)
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('')
  await expect(page.getByTestId('conversation').getByRole('alert')).toHaveCount(0)
  await slow.context.close()
})

test('a message waiting for a file the scan refuses says so, keeps its text, and the refusal goes with the file', async ({
  browser,
  baseURL,
}) => {
  const slow = await chatWithSlowScans(browser, baseURL!, 'Gil', 'Ivy')
  const { page } = slow

  await attach(page, 'infected.png', Buffer.concat([await swatch(), EICAR]))
  const chip = page.getByTestId('composer-attachment')
  await expect(chip).toHaveAttribute('data-status', 'scanning', { timeout: 15_000 })
  await page.getByLabel('Message', { exact: true }).fill('Have a look')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(chip.getByTestId('composer-attachment-waiting')).toBeVisible()

  slow.release()
  const alert = page.getByTestId('conversation').getByRole('alert')
  await expect(alert).toContainText(SCAN_MESSAGES.quarantined, { timeout: 15_000 })
  await expect(chip.getByTestId('composer-attachment-waiting')).toHaveCount(0)
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('Have a look')
  await expect(page.getByTestId('message')).toHaveCount(0)
  // Removing the file: the refusal no longer applies, and the text goes alone.
  await chip.getByRole('button', { name: 'Remove infected.png' }).click()
  await expect(alert).toHaveCount(0)
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByTestId('message')).toHaveCount(1)
  await expect(page.getByTestId('message').getByTestId('message-attachment')).toHaveCount(0)
  await slow.context.close()
})
