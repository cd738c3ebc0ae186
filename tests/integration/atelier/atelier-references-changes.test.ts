// The atelier's files and folders over HTTP, continued (the setup is\ntests/support/atelier-references-world.ts): positions, archive, clone and asset, patterns and\ncontainers, refusals, the demo seed, and the upload area without JavaScript.
import type { ReferenceView } from '#app/features/atelier/references.server'
import { pipelineSettled } from '#app/features/files/files.server'
import { files, references } from '#db/schema'
import { DEMO_BRAND_KEY } from '#seed/seed'
import { snapshotData } from '#tests/support/db-snapshot'
import { createStyle } from '#tests/support/factories'
import { api } from '#tests/support/portal'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  DXF,
  data,
  del,
  editor,
  fileReference,
  get,
  listKeys,
  outsider,
  portal,
  post,
  put,
  square,
  styleRow,
  viewer,
  setUpAtelierReferencesWorld,
} from '#tests/support/atelier-references-world'

setUpAtelierReferencesWorld()

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
    const { demoAtelierStyle } = await import('#seed/seed-atelier-references')
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
    const { demoFirebaseUid } = await import('#seed/seed')
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
