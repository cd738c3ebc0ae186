import type http from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { accessLog, requestIdOf, routeOf } from './access-log.server'
import { logEvent } from './error-reporting.server'

describe('routeOf', () => {
  it('keeps the places of the portal and hides ids, tokens and the query', () => {
    expect(routeOf('/brand/r69dzdges8ee9wr7/products?search=coat')).toBe('/brand/:id/products')
    expect(routeOf('/api/app/method/check_version')).toBe('/api/app/method/check_version')
    expect(routeOf('/blobs/brands/r69dzdges8ee9wr7/files/x8kq7gagh3ves2gq_1600.png?expires=1&signature=abc')).toBe(
      '/blobs/brands/:id/files/:id',
    )
    expect(routeOf('/invite/Zx9_kQ2mPlLwErTyUiOpAsDfGhJk')).toBe('/invite/:id')
    expect(routeOf('/')).toBe('/')
  })
})

describe('requestIdOf', () => {
  it("takes the proxy's id when it is plausible, else makes one", () => {
    expect(requestIdOf('proxy-1234abcd')).toBe('proxy-1234abcd')
    for (const given of [undefined, '', 'short', 'x'.repeat(65), 'has space in it', 'new\nline-injected']) {
      expect(requestIdOf(given)).toMatch(/^[0-9a-f]{16}$/)
    }
  })
})

describe('accessLog', () => {
  let lines: Record<string, unknown>[]
  let server: http.Server
  let url: string

  beforeEach(async () => {
    lines = []
    vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(JSON.parse(line)))
    const app = express()
    app.use(accessLog({ enabled: true }))
    app.get('/brand/:key/work', (_req, res) => {
      // A line written later in the request, after an await, still carries its id.
      void new Promise((resolve) => setTimeout(resolve, 5)).then(() => {
        logEvent('info', 'inside the request')
        res.status(201).send('done')
      })
    })
    server = app.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterEach(async () => {
    vi.restoreAllMocks()
    await new Promise((resolve) => server.close(resolve))
  })

  it('answers the id, and writes it on every line of the request with one access line', async () => {
    const answer = await fetch(`${url}/brand/r69dzdges8ee9wr7/work?token=secret-value`, {
      headers: { 'x-request-id': 'proxy-given-0001' },
    })
    expect(answer.status).toBe(201)
    expect(answer.headers.get('x-request-id')).toBe('proxy-given-0001')
    await vi.waitFor(() => expect(lines).toHaveLength(2))
    expect(lines[0]).toMatchObject({ level: 'info', msg: 'inside the request', requestId: 'proxy-given-0001' })
    expect(lines[1]).toMatchObject({
      msg: 'request',
      requestId: 'proxy-given-0001',
      method: 'GET',
      route: '/brand/:id/work',
      status: 201,
    })
    expect(typeof lines[1]!.ms).toBe('number')
    expect(JSON.stringify(lines)).not.toContain('secret-value')
  })

  it('gives each request its own id when none is sent', async () => {
    const ids = await Promise.all(
      [1, 2].map(async () => (await fetch(`${url}/brand/r69dzdges8ee9wr7/work`)).headers.get('x-request-id')),
    )
    expect(ids[0]).not.toBe(ids[1])
    await vi.waitFor(() => expect(lines).toHaveLength(4))
    for (const id of ids) expect(lines.filter((line) => line.requestId === id)).toHaveLength(2)
  })
})
