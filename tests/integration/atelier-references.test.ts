// The atelier's files and folders over HTTP (atelier.md §7 reference, pattern, techpack, graphics,
// pragma clone_ref and asset calls): uploads through the file pipeline become references once
// clean and mark their step; folders nest, move and go with their content; positions, clones as
// Final, archive; and refusals: outsiders get 404 for every call, read members read and download
// but change nothing, malformed input gets 400. Against a real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { files, references, styles } from '#db/schema'
import { DEMO_BRAND_KEY } from '#db/seed'
import { EICAR } from '#app/infra/file-scan.server'
import { SCAN_MESSAGES } from '#app/features/files/file-purposes'
import { pipelineSettled, type FileView } from '#app/features/files/files.server'
import type { ReferenceView } from '#app/features/atelier/references.server'
import { api, sessionCookieFor, startTestPortal, type ApiAnswer, type TestPortal } from '#tests/support/portal'
import { createStyle } from '#tests/support/factories'
import { createFile } from '#tests/support/file-factories'
import { snapshotData } from '#tests/support/db-snapshot'

let portal: TestPortal
let editor: string
let viewer: string
let outsider: string

beforeAll(async () => {
  portal = await startTestPortal()
  ;[editor, viewer, outsider] = await Promise.all([
    sessionCookieFor(portal, 'editor@demo.test'),
    sessionCookieFor(portal, 'viewer@demo.test'),
    sessionCookieFor(portal, 'outsider@demo.test'),
  ])
})
afterAll(() => portal?.destroy())

const square = (size = 400, colour = '#7c2d12') =>
  sharp({ create: { width: size, height: size, channels: 3, background: colour } })
    .png()
    .toBuffer()
const DXF = Buffer.from(
  '  0\nSECTION\n  2\nENTITIES\n  0\nLINE\n  8\n0\n 10\n0.0\n 20\n0.0\n 11\n10.0\n 21\n10.0\n  0\nENDSEC\n  0\nEOF\n',
)

/** Sends a file through the plain upload call (purpose style-file) and waits for its check. */
async function upload(bytes: Buffer, name: string, cookie = editor): Promise<FileView> {
  const form = new FormData()
  form.set('file', new Blob([new Uint8Array(bytes)]), name)
  const response = await fetch(`${portal.url}/api/file/method/upload?brand=${DEMO_BRAND_KEY}&purpose=style-file`, {
    method: 'POST',
    headers: { cookie },
    body: form,
  })
  const body = (await response.json()) as { data: FileView }
  expect(response.status, JSON.stringify(body)).toBe(200)
  await pipelineSettled(portal.deps)
  return body.data
}

const data = <T>(answer: ApiAnswer) => answer.body.data as T
const post = (path: string, body: unknown, cookie = editor) => api(portal, 'POST', `/api/${path}`, { cookie, body })
const put = (path: string, body: unknown, cookie = editor) => api(portal, 'PUT', `/api/${path}`, { cookie, body })
const get = (path: string, cookie = editor) => api(portal, 'GET', `/api/${path}`, { cookie })
const del = (path: string, cookie = editor) => api(portal, 'DELETE', `/api/${path}`, { cookie })

async function fileReference(style: string, fields: Record<string, unknown> = {}, bytes?: Buffer, name = 'front.png') {
  const file = await upload(bytes ?? (await square()), name)
  const answer = await post('reference/model', { style, brand: DEMO_BRAND_KEY, file: file.key, ...fields })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return data<ReferenceView>(answer)
}

const styleRow = async (key: string) => (await portal.deps.db.select().from(styles).where(eq(styles.key, key)))[0]!
const listKeys = async (query: string, cookie = editor) => {
  const answer = await get(`reference/query/style/?${query}`, cookie)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return data<ReferenceView[]>(answer).map((ref) => ref.key)
}

