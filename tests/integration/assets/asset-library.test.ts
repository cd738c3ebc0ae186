// The bucket calls of atelier.md §7 over HTTP against a real database: the brand's bucket
// (BucketNotFound, then created with the default folders), folders and files with names of
// spaces, unicode and emoji, pages and sorts, search, rename and move, deletes with what lies
// below; who is refused (outsiders 404, read members 403 on changes); paths that try to leave
// the library refused with a clear message and nothing changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { and, eq, sql } from 'drizzle-orm'
import { assetEntries, assetFolderCounts, buckets, files, materials } from '#db/schema'
import { DEFAULT_FOLDERS } from '#app/features/assets/asset-paths'
import { ASSET_TEXTS, stylesUsingEntry } from '#app/features/assets/asset-library.server'
import { pipelineSettled } from '#app/features/files/files.server'
import { api, sessionCookieFor, startTestPortal, type ApiAnswer, type TestPortal } from '#tests/support/portal'
import {
  actorOf,
  createAccount,
  createBrand,
  createMember,
  type AccountFixture,
  type BrandFixture,
} from '#tests/support/factories'
import { createStyleIn } from '#tests/support/catalogue-factories'
import { createMaterial } from '#tests/support/material-factories'
import { createFile } from '#tests/support/file-factories'
import { snapshotData } from '#tests/support/db-snapshot'

let portal: TestPortal
let brand: BrandFixture
let otherBrand: BrandFixture
let editorKey: string
let editorAccount: AccountFixture
let outsiderAccount: AccountFixture
const cookies = {} as Record<'editor' | 'reader' | 'outsider' | 'otherEditor', string>

beforeAll(async () => {
  portal = await startTestPortal()
  const { deps } = portal
  brand = await createBrand(deps)
  otherBrand = await createBrand(deps)
  const editor = await createMember(deps, [{ brand: brand.key, type: 'editor' }])
  editorKey = editor.key
  editorAccount = editor
  const reader = await createMember(deps, [{ brand: brand.key, type: 'read' }], { name: 'Reader' })
  const outsider = await createAccount(deps, { name: 'Outsider' })
  outsiderAccount = outsider
  const otherEditor = await createMember(deps, [{ brand: otherBrand.key, type: 'editor' }])
  ;[cookies.editor, cookies.reader, cookies.outsider, cookies.otherEditor] = await Promise.all([
    sessionCookieFor(portal, editor.email, editor.password),
    sessionCookieFor(portal, reader.email, reader.password),
    sessionCookieFor(portal, outsider.email, outsider.password),
    sessionCookieFor(portal, otherEditor.email, otherEditor.password),
  ])
})
afterAll(() => portal?.destroy())

const get = (cookie: string, path: string) => api(portal, 'GET', `/api/${path}`, { cookie })
const post = (cookie: string, path: string, body: Record<string, unknown>) =>
  api(portal, 'POST', `/api/${path}`, { cookie, body })
const q = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()

function expectError(answer: ApiAnswer, status: number, type: string, message?: string | RegExp) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status)
  expect(answer.body.error?.type).toBe(type)
  if (message) expect(answer.body.error?.message).toMatch(message)
  expect(answer.body.data).toBeUndefined()
}

type Entry = {
  key: string
  name: string
  type: string
  path: string
  folder: string
  size: number
  status: string | null
  urls: { original: string; thumbnail: string | null } | null
}

async function folder(
  bucket: string,
  prefix: string,
  extra: Record<string, string | number> = {},
  cookie = cookies.editor,
) {
  const answer = await get(cookie, `bucket/method/get_folder?${q({ bucket, prefix, ...extra })}`)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body as unknown as { data: Entry[]; total: number; more: boolean; cursor: number | null }
}

let bucket: string

