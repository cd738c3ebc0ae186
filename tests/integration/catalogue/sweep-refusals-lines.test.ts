// Grants on one line, asked on every path that reaches another (the setup is
// tests/support/catalogue-lines-world.ts: a brand with two lines of one collection each). A read
// member of the brand whose owner or editor grant is on the first line only may work in that line, and a request that names the
// second line besides is refused, through the JSON API and through the page forms alike:
// - creating a collection: an owner of a line files new collections under that line only;
// - editing a collection: an editor of a line edits its collections, and moving one into another
//   line is editing that line too, so it needs a grant there;
// - editing a line or a collection of the other line is refused outright;
// - deleting products: the other line's product is refused, alone or named beside one of theirs.
// Each refusal answers its status and message and leaves the database as it was.
import { listings } from '#db/schema'
import { createListing } from '#tests/support/catalogue-factories'
import { createMember, type AccountFixture } from '#tests/support/factories'
import { snapshotData } from '#tests/support/db-snapshot'
import { api, sessionCookieFor } from '#tests/support/portal'
import { brand, browserOf, collectionsOf, portal, setUpCatalogueLinesWorld } from '#tests/support/catalogue-lines-world'
import { inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

setUpCatalogueLinesWorld()

let lineOwner: AccountFixture
let lineEditor: AccountFixture
const cookies = {} as Record<'lineOwner' | 'lineEditor', string>

beforeAll(async () => {
  const [first] = brand.lines
  // Read members of the brand (so they see its pages and lines) holding more on one line only.
  const onFirstLine = (type: string) => [
    { brand: brand.key, type: 'read' },
    { brand: brand.key, model: 'Line', modelId: first!.key, type },
  ]
  lineOwner = await createMember(portal.deps, onFirstLine('owner'), { name: 'Lena Line Owner' })
  lineEditor = await createMember(portal.deps, onFirstLine('editor'), { name: 'Eli Line Editor' })
  cookies.lineOwner = await sessionCookieFor(portal, lineOwner.email, lineOwner.password)
  cookies.lineEditor = await sessionCookieFor(portal, lineEditor.email, lineEditor.password)
})

const mine = () => brand.lines[0]!
const theirs = () => brand.lines[1]!

const GATE = 'Additional permissions required to access this view.'

/**
 * Page forms refused: the page gate sends a member without the grant the page needs to the brand
 * dashboard, whose toast says so. The toast is read once, after the database was compared:
 * opening the dashboard records it as the brand last visited.
 */
function expectRedirected(answer: Response, what: string) {
  expect(answer.status, what).toBe(302)
  expect(answer.headers.get('location'), what).toBe(`/brand/${brand.key}`)
}
async function expectGateSaid(browser: Awaited<ReturnType<typeof browserOf>>) {
  expect(await (await browser.get(`/brand/${brand.key}`)).text()).toContain(GATE)
}

describe('creating a collection with a grant on one line', () => {
  it('is refused in the other line and outside any line, through the API and both Create dialogs', async () => {
    const browser = await browserOf(lineOwner)
    const before = await snapshotData(portal.deps)
    const body = { name: 'Elsewhere', season: 'resort', year: 2027, brand: brand.key }
    for (const [extra, message] of <[Record<string, string>, string][]>[
      [{ line: theirs().key }, 'This needs owner access to the line.'],
      [{}, 'This needs owner access to the brand.'],
    ]) {
      const answer = await api(portal, 'POST', '/api/collection/model/', {
        cookie: cookies.lineOwner,
        body: { ...body, ...extra },
      })
      expect(answer.status, JSON.stringify(extra)).toBe(403)
      expect(answer.body.error).toEqual({ type: 'PermissionError', message })
    }
    const fields = { name: 'Elsewhere', season: 'resort', year: '2027' }
    for (const [path, form] of <[string, Record<string, string>][]>[
      [`/brand/${brand.key}/collections/create`, { ...fields, line: theirs().key }],
      [`/brand/${brand.key}/line/${theirs().key}/collections/create`, fields],
      // The line's own dialog files it under the line of its address, whatever the form names.
      [`/brand/${brand.key}/line/${theirs().key}/collections/create`, { ...fields, line: mine().key }],
    ]) {
      expectRedirected(await browser.post(path, form), `${path} ${JSON.stringify(form)}`)
    }
    expect(await snapshotData(portal.deps)).toEqual(before)
    await expectGateSaid(browser)

    // In their own line the same call is taken.
    const made = await api(portal, 'POST', '/api/collection/model/', {
      cookie: cookies.lineOwner,
      body: { ...body, name: 'Mine Via Api', line: mine().key },
    })
    expect(made.status).toBe(200)
    const names = (await collectionsOf(brand.key)).filter((row) => row.lineKey === mine().key).map((row) => row.name)
    expect(names).toContain('Mine Via Api')
  })
})

describe('editing a collection with a grant on one line', () => {
  it('refuses moving one of that line’s collections into the other line, through the API and the edit form', async () => {
    const key = mine().collections[0]!
    const browser = await browserOf(lineEditor)
    const before = await snapshotData(portal.deps)
    for (const change of [{ line: theirs().key }, { name: 'Moved Along', line: theirs().key }]) {
      const viaApi = await api(portal, 'PUT', `/api/collection/model/${key}`, {
        cookie: cookies.lineEditor,
        body: change,
      })
      expect(viaApi.status, JSON.stringify(change)).toBe(403)
      expect(viaApi.body.error).toEqual({
        type: 'PermissionError',
        message: 'This needs owner or editor access to the line.',
      })
    }
    const viaForm = await browser.post(`/brand/${brand.key}/collection/${key}/edit`, {
      name: 'Moved Along',
      season: 'resort',
      year: '2029',
      line: theirs().key,
    })
    expectRedirected(viaForm, 'the edit form')
    expect(await snapshotData(portal.deps)).toEqual(before)
    await expectGateSaid(browser)

    // Within their own line the same edit is taken.
    const kept = await api(portal, 'PUT', `/api/collection/model/${key}`, {
      cookie: cookies.lineEditor,
      body: { name: 'Stayed Home', line: mine().key },
    })
    expect(kept.status).toBe(200)
    expect(kept.body.data).toMatchObject({ name: 'Stayed Home', line: mine().key })
  })

  it('refuses editing the other line’s collection, and the other line itself, through the API and the forms', async () => {
    const key = theirs().collections[0]!
    const browser = await browserOf(lineEditor)
    const before = await snapshotData(portal.deps)
    const collection = await api(portal, 'PUT', `/api/collection/model/${key}`, {
      cookie: cookies.lineEditor,
      body: { name: 'Not Mine', line: mine().key },
    })
    expect(collection.status).toBe(403)
    expect(collection.body.error).toEqual({
      type: 'PermissionError',
      message: 'This needs owner or editor access to the collection.',
    })
    const line = await api(portal, 'PUT', `/api/line/model/${theirs().key}`, {
      cookie: cookies.lineEditor,
      body: { name: 'Not My Line' },
    })
    expect(line.status).toBe(403)
    expect(line.body.error).toEqual({
      type: 'PermissionError',
      message: 'This needs owner or editor access to the line.',
    })
    for (const [path, form] of <[string, Record<string, string>][]>[
      [
        `/brand/${brand.key}/collection/${key}/edit`,
        { name: 'Not Mine', season: 'resort', year: '2029', line: mine().key },
      ],
      [`/brand/${brand.key}/line/${theirs().key}/edit`, { name: 'Not My Line', description: '' }],
    ]) {
      expectRedirected(await browser.post(path, form), path)
    }
    expect(await snapshotData(portal.deps)).toEqual(before)
    await expectGateSaid(browser)

    // Their own line is theirs to edit.
    const own = await api(portal, 'PUT', `/api/line/model/${mine().key}`, {
      cookie: cookies.lineEditor,
      body: { name: 'My Line' },
    })
    expect(own.status).toBe(200)
  })
})

describe('deleting products with a grant on one line, through the JSON API', () => {
  it('deletes that line’s product and refuses the other line’s named beside it, or alone', async () => {
    const ourTee = await createListing(portal.deps, brand.key, { lineKey: mine().key, styleName: 'Sweep Ours Tee' })
    const theirTee = await createListing(portal.deps, brand.key, {
      lineKey: theirs().key,
      styleName: 'Sweep Theirs Tee',
    })
    const remove = (keys: string) =>
      api(portal, 'POST', '/api/listing/method/remove', {
        cookie: cookies.lineEditor,
        body: { brand: brand.key, keys },
      })

    // The other line's product alone: refused outright.
    const before = await snapshotData(portal.deps)
    const alone = await remove(theirTee.key)
    expect(alone.status).toBe(403)
    expect(alone.body.error).toEqual({
      type: 'PermissionError',
      message: 'This needs owner or editor access to the listing.',
    })
    expect(await snapshotData(portal.deps)).toEqual(before)

    // Beside one of their own: theirs goes, the other line's is answered with the refusal and stays.
    const both = await remove(`${ourTee.key},${theirTee.key}`)
    expect(both.status).toBe(200)
    expect(both.body.data).toEqual([
      { key: ourTee.key, name: 'Sweep Ours Tee', error: false },
      {
        key: theirTee.key,
        name: 'Sweep Theirs Tee',
        error: true,
        message: 'This needs owner or editor access to the listing.',
      },
    ])
    const left = await portal.deps.db
      .select({ key: listings.key })
      .from(listings)
      .where(inArray(listings.key, [ourTee.key, theirTee.key]))
    expect(left).toEqual([{ key: theirTee.key }])
  })
})