describe('a file reference', () => {
  it('is made from a clean upload, answers the spec fields and marks its step completed', async () => {
    const style = await createStyle(portal.deps, DEMO_BRAND_KEY)
    expect((await styleRow(style)).statusReferences).toBeNull()
    const ref = await fileReference(style, { notes: 'Front view', position: 0 })
    expect(ref).toMatchObject({
      KIND: 'Reference',
      name: 'front.png',
      type: 'image',
      brand: DEMO_BRAND_KEY,
      model: 'Style',
      model_id: style,
      style,
      notes: 'Front view',
      tags: [],
      path: '',
      step: 'references',
      archived: false,
      status: 1,
      progress: 1,
      content_type: 'image/png',
    })
    expect(ref.download).toMatch(/^\/blobs\/|^http/)
    expect((await styleRow(style)).statusReferences).toBe('completed')
    // A reader downloads it: the address serves the bytes.
    const read = data<ReferenceView>(await get(`reference/model/${ref.key}`, viewer))
    const response = await fetch(new URL(read.download!, portal.url))
    expect(response.status).toBe(200)
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0)
  })

  it('leaves a step someone already set as it was', async () => {
    const style = await createStyle(portal.deps, DEMO_BRAND_KEY)
    await portal.deps.db.update(styles).set({ statusReferences: 'notapplicable' }).where(eq(styles.key, style))
    await fileReference(style)
    expect((await styleRow(style)).statusReferences).toBe('notapplicable')
  })

  it('is listed only once its file is available, and never while quarantined', async () => {
    const style = await createStyle(portal.deps, DEMO_BRAND_KEY)
    const scanning = await createFile(portal.deps, DEMO_BRAND_KEY, (await styleRowEditor()).key, {
      purpose: 'style-file',
      status: 'scanning',
      name: 'later.png',
    })
    const made = await post('reference/model', { style, file: scanning })
    expect(made.status).toBe(200)
    const ref = data<ReferenceView>(made)
    expect(ref).toMatchObject({ progress: 0, download: null, assets: null })
    expect(await listKeys(`style=${style}`)).toEqual([])
    expect(data<ReferenceView>(await get(`reference/model/${ref.key}`))).toMatchObject({ progress: 0, download: null })

    await portal.deps.db.update(files).set({ status: 'quarantined' }).where(eq(files.key, scanning))
    expect(await listKeys(`style=${style}`)).toEqual([])
    expect(await get(`reference/model/${ref.key}`)).toMatchObject({
      status: 404,
      body: { error: { type: 'NotFound' } },
    })
  })

  it('refuses an upload the scan refused, and one that is another reference already', async () => {
    const style = await createStyle(portal.deps, DEMO_BRAND_KEY)
    const infected = await upload(Buffer.concat([await square(), EICAR]), 'infected.png')
    const [row] = await portal.deps.db.select().from(files).where(eq(files.key, infected.key))
    expect(row!.status).toBe('quarantined')
    const refused = await post('reference/model', { style, file: infected.key })
    expect(refused).toMatchObject({
      status: 400,
      body: { error: { type: 'ValidationError', message: `file: ${SCAN_MESSAGES.quarantined}` } },
    })
    const ref = await fileReference(style)
    const again = await post('reference/model', { style, file: ref.file })
    expect(again.status).toBe(409)
    expect(await portal.deps.db.select().from(references).where(eq(references.styleKey, style))).toHaveLength(1)
  })

  it('refuses an image whose aspect ratio is not one of §5, and an unsupported type', async () => {
    const wide = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#000' } })
      .png()
      .toBuffer()
    const file = await upload(wide, 'landscape.png')
    const [row] = await portal.deps.db.select().from(files).where(eq(files.key, file.key))
    expect(row).toMatchObject({ status: 'quarantined', scanResult: { verdict: 'refused', check: 'aspect' } })
    const exe = await upload(Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), 'tool.exe')
    const [exeRow] = await portal.deps.db.select().from(files).where(eq(files.key, exe.key))
    expect(exeRow).toMatchObject({ status: 'quarantined', scanResult: { check: 'type' } })
  })
})

