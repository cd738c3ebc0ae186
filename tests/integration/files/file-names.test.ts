// File names follow the text rule on every path a name comes in (docs/decisions/165). A name sent
// by the uploader's computer (tus metadata, a multipart form's filename, a spreadsheet's name, a
// product photo's reserved name) keeps its letters and loses controls, C1 controls and
// bidirectional controls; a rename typed by a person loses the bidirectional controls and is
// refused for what the text rule refuses. What is checked is what the database stores.
import { pipelineSettled } from '#app/features/files/files.server'
import { assetEntries, files, imports, media, references } from '#db/schema'
import { createBucketWithFile } from '#tests/support/asset-factories'
import { createFileReference } from '#tests/support/atelier-factories'
import { createStyleIn } from '#tests/support/catalogue-factories'
import { createBrand, createMember, type AccountFixture, type BrandFixture } from '#tests/support/factories'
import { pageBrowser } from '#tests/support/page-browser'
import { api, loadServerBuild, sessionCookieFor, startTestPortal, type TestPortal } from '#tests/support/portal'
import { tusRequests } from '#tests/support/tus-requests'
import { and, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/** Shown as `xexe.pdf`: the override turns the rest of the name around. */
const OVERRIDE = 'x\u202Efdp.exe'
/** NEL, a C1 control. */
const C1 = 'a\u0085b.pdf'

let portal: TestPortal
let brand: BrandFixture
let owner: AccountFixture
let cookie: string
let png: Buffer

beforeAll(async () => {
  portal = await startTestPortal({ remixBuild: await loadServerBuild() })
  brand = await createBrand(portal.deps)
  owner = await createMember(portal.deps, [{ brand: brand.key, type: 'owner' }], { name: 'Owner' })
  cookie = await sessionCookieFor(portal, owner.email)
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#225588' } })
    .png()
    .toBuffer()
})
afterAll(async () => {
  if (portal) await pipelineSettled(portal.deps)
  await portal?.destroy()
})

async function storedName(key: string): Promise<string | undefined> {
  const [row] = await portal.deps.db.select({ name: files.originalName }).from(files).where(eq(files.key, key))
  return row?.name
}

describe('names an uploader’s computer sends', () => {
  it.each([
    [OVERRIDE, 'xfdp.exe'],
    [C1, 'ab.pdf'],
    ['\u2066\u2067\u2068\u2069\u202A\u202B\u202C\u202D', 'file'],
  ])('tus metadata %j is stored as %j', async (sent, stored) => {
    const created = await tusRequests(portal.url).create(
      cookie,
      { brand: brand.key, purpose: 'style-file', filename: sent },
      png.length,
    )
    expect(created.status, created.text).toBe(201)
    expect(await storedName(created.headers.get('location')!.split('/').pop()!)).toBe(stored)
  })

  it.each([
    [OVERRIDE, 'xfdp.exe'],
    [C1, 'ab.pdf'],
  ])('a multipart form’s filename %j is stored as %j (JSON API)', async (sent, stored) => {
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), sent)
    const response = await fetch(`${portal.url}/api/file/method/upload?brand=${brand.key}&purpose=style-file`, {
      method: 'POST',
      headers: { cookie },
      body: form,
    })
    const answer = (await response.json()) as { data: { key: string; name: string } }
    expect(response.status, JSON.stringify(answer)).toBe(200)
    expect(answer.data.name).toBe(stored)
    expect(await storedName(answer.data.key)).toBe(stored)
  })

  it.each([
    ['x\u202Efdp.png', 'xfdp.png'],
    ['a\u0085b.png', 'ab.png'],
  ])('a page form’s filename %j is stored as %j, and so is the reference made of it', async (sent, stored) => {
    const style = await createStyleIn(portal.deps, brand.key, brand.collections[0]!)
    const browser = await pageBrowser(portal, owner)
    const response = await browser.upload(`/brand/${brand.key}/style/${style}/references`, {
      name: sent,
      content: new Uint8Array(png),
      type: 'image/png',
    })
    expect(response.status, (await response.text()).slice(0, 200)).toBeLessThan(400)
    await pipelineSettled(portal.deps)
    const rows = await portal.deps.db
      .select({ name: references.name, file: files.originalName })
      .from(references)
      .innerJoin(files, eq(files.key, references.fileKey))
      .where(eq(references.styleKey, style))
    expect(rows).toEqual([{ name: stored, file: stored }])
  })

  it('a spreadsheet’s name and a product photo’s reserved name lose them too', async () => {
    const sheet = await api(portal, 'POST', '/api/listing/method/batch', {
      cookie,
      body: { brand: brand.key, filename: 'x\u202Evsc.csv', spreadsheet: 'Listing Unique Id,Style Name\nFN-1,Tee\n' },
    })
    expect(sheet.status, JSON.stringify(sheet.body)).toBe(200)
    const sheets = await portal.deps.db
      .select({ name: imports.filename })
      .from(imports)
      .where(eq(imports.brandKey, brand.key))
    expect(sheets.map((row) => row.name)).toEqual(['xvsc.csv'])

    const photo = await api(portal, 'POST', '/api/media/method/batch', {
      cookie,
      body: { brand: brand.key, names: ['FN-1_\u202Egnp.front.png'] },
    })
    expect(photo.status, JSON.stringify(photo.body)).toBe(200)
    const photos = await portal.deps.db.select({ name: media.name }).from(media).where(eq(media.brandKey, brand.key))
    expect(photos.map((row) => row.name)).toEqual(['FN-1_gnp.front.png'])
  })
})

