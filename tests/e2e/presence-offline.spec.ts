// Presence when someone's network drops (issue 44): the tab stays open but the browser is offline.
// The others see them leave within 5 s, as when a tab closes, on the brand's online list (chat) and
// in a sample's "Looking now"; back online, they show again.
import type { Browser } from '@playwright/test'
import { demoKey } from '#app/platform/ids'
import { expect, signIn, test } from './fixtures'
import { member, signedIn } from './support/chat-people'
import { createBrand } from './support/users'

const SAMPLE = `/brand/${demoKey('brand:demo')}/style/${demoKey('style:linen-shirt')}/samples/${demoKey('sample-ref:render-front')}`

async function personIn(browser: Browser, email: string, baseURL: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  await signIn(page, email)
  return { context, page }
}

test('a member whose network drops shows offline to the others within 5 s, and online again when it returns', async ({
  browser,
  baseURL,
}) => {
  const brand = await createBrand(baseURL!)
  const designer = await member(baseURL!, brand, 'Ona', 'Designer', 'designer')
  const vsm = await member(baseURL!, brand, 'Pia', 'Merch', 'vsm')
  const away = await signedIn(browser, baseURL!, designer)
  await away.goto(`/brand/${brand.key}`)
  await expect(away.locator('html[data-realtime="connected"]')).toHaveCount(1)
  const page = await signedIn(browser, baseURL!, vsm)
  await page.goto(`/brand/${brand.key}/chat`)
  const contact = page.getByTestId('chat-contact').filter({ hasText: 'Ona Designer' })
  await expect(contact).toContainText('(online)')

  await away.context().setOffline(true)
  await expect(contact).toContainText('(offline)', { timeout: 5_000 })
  await expect(contact.getByTestId('online-dot')).toHaveCount(0)

  await away.context().setOffline(false)
  await expect(contact).toContainText('(online)', { timeout: 10_000 })
  await away.context().close()
  await page.context().close()
})

test('someone whose network drops leaves a sample’s “Looking now” within 5 s', async ({ browser, baseURL }) => {
  const designer = await personIn(browser, 'editor@demo.test', baseURL!)
  const vsm = await personIn(browser, 'vsm@demo.test', baseURL!)
  await designer.page.goto(SAMPLE)
  await vsm.page.goto(SAMPLE)
  const presence = designer.page.getByTestId('markup-presence')
  await expect(presence).toContainText('Victor Sample')

  await vsm.context.setOffline(true)
  await expect(vsm.page.getByTestId('markup-presence')).toContainText('Offline')
  await expect(presence).not.toContainText('Victor Sample', { timeout: 5_000 })

  // Back online: shown again as himself, and both see each other.
  await vsm.context.setOffline(false)
  await expect(presence).toHaveText(/Looking now: Victor Sample$/, { timeout: 10_000 })
  await expect(vsm.page.getByTestId('markup-presence')).toHaveText(/Looking now: Dana Designer$/)
  await designer.context.close()
  await vsm.context.close()
})
