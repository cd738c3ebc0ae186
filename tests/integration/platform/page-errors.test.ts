// What a client is told when a page request goes wrong, in the mode `npm start` runs in by
// default (development): never a stack trace or a path of the server's disk; refusals (4xx) are
// logged as warnings with their message, not as errors reading "[object Object]".
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { loadServerBuild, startTestPortal, type TestPortal } from '#tests/support/portal'
import { createBrand, createMember } from '#tests/support/factories'
import { createListing } from '#tests/support/catalogue-factories'
import { pageBrowser } from '#tests/support/page-browser'

let portal: TestPortal

beforeAll(async () => {
  portal = await startTestPortal({ remixBuild: await loadServerBuild(), env: { NODE_ENV: 'development' } })
})
afterAll(() => portal?.destroy())

describe('page errors', () => {
  it.each([
    ['/?_data=nonexistent', 'GET'],
    ['/?_data=routes%2F_index', 'PUT'],
    ['/brand/nope/products?_data=routes%2F_frame%2B%2Fbrand%2B%2F%24brandKey%2B%2Fproducts%2B%2F_index', 'DELETE'],
  ])('%s (%s) answers 4xx without a stack or a server path, logged as a warning', async (path, method) => {
    const errors = vi.spyOn(console, 'error')
    const logs = vi.spyOn(console, 'log')
    try {
      const response = await fetch(`${portal.url}${path}`, { method })
      const body = await response.text()
      expect(response.status).toBeGreaterThanOrEqual(400)
      expect(response.status).toBeLessThan(500)
      expect(body).not.toMatch(/\n\s+at |node_modules|\/build\/|\.js:\d+|\.tsx?:\d+/)
      expect(body).not.toContain(process.cwd())
      const lines = [...errors.mock.calls, ...logs.mock.calls].map((call) => String(call[0]))
      expect(lines.filter((line) => line.includes('"level":"error"'))).toEqual([])
      expect(lines.join('\n')).not.toContain('[object Object]')
      const warning = lines.find((line) => line.includes('page request refused'))
      expect(JSON.parse(warning!)).toMatchObject({ level: 'warn', status: response.status, method })
      expect((JSON.parse(warning!) as { message: string }).message).toMatch(/\w/)
    } finally {
      errors.mockRestore()
      logs.mockRestore()
    }
  })
})

describe('an address under a brand that names no screen', () => {
  it('answers 404 with the not-found page to a member, and the sign-in to a stranger', async () => {
    const brand = await createBrand(portal.deps)
    const owner = await createMember(portal.deps, [{ brand: brand.key, type: 'owner' }])
    const browser = await pageBrowser(portal, owner)
    const listing = await createListing(portal.deps, brand.key)
    for (const path of [
      `/brand/${brand.key}/products/foo/bar`,
      `/brand/${brand.key}/products/no-such-product`,
      `/brand/${brand.key}/atelier/foo/bar`,
      `/brand/${brand.key}/no-such-screen`,
    ]) {
      const answer = await browser.get(path)
      expect(answer.status, path).toBe(404)
      const text = await answer.text()
      expect(text, path).not.toContain('coming soon')
      expect(text, path).toContain('Page not found')
    }
    // The screens themselves still answer.
    expect((await browser.get(`/brand/${brand.key}/products`)).status).toBe(200)
    expect((await browser.get(`/brand/${brand.key}/atelier`)).status).toBe(200)
    void listing
    const stranger = await fetch(`${portal.url}/brand/${brand.key}/products/foo/bar`, { redirect: 'manual' })
    expect(stranger.status).toBe(302)
  })
})