describe('the brand bucket', () => {
  it('answers BucketNotFound before it exists, then creates it with the default folders', async () => {
    const missing = await get(cookies.editor, `bucket/query/brand?brand=${brand.key}`)
    expectError(missing, 404, 'BucketNotFound', ASSET_TEXTS.bucketRequired)
    expectError(
      await post(cookies.reader, 'bucket/model', { brand: brand.key, name: 'Library' }),
      403,
      'PermissionError',
    )
    const created = await post(cookies.editor, 'bucket/model', { brand: brand.key, name: 'Library' })
    expect(created.status, JSON.stringify(created.body)).toBe(200)
    expect(created.body.data).toMatchObject({
      KIND: 'Bucket',
      name: 'Library',
      brand: brand.key,
      message: ASSET_TEXTS.bucketCreated,
    })
    bucket = (created.body.data as { key: string }).key
    expect((await get(cookies.reader, `bucket/query/brand?brand=${brand.key}`)).body.data).toMatchObject({
      key: bucket,
    })
    const top = await folder(bucket, '')
    expect(top.data.map((entry) => entry.name)).toEqual([...DEFAULT_FOLDERS].sort((a, b) => a.localeCompare(b)))
    expect(top.data.every((entry) => entry.type === 'folder' && entry.path === `${entry.name}/`)).toBe(true)
    expectError(await post(cookies.editor, 'bucket/model', { brand: brand.key }), 409, 'Conflict')
  })

  it('is refused to outsiders as not found, and to another brand’s editor', async () => {
    expectError(await get(cookies.outsider, `bucket/query/brand?brand=${brand.key}`), 404, 'NotFound')
    expectError(await post(cookies.outsider, 'bucket/model', { brand: brand.key }), 404, 'NotFound')
    expectError(
      await get(cookies.otherEditor, `bucket/method/get_folder?${q({ bucket, prefix: '' })}`),
      404,
      'NotFound',
    )
    expectError(await get(cookies.outsider, `bucket/method/get_folder?${q({ bucket, prefix: '' })}`), 404, 'NotFound')
    expectError(await get(cookies.editor, 'bucket/query/brand'), 400, 'ValidationError', /brand/)
  })
})

