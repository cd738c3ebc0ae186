// The atelier's files and folders over HTTP (atelier.md §7 reference, pattern, techpack, graphics,
// pragma clone_ref and asset calls): uploads through the file pipeline become references once
// clean and mark their step; folders nest, move and go with their content; positions, clones as
// Final, archive; and refusals: outsiders get 404 for every call, read members read and download
// but change nothing, malformed input gets 400. Against a real database.
import type { ReferenceView } from '#app/features/atelier/references.server'
import { SCAN_MESSAGES } from '#app/features/files/file-purposes'
import { EICAR } from '#app/infra/file-scan.server'
import { files, references, styles } from '#db/schema'
import { DEMO_BRAND_KEY } from '#seed/seed'
import { createStyle } from '#tests/support/factories'
import { createFile } from '#tests/support/file-factories'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import {
  DXF,
  data,
  del,
  fileReference,
  get,
  listKeys,
  portal,
  post,
  put,
  square,
  styleRow,
  upload,
  viewer,
  setUpAtelierReferencesWorld,
} from '#tests/support/atelier-references-world'

setUpAtelierReferencesWorld()

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