/** The editor's account row (the uploader of factory files). */
async function styleRowEditor() {
  const { accounts } = await import('#db/schema')
  const [row] = await portal.deps.db.select().from(accounts).where(eq(accounts.email, 'editor@demo.test'))
  return row!
}

describe('steps', () => {
  it('puts tech pack, graphics, pattern and final files in their steps and marks each', async () => {
    const style = await createStyle(portal.deps, DEMO_BRAND_KEY)
    const techpack = await fileReference(style, { model: 'Techpack' }, await square(), 'spec.png')
    expect(techpack).toMatchObject({ model: 'Techpack', step: 'techpack' })
    const containers = data<{ key: string; KIND: string; style: string }[]>(
      await get(`techpack/query/style?style=${style}`, viewer),
    )
    expect(containers).toHaveLength(1)
    expect(containers[0]).toMatchObject({ key: techpack.model_id, KIND: 'Techpack', style })
    const byModel = data<ReferenceView[]>(
      await get(`reference/query/model?model=Techpack&model_id=${techpack.model_id}`, viewer),
    )
    expect(byModel.map((ref) => ref.key)).toEqual([techpack.key])

    const graphicsBox = data<{ key: string }>(
      await post('graphics', { style, brand: DEMO_BRAND_KEY, name: 'Prints SS27' }),
    )
    const print = await fileReference(style, { model: 'Graphics', model_id: graphicsBox.key, asset_type: 'print' })
    expect(print).toMatchObject({ step: 'graphics', kind: 'print', model_id: graphicsBox.key })
    expect(await listKeys(`style=${style}&step=graphics&kind=print`)).toEqual([print.key])
    expect(await listKeys(`style=${style}&step=graphics&kind=graphic`)).toEqual([])

    const pattern = await fileReference(style, { asset_type: 'pattern' }, DXF, 'block.dxf')
    expect(pattern).toMatchObject({ step: 'patterns', type: 'pattern', content_type: 'image/vnd.dxf', progress: 1 })

    const final = await fileReference(style, { tags: ['final'] }, await square(), 'approved.png')
    expect(final.step).toBe('final')

    const row = await styleRow(style)
    expect(row).toMatchObject({
      statusTechpack: 'completed',
      statusGraphics: 'completed',
      statusPatterns: 'completed',
      statusFinal: 'completed',
      statusReferences: null,
      statusMaterials: null,
    })
  })

  it('refuses a container of another style as model_id', async () => {
    const style = await createStyle(portal.deps, DEMO_BRAND_KEY)
    const other = await createStyle(portal.deps, DEMO_BRAND_KEY)
    const box = data<{ key: string }>(await post('techpack/model', { style: other }))
    const file = await upload(await square(), 'x.png')
    const answer = await post('reference/model', { style, model: 'Techpack', model_id: box.key, file: file.key })
    expect(answer).toMatchObject({ status: 400, body: { error: { type: 'ValidationError' } } })
  })
})

