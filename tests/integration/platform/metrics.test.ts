// /metrics (docs/decisions/186): Prometheus's text format behind METRICS_TOKEN, read and parsed as
// a scraper reads it; refused without the token or with another; absent when no token is set.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startTestPortal, type TestPortal } from '#tests/support/portal'

const TOKEN = 'metrics-token-for-the-test-0123456789'
let portal: TestPortal
let without: TestPortal

beforeAll(async () => {
  ;[portal, without] = await Promise.all([startTestPortal({ env: { METRICS_TOKEN: TOKEN } }), startTestPortal()])
}, 120_000)
afterAll(async () => {
  await portal?.destroy()
  await without?.destroy()
})

interface Sample {
  name: string
  labels: Record<string, string>
  value: number
}

/** The exposition format: `# HELP`, `# TYPE`, then `name{label="value",…} number` lines. */
function parseExposition(text: string): { types: Map<string, string>; samples: Sample[] } {
  const types = new Map<string, string>()
  const samples: Sample[] = []
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ')) continue
    const type = /^# TYPE (\S+) (counter|gauge|histogram|summary|untyped)$/.exec(line)
    if (type) {
      types.set(type[1]!, type[2]!)
      continue
    }
    // Values as Prometheus reads them: numbers, and NaN and ±Inf in any case (prom-client writes "Nan").
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?[0-9.e+-]+|nan|[+-]inf)$/i.exec(line)
    if (!sample) throw new Error(`not a line of the exposition format: ${line}`)
    const labels: Record<string, string> = {}
    for (const [, name, value] of (sample[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      labels[name!] = value!
    }
    samples.push({ name: sample[1]!, labels, value: Number(sample[3]) })
  }
  return { types, samples }
}

const scrape = (target: TestPortal, authorization?: string) =>
  fetch(`${target.url}/metrics`, { headers: authorization ? { authorization } : {} })

it('answers the figures in the exposition format to the token, requests counted by route', async () => {
  for (let i = 0; i < 3; i++) expect((await fetch(`${portal.url}/api/app/method/check_version`)).status).toBe(200)
  await fetch(`${portal.url}/api/made-up-${Date.now()}`)
  const answer = await scrape(portal, `Bearer ${TOKEN}`)
  expect(answer.status).toBe(200)
  const type = answer.headers.get('content-type') ?? ''
  expect(type).toMatch(/^text\/plain;/)
  expect(type).toMatch(/version=0\.0\.4/)
  const { types, samples } = parseExposition(await answer.text())
  const one = (name: string, labels: Record<string, string> = {}) =>
    samples.find(
      (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
    )
  expect(types.get('portal_http_request_duration_seconds')).toBe('histogram')
  expect(
    one('portal_http_request_duration_seconds_count', {
      method: 'GET',
      route: '/api/app/method/check_version',
      status: '200',
    })?.value,
  ).toBe(3)
  // An address made up is one series, whatever it was.
  expect(one('portal_http_request_duration_seconds_count', { route: 'unmatched', status: '404' })?.value).toBe(1)
  expect(samples.some((sample) => sample.labels.route?.includes('made-up'))).toBe(false)
  for (const name of [
    'nodejs_eventloop_lag_p99_seconds',
    'process_resident_memory_bytes',
    'portal_socketio_clients',
    'portal_yjs_documents',
    'portal_yjs_connections',
    'portal_db_pool_connections',
    'portal_db_pool_idle',
    'portal_db_pool_waiting',
  ]) {
    expect({ name, found: one(name) !== undefined }).toEqual({ name, found: true })
  }
  expect(one('portal_db_pool_connections')!.value).toBeGreaterThan(0)
})

it('refuses a scrape without the token, or with another, and has no /metrics without a token set', async () => {
  for (const authorization of [undefined, 'Bearer wrong-token-of-the-same-size-0123', `Bearer ${TOKEN}x`, TOKEN]) {
    const answer = await scrape(portal, authorization)
    expect({ authorization, status: answer.status }).toEqual({ authorization, status: 401 })
    expect(await answer.text()).not.toContain('portal_http_request_duration_seconds')
  }
  const absent = await scrape(without, `Bearer ${TOKEN}`)
  expect(absent.status).not.toBe(200)
  expect(await absent.text()).not.toContain('portal_http_request_duration_seconds')
})