describe('folders and files', () => {
  const nested = 'Tech Packs/SS27 Été 🌸/'

  it('creates nested folders with spaces, unicode and emoji, and a default name when none is given', async () => {
    const made = await post(cookies.editor, 'bucket/method/create_folder', {
      bucket,
      prefix: 'Tech Packs/',
      name: 'SS27 Été 🌸',
    })
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    expect(made.body.data).toMatchObject({
      name: 'SS27 Été 🌸',
      type: 'folder',
      path: nested,
      message: 'Folder SS27 Été 🌸 has been created.',
    })
    const first = await post(cookies.editor, 'bucket/method/create_folder', { bucket, prefix: nested })
    const second = await post(cookies.editor, 'bucket/method/create_folder', { bucket, prefix: nested })
    expect([first.body.data, second.body.data]).toMatchObject([
      { name: 'untitled folder' },
      { name: 'untitled folder (2)' },
    ])
    expect((await folder(bucket, nested)).data.map((entry) => entry.name)).toEqual([
      'untitled folder',
      'untitled folder (2)',
    ])
    // The same name in other letter case is the same folder.
    expectError(
      await post(cookies.editor, 'bucket/method/create_folder', { bucket, prefix: 'tech packs/', name: 'ss27 été 🌸' }),
      409,
      'Conflict',
      /already exists/,
    )
    expectError(
      await post(cookies.editor, 'bucket/method/create_folder', { bucket, prefix: 'Nowhere/', name: 'x' }),
      404,
      'NotFound',
    )
  })

  it('uploads a picture through the scan pipeline into a nested folder, with a thumbnail and a download', async () => {
    const png = await sharp({ create: { width: 60, height: 80, channels: 3, background: '#c0a080' } })
      .png()
      .toBuffer()
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(png)]), 'Look 1.png')
    const uploaded = await fetch(`${portal.url}/api/file/method/upload?brand=${brand.key}&purpose=asset-library`, {
      method: 'POST',
      headers: { cookie: cookies.editor },
      body: form,
    })
    expect(uploaded.status).toBe(200)
    const fileKey = ((await uploaded.json()) as { data: { key: string } }).data.key
    await pipelineSettled(portal.deps)
    expectError(
      await post(cookies.reader, 'bucket/method/add_files', { bucket, prefix: nested, files: [fileKey] }),
      403,
      'PermissionError',
    )
    const added = await post(cookies.editor, 'bucket/method/add_files', { bucket, prefix: nested, files: [fileKey] })
    expect(added.status, JSON.stringify(added.body)).toBe(200)
    expect(added.body.data).toMatchObject({ message: 'Look 1.png has been added.' })
    const page = await folder(bucket, nested, {}, cookies.reader)
    const file = page.data.find((entry) => entry.type === 'file')!
    expect(file).toMatchObject({
      name: 'Look 1.png',
      path: `${nested}Look 1.png`,
      folder: nested,
      size: png.length,
      status: 'available',
      // What the preview goes by: an uploaded picture previews as one.
      content_type: 'image/png',
    })
    const [row] = await portal.deps.db.select().from(files).where(eq(files.key, fileKey))
    expect(row!.originalKey).toBe(`brands/${brand.key}/assets/bucket/${fileKey}.png`)
    const original = await fetch(`${portal.url}${file.urls!.original}`)
    expect(Buffer.from(await original.arrayBuffer()).equals(png)).toBe(true)
    const thumbnail = await sharp(
      Buffer.from(await (await fetch(`${portal.url}${file.urls!.thumbnail}`)).arrayBuffer()),
    ).metadata()
    expect([thumbnail.width, thumbnail.height]).toEqual([300, 400])
    // A second upload of the same name gets a number; a file placed once cannot be placed again.
    const again = await createFile(portal.deps, brand.key, editorKey, {
      purpose: 'asset-library',
      status: 'available',
      name: 'Look 1.png',
    })
    const placed = await post(cookies.editor, 'bucket/method/add_files', { bucket, prefix: nested, files: again })
    expect(placed.body.data).toMatchObject({ data: [{ name: 'Look 1 (2).png' }] })
    expectError(
      await post(cookies.editor, 'bucket/method/add_files', { bucket, prefix: '', files: [fileKey] }),
      409,
      'Conflict',
    )
  })

  it('refuses files that are not the caller’s own library uploads of this brand', async () => {
    const chat = await createFile(portal.deps, brand.key, editorKey, {
      purpose: 'chat-attachment',
      status: 'available',
    })
    const other = await createFile(portal.deps, otherBrand.key, editorKey, {
      purpose: 'asset-library',
      status: 'available',
    })
    for (const key of [chat, other, 'nosuchfile']) {
      expectError(
        await post(cookies.editor, 'bucket/method/add_files', { bucket, prefix: '', files: [key] }),
        404,
        'NotFound',
      )
    }
  })

  it('names the styles a library picture is used on, through a material, to members only', async () => {
    const [entry] = await portal.deps.db.select().from(assetEntries).where(eq(assetEntries.name, 'Look 1 (2).png'))
    const style = await createStyleIn(portal.deps, brand.key, brand.collections[0]!, 'Field Jacket')
    const material = await createMaterial(portal.deps, brand.key, [style])
    const editor = await actorOf(portal.deps, editorAccount)
    expect(await stylesUsingEntry(portal.deps, editor, bucket, entry!.key)).toEqual([])
    await portal.deps.db.update(materials).set({ frontFileKey: entry!.fileKey }).where(eq(materials.key, material))
    expect(await stylesUsingEntry(portal.deps, editor, bucket, entry!.key)).toEqual([
      { key: style, name: 'Field Jacket' },
    ])
    const outsider = await actorOf(portal.deps, outsiderAccount)
    await expect(stylesUsingEntry(portal.deps, outsider, bucket, entry!.key)).rejects.toMatchObject({
      type: 'NotFound',
    })
  })

  it('renames and moves files and folders, carrying what lies below, and refuses a move into itself', async () => {
    const renamed = await post(cookies.editor, 'bucket/method/update_file', {
      bucket,
      path: nested,
      new_path: 'Tech Packs/SS27 Final/',
    })
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200)
    expect(renamed.body.data).toMatchObject({
      name: 'SS27 Final',
      path: 'Tech Packs/SS27 Final/',
      message: 'SS27 Final has been renamed.',
    })
    expect((await folder(bucket, 'Tech Packs/SS27 Final/')).data.map((entry) => entry.name)).toEqual([
      'untitled folder',
      'untitled folder (2)',
      'Look 1 (2).png',
      'Look 1.png',
    ])
    const moved = await post(cookies.editor, 'bucket/method/update_file', {
      bucket,
      path: 'Tech Packs/SS27 Final/Look 1.png',
      new_path: 'Graphics/Look one.png',
    })
    expect(moved.body.data).toMatchObject({ path: 'Graphics/Look one.png', message: 'Look one.png has been moved.' })
    const folderMove = await post(cookies.editor, 'bucket/method/update_file', {
      bucket,
      path: 'Tech Packs/SS27 Final/',
      new_path: 'Prints/SS27 Final/',
    })
    expect(folderMove.body.data).toMatchObject({ path: 'Prints/SS27 Final/' })
    expect((await folder(bucket, 'Prints/SS27 Final/untitled folder/')).total).toBe(0)
    const before = await snapshotData(portal.deps)
    expectError(
      await post(cookies.editor, 'bucket/method/update_file', {
        bucket,
        path: 'Prints/',
        new_path: 'Prints/SS27 Final/Prints/',
      }),
      400,
      'ValidationError',
      /into itself/,
    )
    expectError(
      await post(cookies.editor, 'bucket/method/update_file', { bucket, path: 'Prints/', new_path: 'Blocks/' }),
      409,
      'Conflict',
      /Blocks already exists/,
    )
    expectError(
      await post(cookies.reader, 'bucket/method/update_file', { bucket, path: 'Prints/', new_path: 'Prints 2/' }),
      403,
      'PermissionError',
    )
    expect(await snapshotData(portal.deps)).toEqual(before)
  })

  it('refuses paths that try to leave the library, and changes nothing', async () => {
    const before = await snapshotData(portal.deps)
    const attempts: [string, Record<string, unknown>][] = [
      ['bucket/method/create_folder', { bucket, prefix: '../', name: 'x' }],
      ['bucket/method/create_folder', { bucket, prefix: '/etc/', name: 'x' }],
      ['bucket/method/create_folder', { bucket, prefix: '', name: '../x' }],
      ['bucket/method/create_folder', { bucket, prefix: '', name: 'a/b' }],
      ['bucket/method/create_folder', { bucket, prefix: 'Blocks\\..\\', name: 'x' }],
      ['bucket/method/remove_folder', { bucket, path: 'Blocks/../..' }],
      ['bucket/method/remove_folder', { bucket, path: '' }],
      ['bucket/method/remove_file', { bucket, path: '/Graphics/Look one.png' }],
      ['bucket/method/update_file', { bucket, path: 'Graphics/Look one.png', new_path: '../Look one.png' }],
      ['bucket/method/update_file', { bucket, path: 'Graphics/Look one.png', new_path: 'Graphics/a\u0000b.png' }],
      ['bucket/method/update_file', { bucket, path: ['Graphics'], new_path: 'x' }],
    ]
    for (const [call, body] of attempts) {
      expectError(await post(cookies.editor, call, body), 400, 'ValidationError')
    }
    expectError(
      await get(cookies.editor, `bucket/method/get_folder?${q({ bucket, prefix: '../' })}`),
      400,
      'ValidationError',
    )
    const encoded = await fetch(
      `${portal.url}/api/bucket/method/get_folder?bucket=${bucket}&prefix=Graphics%2F..%2F..%2F`,
      {
        headers: { cookie: cookies.editor },
      },
    )
    expect(encoded.status).toBe(400)
    expect(await snapshotData(portal.deps)).toEqual(before)
  })

  it('searches names in the whole library, with the folder each one is in', async () => {
    const found = await folder(bucket, '', { search: 'LOOK' })
    expect(found.data.map((entry) => entry.path).sort()).toEqual([
      'Graphics/Look one.png',
      'Prints/SS27 Final/Look 1 (2).png',
    ])
    expect((await folder(bucket, '', { search: '100%_' })).total).toBe(0)
  })

  it('deletes a file, and a folder with everything below it, and the files no one else uses', async () => {
    const [entry] = await portal.deps.db.select().from(assetEntries).where(eq(assetEntries.name, 'Look one.png'))
    expectError(
      await post(cookies.reader, 'bucket/method/remove_file', { bucket, path: 'Graphics/Look one.png' }),
      403,
      'PermissionError',
    )
    expectError(
      await post(cookies.editor, 'bucket/method/remove_file', { bucket, path: 'Graphics/' }),
      400,
      'ValidationError',
      /folder/,
    )
    const removed = await post(cookies.editor, 'bucket/method/remove_file', { bucket, path: 'graphics/look ONE.png' })
    expect(removed.body.data).toMatchObject({ message: ASSET_TEXTS.deleted })
    expect(await portal.deps.db.select().from(files).where(eq(files.key, entry!.fileKey!))).toEqual([])
    const [used] = await portal.deps.db.select().from(assetEntries).where(eq(assetEntries.name, 'Look 1 (2).png'))
    const gone = await post(cookies.editor, 'bucket/method/remove_folder', { bucket, path: 'Prints/' })
    expect(gone.body.data).toMatchObject({ deleted: 5, message: ASSET_TEXTS.folderDeleted })
    expect((await folder(bucket, '')).data.map((e) => e.name)).not.toContain('Prints')
    // The picture a material uses stays; only its place in the library went.
    expect(await portal.deps.db.select().from(files).where(eq(files.key, used!.fileKey!))).toHaveLength(1)
    expect((await portal.deps.db.select().from(assetEntries).where(eq(assetEntries.bucketKey, bucket))).length).toBe(
      DEFAULT_FOLDERS.length - 1,
    )
    expectError(await post(cookies.editor, 'bucket/method/remove_folder', { bucket, path: 'Prints/' }), 404, 'NotFound')
  })

  it('previews a file placed while its checks still ran, by the type its checks then found', async () => {
    // The upload form places a file as soon as it is stored, before its scan and type check end.
    const file = await createFile(portal.deps, brand.key, editorKey, { purpose: 'asset-library', name: 'Spec.pdf' })
    const placed = await post(cookies.editor, 'bucket/method/add_files', { bucket, prefix: '', files: [file] })
    expect(placed.status).toBe(200)
    const pdf = { status: 'available' as const, contentType: 'application/pdf', originalKey: `b/${brand.key}/x.pdf` }
    await portal.deps.db.update(files).set(pdf).where(eq(files.key, file))
    const page = await folder(bucket, '', {}, cookies.reader)
    expect(page.data.find((entry) => entry.name === 'Spec.pdf')).toMatchObject({ content_type: 'application/pdf' })
  })
})