describe('folders', () => {
  it('nest, list within a path, move with their content and keep pathnames', async () => {
    const style = await createStyle(portal.deps, DEMO_BRAND_KEY)
    const top = data<ReferenceView>(await post('reference/model', { style, type: 'folder' }))
    expect(top).toMatchObject({ type: 'folder', name: 'untitled folder', pathname: 'untitled folder', path: '' })
    expect(top.progress).toBeNull()
    const sub = data<ReferenceView>(
      await post('reference/model', { style, type: 'folder', name: 'Sketches', path: top.key }),
    )
    expect(sub).toMatchObject({ path: top.key, pathname: 'untitled folder/Sketches' })
    const inner = await fileReference(style, { path: `${top.key},${sub.key}` })
    const loose = await fileReference(style)

    expect(await listKeys(`style=${style}&path=`)).toEqual([top.key, loose.key])
    expect(await listKeys(`style=${style}&path=${top.key}`)).toEqual([sub.key])
    expect(await listKeys(`style=${style}&path=${top.key},${sub.key}`)).toEqual([inner.key])

    // A folder holds its own step's references only.
    const pattern = await upload(DXF, 'block.dxf')
    const elsewhere = await post('reference/model', { style, file: pattern.key, asset_type: 'pattern', path: top.key })
    expect(elsewhere).toMatchObject({
      status: 400,
      body: { error: { message: 'path: the folder "untitled folder" belongs to another step (references).' } },
    })

    // A path that skips a level is not a real chain of folders.
    const skipped = await post('reference/model', { style, type: 'folder', path: sub.key })
    expect(skipped.status).toBe(400)

    // Moving Sketches to the top takes its file along.
    const moved = await put(`reference/model/${sub.key}`, { path: '' })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    expect(data<ReferenceView>(moved)).toMatchObject({ path: '', pathname: 'Sketches' })
    const [innerRow] = await portal.deps.db.select().from(references).where(eq(references.key, inner.key))
    expect(innerRow!.path).toEqual([sub.key])

    // And back inside, then the outer folder is renamed: the pathnames below follow.
    await put(`reference/model/${sub.key}`, { path: top.key })
    const renamed = await put(`reference/model/${top.key}`, { name: 'Blocks', brand: DEMO_BRAND_KEY })
    expect(data<ReferenceView & { message: string }>(renamed)).toMatchObject({
      name: 'Blocks',
      message: 'Reference name updated',
    })
    const [subRow] = await portal.deps.db.select().from(references).where(eq(references.key, sub.key))
    expect(subRow!.pathname).toBe('Blocks/Sketches')
    const [innerAgain] = await portal.deps.db.select().from(references).where(eq(references.key, inner.key))
    expect(innerAgain!.path).toEqual([top.key, sub.key])

    // A folder does not go into itself or below itself.
    expect((await put(`reference/model/${top.key}`, { path: `${top.key},${sub.key}` })).status).toBe(400)
    expect((await put(`reference/model/${top.key}`, { path: top.key })).status).toBe(400)
  })

  it('deleting a folder deletes its content and the uploaded blobs', async () => {
    const style = await createStyle(portal.deps, DEMO_BRAND_KEY)
    const top = data<ReferenceView>(await post('reference/model', { style, type: 'folder', name: 'Old' }))
    const sub = data<ReferenceView>(await post('reference/model', { style, type: 'folder', path: top.key }))
    const inner = await fileReference(style, { path: `${top.key},${sub.key}` })
    const keep = await fileReference(style)
    const [fileRow] = await portal.deps.db.select().from(files).where(eq(files.key, inner.file!))
    expect(await portal.deps.blobs.get(fileRow!.originalKey!)).not.toBeNull()

    const answer = await del(`reference/model/${top.key}`)
    expect(answer).toMatchObject({
      status: 200,
      body: { data: { key: top.key, deleted: 3, message: 'Asset has been deleted successfully.' } },
    })
    const left = await portal.deps.db.select().from(references).where(eq(references.styleKey, style))
    expect(left.map((row) => row.key)).toEqual([keep.key])
    expect(await portal.deps.db.select().from(files).where(eq(files.key, inner.file!))).toEqual([])
    expect(await portal.deps.blobs.get(fileRow!.originalKey!)).toBeNull()
    expect(await portal.deps.blobs.get(fileRow!.thumbnailKey!)).toBeNull()
  })
})

