// Lines and collections over the JSON API and their pages, and the admin's brand menu, against a
// real database: envelopes and pages, 400s naming the field, 404 for outsiders, read members
// refused, and what the database holds afterwards.
import { collections, lines } from '#db/schema'
import { createBrand, createMember } from '#tests/support/factories'
import { api, sessionCookieFor } from '#tests/support/portal'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  brand,
  collectionsOf,
  cookie,
  linesOf,
  otherBrand,
  portal,
  setUpCatalogueLinesWorld,
} from '#tests/support/catalogue-lines-world'

setUpCatalogueLinesWorld()

describe('the line calls', () => {
  it('create a line for an owner and answer the Line entity', async () => {
    const answer = await api(portal, 'POST', '/api/line/model/', {
      cookie: cookie.owner,
      body: { name: 'Evening', description: 'After dark', brand: brand.key },
    })
    expect(answer.status).toBe(200)
    expect(answer.body.data).toMatchObject({
      KIND: 'Line',
      name: 'Evening',
      description: 'After dark',
      brand: brand.key,
    })
    const key = (answer.body.data as { key: string }).key
    const [row] = await portal.deps.db.select().from(lines).where(eq(lines.key, key))
    expect(row).toMatchObject({ name: 'Evening', description: 'After dark', brandKey: brand.key })
  })

  it('refuse a missing or too long name with 400 naming the field, storing nothing', async () => {
    const before = (await linesOf(brand.key)).length
    const missing = await api(portal, 'POST', '/api/line/model/', { cookie: cookie.owner, body: { brand: brand.key } })
    expect(missing).toMatchObject({ status: 400, body: { error: { type: 'ValidationError' } } })
    expect(missing.body.error!.message).toMatch(/^name: Line name is required\./)
    const long = await api(portal, 'POST', '/api/line/model/', {
      cookie: cookie.owner,
      body: { name: 'x'.repeat(101), brand: brand.key },
    })
    expect(long.status).toBe(400)
    expect(long.body.error!.message).toMatch(/^name: /)
    const noBrand = await api(portal, 'POST', '/api/line/model/', { cookie: cookie.owner, body: { name: 'A' } })
    expect(noBrand.status).toBe(400)
    expect(noBrand.body.error!.message).toMatch(/^brand: /)
    expect(await linesOf(brand.key)).toHaveLength(before)
  })

  it('refuse an editor and a read member creating a line (403), and an outsider (404)', async () => {
    const before = (await linesOf(brand.key)).length
    for (const who of ['editor', 'reader'] as const) {
      const answer = await api(portal, 'POST', '/api/line/model/', {
        cookie: cookie[who],
        body: { name: 'Sneaky', brand: brand.key },
      })
      expect(answer, who).toMatchObject({ status: 403, body: { error: { type: 'PermissionError' } } })
    }
    const outside = await api(portal, 'POST', '/api/line/model/', {
      cookie: cookie.outsider,
      body: { name: 'Sneaky', brand: brand.key },
    })
    expect(outside).toMatchObject({ status: 404, body: { error: { type: 'NotFound' } } })
    expect(await linesOf(brand.key)).toHaveLength(before)
  })

  it('update a line for an editor, refuse a read member and an outsider', async () => {
    const line = brand.lines[1]!
    const updated = await api(portal, 'PUT', `/api/line/model/${line.key}`, {
      cookie: cookie.editor,
      body: { name: 'Essentials Plus', description: 'Core', brand: brand.key },
    })
    expect(updated.status).toBe(200)
    expect(updated.body.data).toMatchObject({ key: line.key, name: 'Essentials Plus', description: 'Core' })
    const read = await api(portal, 'PUT', `/api/line/model/${line.key}`, {
      cookie: cookie.reader,
      body: { name: 'Read Over' },
    })
    expect(read).toMatchObject({ status: 403, body: { error: { type: 'PermissionError' } } })
    const outside = await api(portal, 'PUT', `/api/line/model/${line.key}`, {
      cookie: cookie.outsider,
      body: { name: 'Out Over' },
    })
    expect(outside).toMatchObject({ status: 404, body: { error: { type: 'NotFound' } } })
    const moved = await api(portal, 'PUT', `/api/line/model/${line.key}`, {
      cookie: cookie.owner,
      body: { name: 'Moved', brand: otherBrand.key },
    })
    expect(moved.status).toBe(400)
    expect(moved.body.error!.message).toMatch(/^brand: /)
    const [row] = await portal.deps.db.select().from(lines).where(eq(lines.key, line.key))
    expect(row).toMatchObject({ name: 'Essentials Plus', description: 'Core', brandKey: brand.key })
  })

  it('list lines page by page from cursor 0, as {data, cursor, more}', async () => {
    const listing = await createBrand(portal.deps, { name: 'Many Lines', lines: 0 })
    const lister = await createMember(portal.deps, [{ brand: listing.key, type: 'read' }], { name: 'Lister' })
    const listerCookie = await sessionCookieFor(portal, lister.email, lister.password)
    await portal.deps.db.insert(lines).values(
      Array.from({ length: 105 }, (_, i) => ({
        key: `${listing.key}-line-${String(i).padStart(3, '0')}`,
        brandKey: listing.key,
        name: `Line ${i}`,
        created: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
      })),
    )
    const first = await fetch(`${portal.url}/api/line/query/brand?brand=${listing.key}&cursor=0`, {
      headers: { cookie: listerCookie },
    })
    const firstBody = (await first.json()) as { data: { name: string }[]; cursor: number; more: boolean }
    expect(firstBody.data).toHaveLength(100)
    expect(firstBody.data[0]!.name).toBe('Line 0')
    expect(firstBody).toMatchObject({ cursor: 100, more: true })
    const second = await fetch(`${portal.url}/api/line/query/brand?brand=${listing.key}&cursor=100`, {
      headers: { cookie: listerCookie },
    })
    const secondBody = (await second.json()) as { data: { name: string }[]; cursor: number; more: boolean }
    expect(secondBody.data.map((line) => line.name)).toEqual([
      'Line 100',
      'Line 101',
      'Line 102',
      'Line 103',
      'Line 104',
    ])
    expect(secondBody).toMatchObject({ cursor: 105, more: false })
    const bad = await api(portal, 'GET', `/api/line/query/brand?brand=${listing.key}&cursor=-1`, {
      cookie: listerCookie,
    })
    expect(bad.status).toBe(400)
    expect(bad.body.error!.message).toMatch(/^cursor: /)
    const outside = await api(portal, 'GET', `/api/line/query/brand?brand=${listing.key}`, { cookie: cookie.outsider })
    expect(outside.status).toBe(404)
  })
})

