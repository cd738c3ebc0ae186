// The material calls of atelier.md §7 over HTTP against a real database: query by style and by
// brand (newest modified first), create and update with colours as a JSON string; their envelopes;
// who is refused (outsiders 404 on every call, read members 403 on changes, another brand's style
// or file, malformed colours, over-long fields) and that a refusal stores nothing; and the
// Materials step marked in progress by saving, without overriding a status already chosen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { materialStyles, materials, styles } from '#db/schema'
import { MATERIAL_LIMITS } from '#app/features/atelier/materials'
import { api, sessionCookieFor, startTestPortal, type ApiAnswer, type TestPortal } from '#tests/support/portal'
import { createAccount, createBrand, createMember, type BrandFixture } from '#tests/support/factories'
import { createStyleIn } from '#tests/support/catalogue-factories'
import { createMaterial, createMaterialImage } from '#tests/support/material-factories'

let portal: TestPortal
let brand: BrandFixture
let otherBrand: BrandFixture
let style: string
let otherStyle: string
const cookies = {} as Record<'editor' | 'reader' | 'outsider', string>

const COLORS = JSON.stringify([
  { name: 'front', code: 'Classic Blue', hexcode: '#0f4c81', pantone: 'pantone 19-4052 tcx', notes: '' },
  { name: 'back', code: 'Red', hexcode: '', pantone: '185c', notes: 'lining' },
])

const styleRow = async (key: string) => (await portal.deps.db.select().from(styles).where(eq(styles.key, key)))[0]!
const materialCount = async () => (await portal.deps.db.select().from(materials)).length

beforeAll(async () => {
  portal = await startTestPortal()
  const { deps } = portal
  brand = await createBrand(deps)
  otherBrand = await createBrand(deps)
  style = await createStyleIn(deps, brand.key, brand.collections[0]!, 'Linen Shirt')
  otherStyle = await createStyleIn(deps, otherBrand.key, otherBrand.collections[0]!, 'Other Shirt')
  // The editor edits both brands, so "another brand's style" is refused as such, not as unseen.
  const editor = await createMember(deps, [
    { brand: brand.key, type: 'editor' },
    { brand: otherBrand.key, type: 'editor' },
  ])
  const reader = await createMember(deps, [{ brand: brand.key, type: 'read' }], { name: 'Reader' })
  const outsider = await createAccount(deps, { name: 'Outsider' })
  ;[cookies.editor, cookies.reader, cookies.outsider] = await Promise.all([
    sessionCookieFor(portal, editor.email, editor.password),
    sessionCookieFor(portal, reader.email, reader.password),
    sessionCookieFor(portal, outsider.email, outsider.password),
  ])
})
afterAll(() => portal?.destroy())

const create = (cookie: string, body: Record<string, unknown>) =>
  api(portal, 'POST', '/api/material/model/', { cookie, body })

function expectError(answer: ApiAnswer, status: number, type: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status)
  expect(answer.body.error?.type).toBe(type)
  expect(answer.body.data).toBeUndefined()
}