describe('positions, archive, clone and asset', () => {
  it('update_positions orders a style’s references, all or nothing', async () => {
    const style = await createStyle(portal.deps, DEMO_BRAND_KEY)
    const a = await fileReference(style)
    const b = await fileReference(style)
    const c = await fileReference(style)
    // Newest first while none is placed.
    expect(await listKeys(`style=${style}`)).toEqual([c.key, b.key, a.key])
    const saved = await post('reference/method/update_positions/', { positions: `${a.key}:1;${b.key}:2;${c.key}:3` })
    expect(saved).toMatchObject({ status: 200, body: { data: { saved: 3 } } })
    expect(await listKeys(`style=${style}`)).toEqual([a.key, b.key, c.key])

    const otherStyle = await createStyle(portal.deps, DEMO_BRAND_KEY)
    const elsewhere = await fileReference(otherStyle)
    const before = await snapshotData(portal.deps)
    const mixed = await post('reference/method/update_positions/', { positions: `${a.key}:9;${elsewhere.key}:1` })
    expect(mixed).toMatchObject({
      status: 400,
      body: { error: { message: 'positions: every reference must be of the same style.' } },
    })
    for (const positions of ['', `${a.key}:x`, `${a.key}:1;${a.key}:2`, 'nope;']) {
      const bad = await post('reference/method/update_positions/', { positions })
      expect(bad.status, positions).toBe(400)
    }
    expect((await post('reference/method/update_positions/', { positions: 'abcdefgh:1' })).status).toBe(404)
    expect((await post('reference/method/update_positions/', { positions: `${a.key}:5` }, viewer)).status).toBe(403)
    expect((await post('reference/method/update_positions/', { positions: `${a.key}:5` }, outsider)).status).toBe(404)
    expect(await snapshotData(portal.deps)).toEqual(before)
  })

  it('archive hides a reference unless archived ones are asked for', async () => {
    const style = await createStyle(portal.deps, DEMO_BRAND_KEY)
    const ref = await fileReference(style)
    const answer = await put(`reference/model/${ref.key}`, { archived: true, brand: DEMO_BRAND_KEY })
    expect(data<ReferenceView & { message: string }>(answer)).toMatchObject({
      archived: true,
      message: 'Asset has been archived successfully.',
    })
    expect(await listKeys(`style=${style}`)).toEqual([])
    expect(await listKeys(`style=${style}&archived=true`)).toEqual([ref.key])
    expect((await put(`reference/model/${ref.key}`, { archived: 'maybe' })).status).toBe(400)
  })

  it('clone_ref makes a final copy sharing the clean file, which outlives the original', async () => {
    const style = await createStyle(portal.deps, DEMO_BRAND_KEY)
    const ref = await fileReference(style)
    const answer = await post('pragma/method/clone_ref/', { reference: ref.key })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const clone = data<ReferenceView>(answer)
    expect(clone).toMatchObject({ tags: ['final'], step: 'final', file: ref.file, name: ref.name, progress: 1 })
    expect(clone.key).not.toBe(ref.key)
    expect((await styleRow(style)).statusFinal).toBe('completed')
    expect(await listKeys(`style=${style}&tags=final`)).toEqual([clone.key])
    expect(await listKeys(`style=${style}&tags=none`)).toEqual([ref.key])

    await del(`reference/model/${ref.key}`)
    const [stillThere] = await portal.deps.db.select().from(files).where(eq(files.key, ref.file!))
    expect(stillThere?.status).toBe('available')
    expect(await portal.deps.blobs.get(stillThere!.originalKey!)).not.toBeNull()
    await del(`reference/model/${clone.key}`)
    expect(await portal.deps.db.select().from(files).where(eq(files.key, ref.file!))).toEqual([])

    const folder = data<ReferenceView>(await post('reference/model', { style, type: 'folder' }))
    expect((await post('pragma/method/clone_ref/', { reference: folder.key })).status).toBe(400)
  })

  it('tagging final and untagging moves a reference in and out of Final Files', async () => {
    const style = await createStyle(portal.deps, DEMO_BRAND_KEY)
    const ref = await fileReference(style)
    await put(`reference/model/${ref.key}`, { tags: ['final'] })
    expect(await listKeys(`style=${style}&tags=final`)).toEqual([ref.key])
    await put(`reference/model/${ref.key}`, { tags: [] })
    expect(await listKeys(`style=${style}&tags=final`)).toEqual([])
    expect((await put(`reference/model/${ref.key}`, { tags: ['approved'] })).status).toBe(400)
  })

  it('PUT asset changes asset_type; progress and download stay what the server knows', async () => {
    const style = await createStyle(portal.deps, DEMO_BRAND_KEY)
    const ref = await fileReference(style, { model: 'Graphics' })
    expect(ref.kind).toBe('graphic')
    const answer = await put(`asset/model/${ref.key}`, {
      progress: 0,
      download: 'https://elsewhere.test/x',
      asset_type: 'print',
    })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body.data).toMatchObject({ key: ref.key, KIND: 'Asset', progress: 1, asset_type: 'print' })
    expect((answer.body.data as { download: string }).download).not.toContain('elsewhere.test')
    const [row] = await portal.deps.db.select().from(references).where(eq(references.key, ref.key))
    expect(row).toMatchObject({ assetType: 'print', kind: 'print' })
    expect((await put(`asset/model/${ref.key}`, { progress: 5 })).status).toBe(400)
    expect((await put(`asset/model/${ref.key}`, { progress: 'half' })).status).toBe(400)
  })
})

