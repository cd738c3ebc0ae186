// The style calls of atelier.md §7 against a real database: GET /api/style/model/{id} answers the
// Style of §3 (its first listing, step statuses, tags, progress) to members; PUT changes status,
// step statuses and tags for owners and editors only (true stored as completed, false as not
// started, docs/decisions/115), refuses bad values with a 400 naming the field, read members with
// 403 and outsiders with 404, and changes nothing when it refuses. The atelier list's progress
// reads a page of styles at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { styles } from '#db/schema'
import { progressOfStyles } from '#app/features/atelier/styles.server'
import { createCategory, createListing, createStyleIn } from '#tests/support/catalogue-factories'
import { actorOf, createBrand, createMember, type AccountFixture, type BrandFixture } from '#tests/support/factories'
import { api, sessionCookieFor, startTestPortal, type TestPortal } from '#tests/support/portal'

let portal: TestPortal
let brand: BrandFixture
let elsewhere: BrandFixture
let owner: AccountFixture
let editor: AccountFixture
const cookies = {} as Record<'owner' | 'editor' | 'reader' | 'outsider', string>

beforeAll(async () => {
  portal = await startTestPortal()
  const { deps } = portal
  brand = await createBrand(deps, { name: 'Style Brand' })
  elsewhere = await createBrand(deps, { name: 'Elsewhere Style' })
  owner = await createMember(deps, [{ brand: brand.key, type: 'owner' }], { name: 'Owner' })
  editor = await createMember(deps, [{ brand: brand.key, type: 'editor' }], { name: 'Editor' })
  const reader = await createMember(deps, [{ brand: brand.key, type: 'read' }], { name: 'Reader' })
  const outsider = await createMember(deps, [{ brand: elsewhere.key, type: 'owner' }], { name: 'Outsider' })
  cookies.owner = await sessionCookieFor(portal, owner.email)
  cookies.editor = await sessionCookieFor(portal, editor.email)
  cookies.reader = await sessionCookieFor(portal, reader.email)
  cookies.outsider = await sessionCookieFor(portal, outsider.email)
})
afterAll(() => portal?.destroy())

const newStyle = (name = 'Cape Coat') => createStyleIn(portal.deps, brand.key, brand.collections[0]!, name)
const rowOf = async (key: string) => (await portal.deps.db.select().from(styles).where(eq(styles.key, key)))[0]!

describe('GET /api/style/model/{id}', () => {
  it('answers the Style of §3 with its first listing, step statuses, tags and progress', async () => {
    const key = await newStyle('Trench')
    const outerwear = await createCategory(portal.deps, brand.key, 'Outerwear')
    await createListing(portal.deps, brand.key, { styleKey: key, styleName: 'Trench', lookNumber: 7 })
    await createListing(portal.deps, brand.key, {
      styleKey: key,
      styleName: 'Trench',
      lookNumber: 2,
      categories: [outerwear],
      materials: 'Gabardine',
      color: { name: 'Sand', hexCode: '#C2B280' },
      size: { name: 'M', number: 2 },
      addition: true,
    })
    await portal.deps.db
      .update(styles)
      .set({ statusTechpack: 'completed', statusPatterns: 'inprogress', statusFinal: 'notapplicable', tags: ['hero'] })
      .where(eq(styles.key, key))
    const answer = await api(portal, 'GET', `/api/style/model/${key}`, { cookie: cookies.reader })
    expect(answer.status).toBe(200)
    expect(answer.body.data).toMatchObject({
      key,
      KIND: 'Style',
      brand: brand.key,
      name: 'Trench',
      listing: {
        style_name: 'Trench',
        category_names: ['Outerwear'],
        color: { name: 'Sand', hexCode: '#C2B280' },
        look_number: 2,
        size: { name: 'M', number: 2 },
        materials: 'Gabardine',
        status: 'active',
        addition: true,
      },
      status: 'draft',
      status_techpack: 'completed',
      status_patterns: 'inprogress',
      status_materials: null,
      status_graphics: null,
      status_references: null,
      status_final: 'notapplicable',
      tags: ['hero'],
      progress: { complete: 3, total: 6 },
    })
  })

  it('answers a style without listings with listing null', async () => {
    const key = await newStyle('Bare')
    const answer = await api(portal, 'GET', `/api/style/model/${key}`, { cookie: cookies.owner })
    expect(answer.body.data).toMatchObject({ key, listing: null, progress: { complete: 0, total: 6 } })
  })

  it('is not found for outsiders, unknown keys and another brand named in the query', async () => {
    const key = await newStyle()
    for (const [path, cookie] of [
      [`/api/style/model/${key}`, cookies.outsider],
      ['/api/style/model/no-such-style', cookies.owner],
      [`/api/style/model/${key}?brand=${elsewhere.key}`, cookies.owner],
    ] as const) {
      expect(await api(portal, 'GET', path, { cookie })).toMatchObject({
        status: 404,
        body: { error: { type: 'NotFound' } },
      })
    }
    expect((await api(portal, 'GET', `/api/style/model/${key}`)).status).toBe(401)
  })
})

