// The outsider (owner of Other Brand only) cannot reach Demo Brand by page, API, socket room,
// Yjs document or by guessing a key.
import WebSocket from 'ws'
import { io } from 'socket.io-client'
import { brandKeyByName, expect, signIn, test } from './fixtures'

test.use({ javaScriptEnabled: false })

test('the outsider cannot reach Demo Brand through any entry point', async ({ page, context, baseURL, browser }) => {
  // Learn Demo Brand's key the way a leaked link would reveal it.
  const adminContext = await browser.newContext({ baseURL: baseURL! })
  const adminPage = await adminContext.newPage()
  await signIn(adminPage, 'admin@demo.test')
  const demoKey = await brandKeyByName(adminPage, 'Demo Brand')
  await adminContext.close()

  await signIn(page, 'outsider@demo.test')
  await expect(page.getByTestId('page-title')).toHaveText('Other Brand')

  for (const path of [
    `/brand/${demoKey}`,
    `/brand/${demoKey}/edit`,
    `/brand/${demoKey}/team`,
    `/brand/${demoKey}/products`,
  ]) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(404)
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    await expect(page.getByText('Demo Brand')).toHaveCount(0)
  }
  // A guessed key answers exactly like a real one: nothing tells them apart.
  const guessed = await page.goto('/brand/abcdefghjkmnpqrs')
  expect(guessed?.status()).toBe(404)

  for (const [method, path] of [
    ['GET', `/api/brand/model/${demoKey}`],
    ['PUT', `/api/brand/model/${demoKey}`],
  ] as const) {
    const answer = await page.request.fetch(path, { method, data: method === 'PUT' ? { name: 'Taken' } : undefined })
    expect(answer.status(), `${method} ${path}`).toBe(404)
    expect(await answer.json()).toEqual({ error: { type: 'NotFound', message: 'Brand not found.' } })
  }
  const listed = await page.request.get('/api/brand/query/user/')
  expect(((await listed.json()) as { data: { name: string }[] }).data.map((b) => b.name)).toEqual(['Other Brand'])

  const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ')
  const socket = io(baseURL!, { transports: ['websocket'], extraHeaders: { cookie }, reconnection: false })
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve())
    socket.once('connect_error', reject)
  })
  expect(await socket.emitWithAck('brand:join', { brand: demoKey })).toEqual({ ok: false, error: 'PermissionError' })
  socket.disconnect()

  const yjsStatus = await new Promise<number | 'open'>((resolve) => {
    const ws = new WebSocket(`${baseURL!.replace('http', 'ws')}/yjs/scratch:${demoKey}:board`, { headers: { cookie } })
    ws.on('open', () => (ws.close(), resolve('open')))
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
  })
  expect(yjsStatus).toBe(404)
})