describe('patterns and containers', () => {
  it('a pattern is created, updated, read and listed by style', async () => {
    const style = await createStyle(portal.deps, DEMO_BRAND_KEY)
    const made = await post('pattern/model', {
      brand: DEMO_BRAND_KEY,
      style,
      name: 'Bodice block',
      notes: 'Size 38',
      asset_type: 'pattern',
      tags: ['final'],
      digitization: 'requested',
    })
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    const pattern = data<{ key: string }>(made)
    expect(pattern).toMatchObject({
      KIND: 'Pattern',
      style,
      name: 'Bodice block',
      tags: ['final'],
      digitization: 'requested',
    })
    const updated = await put(`pattern/model/${pattern.key}`, { digitization: 'done', name: 'Bodice block v2' })
    expect(updated.body.data).toMatchObject({ name: 'Bodice block v2', digitization: 'done', notes: 'Size 38' })
    expect(data<unknown[]>(await get(`pattern/query/style?style=${style}`, viewer))).toHaveLength(1)
    expect((await get(`pattern/model/${pattern.key}`, viewer)).body.data).toMatchObject({ name: 'Bodice block v2' })
    expect((await post('pattern/model', { style })).status).toBe(400)
    expect((await post('pattern/model', { style, name: 'x', tags: ['nope'] })).status).toBe(400)
    expect((await put(`pattern/model/${pattern.key}`, { name: 'Mine' }, viewer)).status).toBe(403)
  })
})

