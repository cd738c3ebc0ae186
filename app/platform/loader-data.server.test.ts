import { describe, expect, it } from 'vitest'
import { isPlainJson, json } from './loader-data.server'

const PLAIN = {
  name: 'Café Señora',
  total: 2,
  exact: true,
  none: null,
  rows: [{ key: 'k1', tags: ['a'] }],
  gone: undefined,
}

describe("a loader's data as a Response", () => {
  it('hands plain data to the page as it is, without encoding it', async () => {
    const response = json(PLAIN)
    expect(await response.json()).toBe(PLAIN)
    expect(response.bodyUsed).toBe(false)
  })

  it('sends the same JSON as Remix when it is the answer of a data request', async () => {
    const response = json(PLAIN, { status: 201, headers: { 'Set-Cookie': '__ui=1; Path=/' } })
    expect(response.status).toBe(201)
    expect(response.headers.get('Content-Type')).toBe('application/json; charset=utf-8')
    expect(response.headers.get('Set-Cookie')).toBe('__ui=1; Path=/')
    expect(await response.text()).toBe(JSON.stringify(PLAIN))
  })

  it('reads data that JSON would change as JSON reads it back', async () => {
    const when = new Date(Date.UTC(2026, 10, 29, 5, 30))
    const data = { when, list: [1, undefined], ratio: Number.NaN }
    expect(await json(data).json()).toEqual({ when: when.toISOString(), list: [1, null], ratio: null })
  })
})

describe('plain JSON', () => {
  it('is strings, finite numbers, booleans, null, arrays and plain objects', () => {
    expect(isPlainJson(PLAIN)).toBe(true)
    expect(isPlainJson(Object.assign(Object.create(null), { a: 1 }))).toBe(true)
    expect(isPlainJson([])).toBe(true)
  })

  it('is not what a JSON round trip would change', () => {
    for (const value of [
      { at: new Date() },
      [1, undefined],
      { n: Number.POSITIVE_INFINITY },
      { big: 1n },
      { f: () => 1 },
      new Map(),
      { nested: [{ deep: { toJSON: () => 'x' } }] },
      { inner: new (class Point {})() },
      undefined,
    ]) {
      expect(isPlainJson(value)).toBe(false)
    }
  })
})

describe('the encoding of loader data', () => {
  it('waits until the body is read', async () => {
    let encoded = 0
    const data = {
      get rows() {
        encoded++
        return [1]
      },
    }
    const response = json(data)
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(encoded).toBe(0)
    expect(await response.text()).toBe('{"rows":[1]}')
    expect(encoded).toBe(1)
  })
})