describe('POST /api/material/model/', () => {
  it('creates a material on the style with its colours and pictures, and marks Materials in progress', async () => {
    const front = await createMaterialImage(portal.deps, brand.key)
    const target = await createStyleIn(portal.deps, brand.key, null, 'Create target')
    expect((await styleRow(target)).statusMaterials).toBeNull()
    const answer = await create(cookies.editor, {
      brand: brand.key,
      styles: JSON.stringify([target]),
      type: 'fabric',
      colors: COLORS,
      name: '  Washed linen  ',
      use: 'Body',
      colorway: 'Blue',
      notes: 'Garment washed',
      assets: { front },
    })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const data = answer.body.data as Record<string, unknown>
    expect(data).toMatchObject({
      KIND: 'Material',
      brand: brand.key,
      type: 'fabric',
      name: 'Washed linen',
      use: 'Body',
      colorway: 'Blue',
      notes: 'Garment washed',
      styles: [target],
      colors: [
        { name: 'front', code: 'Classic Blue', hexcode: '#0F4C81', pantone: '19-4052 TCX', notes: '' },
        { name: 'back', code: 'Red', hexcode: '#E4002B', pantone: '185 C', notes: 'lining' },
      ],
      assets: { front: { key: front }, back: null },
    })
    const [row] = await portal.deps.db
      .select()
      .from(materials)
      .where(eq(materials.key, data.key as string))
    expect(row).toMatchObject({ brandKey: brand.key, frontFileKey: front, name: 'Washed linen' })
    const links = await portal.deps.db.select().from(materialStyles).where(eq(materialStyles.materialKey, row!.key))
    expect(links.map((link) => link.styleKey)).toEqual([target])
    expect((await styleRow(target)).statusMaterials).toBe('inprogress')
  })

  it('leaves a Materials step someone marked completed or not applicable as it is', async () => {
    const target = await createStyleIn(portal.deps, brand.key, null, 'Done target')
    await portal.deps.db.update(styles).set({ statusMaterials: 'completed' }).where(eq(styles.key, target))
    const answer = await create(cookies.editor, { brand: brand.key, styles: target, type: 'trim', name: 'Button' })
    expect(answer.status).toBe(200)
    expect((await styleRow(target)).statusMaterials).toBe('completed')
  })

  it('takes names as brands write them: punctuation, accents and other scripts, stored composed', async () => {
    const target = await createStyleIn(portal.deps, brand.key, null, 'Names target')
    for (const name of ["Men's 4-hole horn button (18L)", 'Tissu côtelé & lin', '真鍮スナップ #2', 'Cafe\u0301 trim']) {
      const answer = await create(cookies.editor, { brand: brand.key, styles: target, type: 'trim', name })
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(200)
      const [row] = await portal.deps.db
        .select({ name: materials.name })
        .from(materials)
        .where(eq(materials.key, (answer.body.data as { key: string }).key))
      expect(row!.name).toBe(name.normalize('NFC'))
    }
  })

  it('refuses an outsider with 404 and a read member with 403, storing nothing', async () => {
    const before = await materialCount()
    const body = { brand: brand.key, styles: style, type: 'fabric', name: 'Taken over', colors: COLORS }
    expectError(await create(cookies.outsider, body), 404, 'NotFound')
    expectError(await create(cookies.reader, body), 403, 'PermissionError')
    expect(await materialCount()).toBe(before)
    expect((await styleRow(style)).statusMaterials).toBeNull()
  })

  it("refuses another brand's style or file, malformed colours, a bad type and over-long fields", async () => {
    const before = await materialCount()
    const foreignFile = await createMaterialImage(portal.deps, otherBrand.key)
    const dirtyFile = await createMaterialImage(portal.deps, brand.key, { status: 'quarantined' })
    const base = { brand: brand.key, styles: style, type: 'fabric', name: 'Linen' }
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ styles: [style, otherStyle] }, /style of the brand/],
      [{ assets: { front: foreignFile } }, /clean image of this brand/],
      [{ assets: JSON.stringify({ back: dirtyFile }) }, /clean image of this brand/],
      [{ colors: '[{"name":"front",' }, /JSON list of colours/],
      [{ colors: JSON.stringify([{ name: 'left', hexcode: '#000000' }]) }, /front or back/],
      [{ colors: JSON.stringify([{ name: 'front', hexcode: '#00' }]) }, /#RRGGBB/],
      [{ colors: JSON.stringify([{ name: 'front', pantone: 'navy' }]) }, /Pantone code/],
      [{ type: 'leather' }, /fabric, trim, hardware or branding/],
      [{ name: '' }, /Name is required/],
      [{ name: 'x'.repeat(MATERIAL_LIMITS.name + 1) }, /at most 100 characters/],
      // Names as brands write them (docs/decisions/175): what is refused is said after "Invalid Name."
      [{ name: 'Shell 🐚 button' }, /Invalid Name\. Emoji are not allowed\.$/],
      [{ name: 'Snap <b>' }, /Invalid Name\. The characters < and > are not allowed\.$/],
      [{ name: 'Zip\u200Bpull' }, /Invalid Name\. Control and invisible characters are not allowed\.$/],
      [{ name: 'Tape * 2' }, /Invalid Name\. The character \* is not allowed/],
      [{ notes: 'x'.repeat(MATERIAL_LIMITS.notes + 1) }, /at most 2000 characters/],
      [{ styles: 'a,,b' }, /style keys/],
    ]
    for (const [change, message] of cases) {
      const answer = await create(cookies.editor, { ...base, ...change })
      expectError(answer, 400, 'ValidationError')
      expect(answer.body.error!.message, JSON.stringify(change)).toMatch(message)
    }
    expect(await materialCount()).toBe(before)
    expect((await styleRow(style)).statusMaterials).toBeNull()
  })
})