describe('refusals', () => {
  let style: string
  let ref: ReferenceView
  let folder: ReferenceView
  let pattern: string
  let techpack: string

  beforeAll(async () => {
    style = await createStyle(portal.deps, DEMO_BRAND_KEY)
    ref = await fileReference(style)
    folder = data<ReferenceView>(await post('reference/model', { style, type: 'folder' }))
    pattern = data<{ key: string }>(await post('pattern/model', { style, name: 'Block' })).key
    techpack = data<{ key: string }>(await post('techpack', { style })).key
  })

  const calls = (): [string, string, unknown?][] => [
    ['GET', `reference/query/style/?style=${style}`],
    ['GET', `reference/query/model?model=Techpack&model_id=${techpack}`],
    ['GET', `reference/model/${ref.key}`],
    ['POST', 'reference/model', { style, type: 'folder' }],
    ['PUT', `reference/model/${ref.key}`, { name: 'Taken' }],
    ['DELETE', `reference/model/${folder.key}`],
    ['POST', 'reference/method/update_positions/', { positions: `${ref.key}:4` }],
    ['POST', 'pragma/method/clone_ref/', { reference: ref.key }],
    ['PUT', `asset/model/${ref.key}`, { asset_type: 'x' }],
    ['POST', 'pattern/model', { style, name: 'Taken' }],
    ['PUT', `pattern/model/${pattern}`, { name: 'Taken' }],
    ['GET', `pattern/model/${pattern}`],
    ['GET', `pattern/query/style?style=${style}`],
    ['POST', 'techpack', { style }],
    ['POST', 'techpack/model', { style }],
    ['GET', `techpack/query/style?style=${style}`],
    ['POST', 'graphics', { style }],
    ['POST', 'graphics/model', { style }],
    ['GET', `graphics/query/style?style=${style}`],
  ]

  it('an outsider gets 404 for every call, and nothing changes', async () => {
    const before = await snapshotData(portal.deps)
    for (const [verb, path, body] of calls()) {
      const answer = await api(portal, verb, `/api/${path}`, { cookie: outsider, body })
      expect(answer.status, `${verb} ${path}`).toBe(404)
      expect(answer.body.error?.type, `${verb} ${path}`).toBe('NotFound')
    }
    expect(await snapshotData(portal.deps)).toEqual(before)
  })

  it('a read member reads every list and record, and is refused every change', async () => {
    const before = await snapshotData(portal.deps)
    for (const [verb, path, body] of calls()) {
      const answer = await api(portal, verb, `/api/${path}`, { cookie: viewer, body })
      if (verb === 'GET') expect(answer.status, `${verb} ${path}`).toBe(200)
      else
        expect(answer, `${verb} ${path}`).toMatchObject({ status: 403, body: { error: { type: 'PermissionError' } } })
    }
    expect(await snapshotData(portal.deps)).toEqual(before)
  })

  it('malformed ids, paths, tags and bodies get 400 with a message, never 500', async () => {
    const before = await snapshotData(portal.deps)
    const bad: [string, string, unknown?][] = [
      ['GET', 'reference/model/not%20a%20key'],
      ['GET', 'reference/query/style/?style='],
      ['GET', `reference/query/style/?style=${style}&path=..%2Fetc`],
      ['GET', `reference/query/style/?style=${style}&step=materials`],
      ['GET', `reference/query/style/?style=${style}&tags=maybe`],
      ['GET', `reference/query/model?model=Listing&model_id=${style}`],
      ['POST', 'reference/model', { style, type: 'folder', path: 'a,a' }],
      ['POST', 'reference/model', { style, type: 'folder', name: 'a/b' }],
      ['POST', 'reference/model', { style, type: 'folder', position: 'first' }],
      ['POST', 'reference/model', { style, type: 'folder', tags: 'approved' }],
      ['POST', 'reference/model', { style, type: 'folder', brand: 'otherbrand' }],
      ['POST', 'reference/model', { style }],
      ['POST', 'reference/model', { style, file: 'bad key!' }],
      ['POST', 'reference/model', { style, type: 'folder', file: ref.file }],
      ['POST', 'reference/model', { style, model: 'Listing', type: 'folder' }],
      ['POST', 'reference/model', { style, type: 'folder', path: 'abcdefghijkmnpqr' }],
      ['PUT', `reference/model/${ref.key}`, {}],
      ['PUT', `reference/model/${ref.key}`, { name: '' }],
      ['PUT', `reference/model/${ref.key}`, { name: 'x'.repeat(300) }],
      ['POST', 'pragma/method/clone_ref/', {}],
      ['POST', 'reference/method/update_positions/', { positions: 42 }],
      ['PUT', `asset/model/${folder.key}`, { asset_type: 'x' }],
    ]
    for (const [verb, path, body] of bad) {
      const answer = await api(portal, verb, `/api/${path}`, { cookie: editor, body })
      expect(answer.status, `${verb} ${path} ${JSON.stringify(body)}: ${JSON.stringify(answer.body)}`).toBe(400)
      expect(answer.body.error?.type).toBe('ValidationError')
      expect(answer.body.error?.message.length).toBeGreaterThan(5)
    }
    expect(await snapshotData(portal.deps)).toEqual(before)
  })
})