describe('pages and sorts', () => {
  it('pages a folder folders first, by name, date or size, either way, and the last page is whole', async () => {
    const [row] = await portal.deps.db.select().from(buckets).where(eq(buckets.key, bucket))
    const parent = (
      await portal.deps.db
        .select()
        .from(assetEntries)
        .where(and(eq(assetEntries.bucketKey, bucket), eq(assetEntries.name, 'Blocks')))
    )[0]!.key
    const values = Array.from({ length: 30 }, (_, i) => ({
      key: `pagefile${String(i).padStart(2, '0')}`,
      bucketKey: bucket,
      brandKey: row!.brandKey,
      parentKey: parent,
      kind: 'file' as const,
      name: `Block ${String(i).padStart(2, '0')}.dxf`,
      size: 1000 - i,
      modified: new Date(Date.UTC(2026, 0, 1 + ((i * 7) % 30))),
    }))
    await portal.deps.db.insert(assetEntries).values(values)
    await portal.deps.db.insert(assetEntries).values({
      key: 'pagefolder',
      bucketKey: bucket,
      brandKey: row!.brandKey,
      parentKey: parent,
      kind: 'folder',
      name: 'Zips',
    })
    const names = async (extra: Record<string, string | number>) =>
      (await folder(bucket, 'Blocks/', extra)).data.map((e) => e.name)
    const all = [...values].sort((a, b) => a.name.localeCompare(b.name)).map((v) => v.name)
    expect(await names({ per_page: 8 })).toEqual(['Zips', ...all.slice(0, 7)])
    expect(await names({ per_page: 8, page: 4 })).toEqual(all.slice(23))
    expect(await names({ per_page: 8, page: 3 })).toEqual(all.slice(15, 23))
    expect(await names({ per_page: 24, page: 2, order: 'desc' })).toEqual([...all].reverse().slice(23))
    const bySize = [...values].sort((a, b) => a.size - b.size).map((v) => v.name)
    expect(await names({ per_page: 12, sort: 'size' })).toEqual(['Zips', ...bySize.slice(0, 11)])
    expect(await names({ per_page: 12, sort: 'size', page: 3 })).toEqual(bySize.slice(23))
    const byDate = [...values].sort((a, b) => b.modified.getTime() - a.modified.getTime() || b.key.localeCompare(a.key))
    expect(await names({ per_page: 12, sort: 'date', order: 'desc' })).toEqual([
      'Zips',
      ...byDate.slice(0, 11).map((v) => v.name),
    ])
    // Odd page options fall back to the defaults (12 per page, page 1); a page past the end is the last.
    const odd = await folder(bucket, 'Blocks/', { per_page: 1000, page: -3, sort: 'x' })
    expect(odd.data).toHaveLength(12)
    expect((await folder(bucket, 'Blocks/', { per_page: 24, page: 99 })).data).toHaveLength(7)
    // The spec's cursor (page × per-page) reads the same pages.
    const byCursor = await folder(bucket, 'Blocks/', { per_page: 8, cursor: 24 })
    expect(byCursor.data.map((e) => e.name)).toEqual(all.slice(23))
    expect(byCursor).toMatchObject({ total: 31, more: false, cursor: null })
  })
})