describe('renames typed by a person', () => {
  it('a reference (a file of a style, a sample) loses the bidirectional controls and refuses C1 controls', async () => {
    const style = await createStyleIn(portal.deps, brand.key, brand.collections[0]!)
    const key = await createFileReference(portal.deps, brand.key, style, owner.key)
    const renamed = await api(portal, 'PUT', `/api/reference/model/${key}`, { cookie, body: { name: OVERRIDE } })
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200)
    const refused = await api(portal, 'PUT', `/api/reference/model/${key}`, { cookie, body: { name: C1 } })
    expect(refused).toEqual({
      status: 400,
      body: { error: { type: 'ValidationError', message: 'name: must not contain control characters.' } },
    })
    const onlyBidi = await api(portal, 'PUT', `/api/reference/model/${key}`, { cookie, body: { name: '\u202E\u2066' } })
    expect(onlyBidi).toEqual({
      status: 400,
      body: { error: { type: 'ValidationError', message: 'name: cannot be empty.' } },
    })
    const [row] = await portal.deps.db.select({ name: references.name }).from(references).where(eq(references.key, key))
    expect(row!.name).toBe('xfdp.exe')
  })

  it('a page rename of a style file does the same', async () => {
    const style = await createStyleIn(portal.deps, brand.key, brand.collections[0]!)
    const key = await createFileReference(portal.deps, brand.key, style, owner.key)
    const browser = await pageBrowser(portal, owner)
    const path = `/brand/${brand.key}/style/${style}/references`
    expect((await browser.post(path, { intent: 'rename', reference: key, name: OVERRIDE })).status).toBeLessThan(400)
    expect((await browser.post(path, { intent: 'rename', reference: key, name: C1 })).status).toBe(400)
    const [row] = await portal.deps.db.select({ name: references.name }).from(references).where(eq(references.key, key))
    expect(row!.name).toBe('xfdp.exe')
  })

  it('an asset library file loses the bidirectional controls and refuses C1 controls', async () => {
    const bucket = await createBucketWithFile(portal.deps, brand.key, owner.key)
    const renamed = await api(portal, 'POST', '/api/bucket/method/update_file', {
      cookie,
      body: { bucket, path: 'Branding/logo.png', new_path: `Branding/${OVERRIDE}` },
    })
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200)
    const refused = await api(portal, 'POST', '/api/bucket/method/update_file', {
      cookie,
      body: { bucket, path: 'Branding/xfdp.exe', new_path: `Branding/${C1}` },
    })
    expect(refused.status).toBe(400)
    const names = await portal.deps.db
      .select({ name: assetEntries.name })
      .from(assetEntries)
      .where(and(eq(assetEntries.bucketKey, bucket), eq(assetEntries.kind, 'file')))
    expect(names).toEqual([{ name: 'xfdp.exe' }])
  })
})
