// Updating a brand notifies its other members: their bell dot appears without a reload.
import { brandKeyByName, expect, signIn, test } from './fixtures'
import { setCurrentBrand } from './support/users'

// The watcher opens Demo Brand, which remembers it; vsm@demo.test has none chosen in the seed.
test.afterEach(({ baseURL }) => setCurrentBrand(baseURL!, 'vsm@demo.test', null))

test('the bell dot appears live when another member updates the brand', async ({ browser, baseURL }) => {
  const watcherContext = await browser.newContext({ baseURL: baseURL! })
  const editorContext = await browser.newContext({ baseURL: baseURL! })
  const watcher = await watcherContext.newPage()
  const editor = await editorContext.newPage()

  await signIn(watcher, 'vsm@demo.test')
  await expect(watcher).toHaveURL(/\/brands$/)
  const key = await brandKeyByName(watcher, 'Demo Brand')
  expect((await watcher.request.post('/api/notification/method/mark_read_all', { data: {} })).status()).toBe(200)
  await watcher.goto(`/brand/${key}`)
  await expect(watcher.getByTestId('bell-dot')).toHaveCount(0)
  await expect(watcher.locator('html[data-realtime="connected"]')).toHaveCount(1)
  const navigations: string[] = []
  watcher.on('framenavigated', (frame) => navigations.push(frame.url()))

  await signIn(editor, 'editor@demo.test')
  await editor.goto(`/brand/${key}/edit?edit=contact`)
  await editor.getByRole('region', { name: 'Contact Admin' }).getByLabel('Title').fill('Creative Director')
  await editor.getByRole('region', { name: 'Contact Admin' }).getByRole('button', { name: 'Update' }).click()
  await expect(editor.getByTestId('toast')).toHaveText(/Brand has been updated/)

  await expect(watcher.getByTestId('bell-dot')).toBeVisible()
  expect(navigations).toEqual([])
  await watcher.getByLabel('Notifications (unread)').click()
  const panel = watcher.getByTestId('bell-panel')
  await expect(panel.getByRole('listitem').first()).toContainText(
    'Dana Designer updated the brand profile of Demo Brand',
  )

  await panel.getByRole('button', { name: 'Mark all as read' }).click()
  await expect(watcher).toHaveURL(new RegExp(`/brand/${key}$`))
  await expect(watcher.getByTestId('bell-dot')).toHaveCount(0)
  await watcherContext.close()
  await editorContext.close()
})