describe('PUT /api/style/model/{id}', () => {
  it('stores step statuses, tags and status for an editor; true is completed and false not started', async () => {
    const key = await newStyle()
    const path = `/api/style/model/${key}`
    const first = await api(portal, 'PUT', path, {
      cookie: cookies.editor,
      body: {
        brand: brand.key,
        status_techpack: true,
        status_patterns: 'inprogress',
        status_graphics: 'notapplicable',
        tags: [' final ', 'hero', 'final'],
        status: 'in review',
      },
    })
    expect(first).toMatchObject({
      status: 200,
      body: {
        data: {
          key,
          status_techpack: 'completed',
          status_patterns: 'inprogress',
          status_graphics: 'notapplicable',
          tags: ['final', 'hero'],
          status: 'in review',
          progress: { complete: 3, total: 6 },
        },
      },
    })
    expect(await rowOf(key)).toMatchObject({
      statusTechpack: 'completed',
      statusPatterns: 'inprogress',
      statusGraphics: 'notapplicable',
      tags: ['final', 'hero'],
      status: 'in review',
    })
    // false clears the step to not started; the others stay as they were.
    const second = await api(portal, 'PUT', path, { cookie: cookies.owner, body: { status_techpack: false } })
    expect(second.body.data).toMatchObject({ status_techpack: null, status_patterns: 'inprogress' })
    expect(await rowOf(key)).toMatchObject({
      statusTechpack: null,
      statusPatterns: 'inprogress',
      tags: ['final', 'hero'],
    })
  })

  it('refuses bad values with a 400 naming the field, and changes nothing', async () => {
    const key = await newStyle()
    const path = `/api/style/model/${key}`
    const before = await rowOf(key)
    for (const [body, message] of [
      [{ status_patterns: 'done' }, 'status_patterns: must be true, false, inprogress, completed or notapplicable.'],
      [
        { status_final: 1, status_techpack: true },
        'status_final: must be true, false, inprogress, completed or notapplicable.',
      ],
      [{ tags: 'x'.repeat(41) }, 'tags: each at most 40 characters.'],
      [{ tags: [1, 2] }, 'tags: must be a list of words.'],
      [{ status: '' }, 'status: must be a word of 1 to 40 characters.'],
      [{ brand: brand.key }, 'Nothing to change: send status, status_{step} (e.g. status_patterns) or tags.'],
    ] as const) {
      expect(await api(portal, 'PUT', path, { cookie: cookies.owner, body })).toEqual({
        status: 400,
        body: { error: { type: 'ValidationError', message } },
      })
    }
    expect(await rowOf(key)).toEqual(before)
  })

  it('refuses read members (403) and outsiders or another brand (404), and changes nothing', async () => {
    const key = await newStyle()
    const path = `/api/style/model/${key}`
    const before = await rowOf(key)
    expect(await api(portal, 'PUT', path, { cookie: cookies.reader, body: { status_patterns: true } })).toMatchObject({
      status: 403,
      body: { error: { type: 'PermissionError' } },
    })
    expect(await api(portal, 'PUT', path, { cookie: cookies.outsider, body: { status_patterns: true } })).toMatchObject(
      {
        status: 404,
        body: { error: { type: 'NotFound' } },
      },
    )
    expect(
      await api(portal, 'PUT', path, { cookie: cookies.owner, body: { brand: elsewhere.key, status_patterns: true } }),
    ).toMatchObject({ status: 404, body: { error: { type: 'NotFound' } } })
    expect(await rowOf(key)).toEqual(before)
  })
})

describe('the progress of a page of styles', () => {
  it('counts the complete steps of each style asked for, of this brand only', async () => {
    const done = await newStyle('Done')
    const fresh = await newStyle('Fresh')
    const foreign = await createStyleIn(portal.deps, elsewhere.key, elsewhere.collections[0]!, 'Foreign')
    await portal.deps.db
      .update(styles)
      .set({ statusTechpack: 'completed', statusPatterns: 'inprogress', statusMaterials: 'notapplicable' })
      .where(eq(styles.key, done))
    const actor = await actorOf(portal.deps, owner)
    expect(await progressOfStyles(portal.deps, actor, brand.key, [done, fresh, done, null, foreign])).toEqual({
      [done]: { complete: 3, total: 6 },
      [fresh]: { complete: 0, total: 6 },
    })
    await expect(progressOfStyles(portal.deps, actor, elsewhere.key, [foreign])).rejects.toMatchObject({
      type: 'NotFound',
    })
  })
})