describe('the collection calls', () => {
  it('create a collection with season and year in a line, and list it by brand and by line', async () => {
    const line = brand.lines[0]!
    const answer = await api(portal, 'POST', '/api/collection/model/', {
      cookie: cookie.owner,
      body: { name: 'Resort Edit', season: 'resort', year: 2027, brand: brand.key, line: line.key },
    })
    expect(answer.status).toBe(200)
    expect(answer.body.data).toMatchObject({ KIND: 'Collection', season: 'resort', year: 2027, line: line.key })
    const key = (answer.body.data as { key: string }).key
    const [row] = await portal.deps.db.select().from(collections).where(eq(collections.key, key))
    expect(row).toMatchObject({ name: 'Resort Edit', season: 'resort', year: 2027, lineKey: line.key })

    const byLine = await api(portal, 'GET', `/api/collection/query/line?line=${line.key}`, { cookie: cookie.reader })
    expect(byLine.status).toBe(200)
    expect((byLine.body.data as { key: string }[]).map((c) => c.key)).toContain(key)
    const byBrand = await fetch(`${portal.url}/api/collection/query/brand?brand=${brand.key}&cursor=0`, {
      headers: { cookie: cookie.reader },
    })
    const body = (await byBrand.json()) as { data: { key: string }[]; cursor: number; more: boolean }
    expect(body.data.map((c) => c.key)).toContain(key)
    expect(body).toMatchObject({ cursor: body.data.length, more: false })
  })

  it('refuse a collection without season or year, or with a year out of range, naming the field', async () => {
    const before = (await collectionsOf(brand.key)).length
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ name: 'No season', year: 2026 }, /^season: Season is required\./],
      [{ name: 'No year', season: 'prefall' }, /^year: Year is required\./],
      [{ name: 'Old', season: 'prefall', year: 1999 }, /^year: Year must be a whole number from 2000 to 2100\./],
      [{ name: 'Odd', season: 'winter', year: 2026 }, /^season: /],
      [{ season: 'prefall', year: 2026 }, /^name: Collection Name is required\./],
    ]
    for (const [body, message] of cases) {
      const answer = await api(portal, 'POST', '/api/collection/model/', {
        cookie: cookie.owner,
        body: { ...body, brand: brand.key },
      })
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.error!.message).toMatch(message)
    }
    // A line of another brand is a bad field, not a way to learn about it.
    const foreign = await api(portal, 'POST', '/api/collection/model/', {
      cookie: cookie.owner,
      body: { name: 'Foreign', season: 'resort', year: 2026, brand: brand.key, line: otherBrand.lines[0]!.key },
    })
    expect(foreign.status).toBe(400)
    expect(foreign.body.error!.message).toMatch(/^line: /)
    expect(await collectionsOf(brand.key)).toHaveLength(before)
  })

  it('refuse creating to a read member and an editor (403), an outsider (404)', async () => {
    const before = (await collectionsOf(brand.key)).length
    const body = { name: 'Nope', season: 'resort', year: 2026, brand: brand.key }
    expect((await api(portal, 'POST', '/api/collection/model/', { cookie: cookie.reader, body })).status).toBe(403)
    expect((await api(portal, 'POST', '/api/collection/model/', { cookie: cookie.editor, body })).status).toBe(403)
    expect((await api(portal, 'POST', '/api/collection/model/', { cookie: cookie.outsider, body })).status).toBe(404)
    const lineOutside = await api(portal, 'GET', `/api/collection/query/line?line=${brand.lines[0]!.key}`, {
      cookie: cookie.outsider,
    })
    expect(lineOutside.status).toBe(404)
    expect(await collectionsOf(brand.key)).toHaveLength(before)
  })

  it('update a collection for an editor, taking it out of its line; refuse read members and outsiders', async () => {
    const key = brand.lines[1]!.collections[0]!
    const updated = await api(portal, 'PUT', `/api/collection/model/${key}`, {
      cookie: cookie.editor,
      body: { name: 'Fall Core', season: 'fall_winter', year: 2028, line: null },
    })
    expect(updated.status).toBe(200)
    expect(updated.body.data).toMatchObject({ name: 'Fall Core', season: 'fall_winter', year: 2028, line: null })
    expect(
      (await api(portal, 'PUT', `/api/collection/model/${key}`, { cookie: cookie.reader, body: { name: 'R' } })).status,
    ).toBe(403)
    expect(
      (await api(portal, 'PUT', `/api/collection/model/${key}`, { cookie: cookie.outsider, body: { name: 'O' } }))
        .status,
    ).toBe(404)
    const badYear = await api(portal, 'PUT', `/api/collection/model/${key}`, {
      cookie: cookie.owner,
      body: { year: 2101 },
    })
    expect(badYear.status).toBe(400)
    expect(badYear.body.error!.message).toMatch(/^year: /)
    const [row] = await portal.deps.db.select().from(collections).where(eq(collections.key, key))
    expect(row).toMatchObject({ name: 'Fall Core', season: 'fall_winter', year: 2028, lineKey: null })
  })
})