describe('PUT /api/material/model/{key}', () => {
  it('changes only the fields sent, moves it to other styles of the brand and marks them', async () => {
    const target = await createStyleIn(portal.deps, brand.key, null, 'Update target')
    const key = await createMaterial(portal.deps, brand.key, [style], { name: 'Old name', type: 'hardware' })
    const back = await createMaterialImage(portal.deps, brand.key)
    const answer = await api(portal, 'PUT', `/api/material/model/${key}`, {
      cookie: cookies.editor,
      body: { name: 'Brass snap', styles: `${style},${target}`, colors: '[]', assets: { back } },
    })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body.data).toMatchObject({ key, name: 'Brass snap', type: 'hardware', colors: [] })
    expect((answer.body.data as { styles: string[] }).styles.sort()).toEqual([style, target].sort())
    const [row] = await portal.deps.db.select().from(materials).where(eq(materials.key, key))
    expect(row).toMatchObject({ name: 'Brass snap', type: 'hardware', backFileKey: back, frontFileKey: null })
    expect((await styleRow(target)).statusMaterials).toBe('inprogress')
  })

  it('refuses an outsider (404), a read member (403) and bad input (400), changing nothing', async () => {
    const key = await createMaterial(portal.deps, brand.key, [style], { name: 'Kept' })
    const put = (cookie: string, body: Record<string, unknown>) =>
      api(portal, 'PUT', `/api/material/model/${key}`, { cookie, body })
    expectError(await put(cookies.outsider, { name: 'Taken' }), 404, 'NotFound')
    expectError(await put(cookies.reader, { name: 'Taken' }), 403, 'PermissionError')
    expectError(await put(cookies.editor, { colors: 'not json' }), 400, 'ValidationError')
    expectError(await put(cookies.editor, { use: 'x'.repeat(MATERIAL_LIMITS.use + 1) }), 400, 'ValidationError')
    expectError(await put(cookies.editor, { styles: [otherStyle] }), 400, 'ValidationError')
    expectError(await put(cookies.editor, { brand: otherBrand.key }), 400, 'ValidationError')
    expectError(
      await api(portal, 'PUT', '/api/material/model/nosuchkey', { cookie: cookies.editor, body: {} }),
      404,
      'NotFound',
    )
    const [row] = await portal.deps.db.select().from(materials).where(eq(materials.key, key))
    expect(row!.name).toBe('Kept')
    const links = await portal.deps.db.select().from(materialStyles).where(eq(materialStyles.materialKey, key))
    expect(links.map((link) => link.styleKey)).toEqual([style])
  })
})

describe('GET /api/material/query/style and /brand', () => {
  it("lists the style's materials newest modified first to a read member, one type when asked", async () => {
    const listed = await createStyleIn(portal.deps, brand.key, null, 'Listed')
    const older = await createMaterial(portal.deps, brand.key, [listed], {
      name: 'Older',
      modified: new Date(Date.now() - 3_600_000),
    })
    const newer = await createMaterial(portal.deps, brand.key, [listed], { name: 'Newer', type: 'trim' })
    await createMaterial(portal.deps, brand.key, [style], { name: 'Elsewhere' })
    const answer = await api(portal, 'GET', `/api/material/query/style?style=${listed}`, { cookie: cookies.reader })
    expect(answer.status).toBe(200)
    expect((answer.body.data as { key: string }[]).map((material) => material.key)).toEqual([newer, older])
    const fabrics = await api(portal, 'GET', `/api/material/query/style?style=${listed}&type=fabric`, {
      cookie: cookies.reader,
    })
    expect((fabrics.body.data as { key: string }[]).map((material) => material.key)).toEqual([older])
    // Editing the older one brings it to the top.
    await api(portal, 'PUT', `/api/material/model/${older}`, { cookie: cookies.editor, body: { notes: 'Changed' } })
    const again = await api(portal, 'GET', `/api/material/query/style?style=${listed}`, { cookie: cookies.reader })
    expect((again.body.data as { key: string }[]).map((material) => material.key)).toEqual([older, newer])
  })

  it("lists the brand's materials to its members only", async () => {
    const key = await createMaterial(portal.deps, brand.key, [], { name: 'Brand wide' })
    const answer = await api(portal, 'GET', `/api/material/query/brand?brand=${brand.key}`, { cookie: cookies.reader })
    expect(answer.status).toBe(200)
    expect(
      (answer.body.data as { key: string; brand: string }[]).every((material) => material.brand === brand.key),
    ).toBe(true)
    expect((answer.body.data as { key: string }[]).map((material) => material.key)).toContain(key)
  })

  it('answers 404 to an outsider on both queries, and 400 without the parameter', async () => {
    for (const path of [`/api/material/query/style?style=${style}`, `/api/material/query/brand?brand=${brand.key}`]) {
      expectError(await api(portal, 'GET', path, { cookie: cookies.outsider }), 404, 'NotFound')
    }
    expectError(
      await api(portal, 'GET', '/api/material/query/style', { cookie: cookies.reader }),
      400,
      'ValidationError',
    )
    expectError(
      await api(portal, 'GET', `/api/material/query/style?style=${style}&type=leather`, { cookie: cookies.reader }),
      400,
      'ValidationError',
    )
  })
})