describe('folder counts', () => {
  // A folder's total comes from asset_folder_counts, kept by triggers (migration 0018); after the
  // uploads, renames, moves, bulk inserts and deletes above, it must still equal a fresh count.
  const kept = async () =>
    (
      await portal.deps.db
        .select()
        .from(assetFolderCounts)
        .orderBy(assetFolderCounts.bucketKey, assetFolderCounts.parentKey, assetFolderCounts.kind)
    ).map(({ bucketKey, parentKey, kind, total }) => ({ bucketKey, parentKey, kind, total }))
  const counted = async () =>
    (
      await portal.deps.db
        .select({
          bucketKey: assetEntries.bucketKey,
          parentKey: assetEntries.parentKey,
          kind: assetEntries.kind,
          total: sql<number>`count(*)::int`,
        })
        .from(assetEntries)
        .groupBy(assetEntries.bucketKey, assetEntries.parentKey, assetEntries.kind)
        .orderBy(assetEntries.bucketKey, assetEntries.parentKey, assetEntries.kind)
    ).map((row) => ({ ...row }))

  it('match the entries after every kind of change', async () => {
    expect((await kept()).length).toBeGreaterThan(3)
    expect(await kept()).toEqual(await counted())
    // A folder with 31 entries moves under another, then goes with everything below it.
    const moved = await post(cookies.editor, 'bucket/method/update_file', {
      bucket,
      path: 'Blocks/',
      new_path: 'Branding/Old Blocks/',
    })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    expect(await kept()).toEqual(await counted())
    expect((await folder(bucket, 'Branding/Old Blocks/')).total).toBe(31)
    expect((await folder(bucket, 'Branding/')).total).toBe(1)
    const gone = await post(cookies.editor, 'bucket/method/remove_folder', { bucket, path: 'Branding/' })
    expect(gone.status, JSON.stringify(gone.body)).toBe(200)
    expect(await kept()).toEqual(await counted())
    expect((await kept()).some((row) => row.bucketKey === bucket && row.parentKey !== '' && row.total <= 0)).toBe(false)
  })
})