describe('the demo seed', () => {
  it('gives the demo style files in every file step, a folder tree two deep, a final file and step statuses', async () => {
    const { demoAtelierStyle } = await import('#db/seed-atelier-references')
    const style = (await demoAtelierStyle(portal.deps.db))!
    const all = data<ReferenceView[]>(await get(`reference/query/style?style=${style.key}`, viewer))
    for (const step of ['techpack', 'patterns', 'graphics', 'references', 'final']) {
      expect(
        all.some((ref) => ref.step === step && ref.type !== 'folder' && ref.progress === 1),
        step,
      ).toBe(true)
    }
    const deepest = all.filter((ref) => ref.type === 'folder' && ref.path.split(',').filter(Boolean).length === 1)
    expect(deepest.map((ref) => ref.pathname)).toEqual(['Inspiration/Runway'])
    const finals = data<ReferenceView[]>(await get(`reference/query/style?style=${style.key}&tags=final`, viewer))
    expect(finals).toHaveLength(1)
    const response = await fetch(new URL(finals[0]!.download!, portal.url))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')
    const dxf = all.find((ref) => ref.type === 'pattern')!
    expect(await (await fetch(new URL(dxf.download!, portal.url))).text()).toContain('SECTION')
    expect(await styleRow(style.key)).toMatchObject({
      statusTechpack: 'completed',
      statusPatterns: 'completed',
      statusGraphics: 'completed',
      statusReferences: 'completed',
      statusFinal: 'completed',
    })
  })
})

describe('uploadStyleFiles (the upload area without JavaScript)', () => {
  const formRequest = async (parts: [Buffer, string][]) => {
    const form = new FormData()
    for (const [bytes, name] of parts) form.append('file', new Blob([new Uint8Array(bytes)]), name)
    return new Request(`${portal.url}/any`, { method: 'POST', body: form })
  }

  it('makes a reference of each accepted file in the folder asked, and names each refused file', async () => {
    const { uploadStyleFiles } = await import('#app/features/atelier/references.server')
    const { actorOf } = await import('#tests/support/factories')
    const { demoFirebaseUid } = await import('#db/seed')
    const actor = await actorOf(portal.deps, { uid: demoFirebaseUid('editor'), email: 'editor@demo.test' })
    const style = await createStyle(portal.deps, DEMO_BRAND_KEY)
    const folder = data<ReferenceView>(
      await post('reference/model', { style, type: 'folder', name: 'Blocks', asset_type: 'pattern' }),
    )
    expect(folder.step).toBe('patterns')
    const result = await uploadStyleFiles(
      portal.deps,
      actor,
      await formRequest([
        [DXF, 'block.dxf'],
        [await square(), 'front.png'],
        [Buffer.alloc(0), 'empty.png'],
      ]),
      { style, path: folder.key, asset_type: 'pattern' },
    )
    expect(result.refused).toEqual([
      { name: 'empty.png', error: 'The file is empty: choose a file with something in it.' },
    ])
    expect(result.references.map((ref) => [ref.name, ref.step, ref.path])).toEqual([
      ['block.dxf', 'patterns', folder.key],
      ['front.png', 'patterns', folder.key],
    ])
    await pipelineSettled(portal.deps)
    expect(await listKeys(`style=${style}&path=${folder.key}&step=patterns`)).toHaveLength(2)
    expect((await styleRow(style)).statusPatterns).toBe('completed')

    // A folder of another step is refused before any file is read.
    const before = await portal.deps.db.select().from(files)
    await expect(
      uploadStyleFiles(portal.deps, actor, await formRequest([[DXF, 'x.dxf']]), { style, path: folder.key }),
    ).rejects.toMatchObject({ type: 'ValidationError' })
    expect(await portal.deps.db.select().from(files)).toHaveLength(before.length)

    const viewerActor = await actorOf(portal.deps, { uid: demoFirebaseUid('viewer'), email: 'viewer@demo.test' })
    await expect(
      uploadStyleFiles(portal.deps, viewerActor, await formRequest([[DXF, 'x.dxf']]), { style }),
    ).rejects.toMatchObject({ type: 'PermissionError' })
  })
})
