// Virtual sample review without JavaScript, continued (the setup is tests/support/sample-review-world.ts):\npin threads, versions and compare, and the still of a 3D sample.
import { markupPinThreadKey } from '#app/features/chat/schemas'
import { pipelineSettled } from '#app/features/files/files.server'
import { markupDocName } from '#app/features/samples/markup.server'
import { MARKUP_COLOURS, parseStoredShape, storedShape } from '#app/features/samples/markup/shapes'
import { appendDocumentUpdate } from '#app/platform/yjs-documents.server'
import { conversations, files, messages, references, sampleFeedback, yjsUpdates } from '#db/schema'
import { createSample } from '#tests/support/atelier-factories'
import { createStyleIn } from '#tests/support/catalogue-factories'
import { type PageBrowser } from '#tests/support/page-browser'
import { api, eventually, sessionCookieFor } from '#tests/support/portal'
import { connectYjs } from '#tests/support/yjs-client'
import { and, eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import {
  brand,
  browsers,
  landing,
  people,
  portal,
  styleWithSample,
  textOf,
  setUpSampleReviewWorld,
} from '#tests/support/sample-review-world'

setUpSampleReviewWorld()

describe('pin threads', () => {
  const cookieOf = (who: keyof typeof people) => sessionCookieFor(portal, people[who].email, people[who].password)
  /** A sample with a rectangle and two pins, stored as the browser stores them. */
  async function sampleWithPins(name: string) {
    const made = await styleWithSample(name)
    const doc = new Y.Doc()
    const shapes = doc.getMap<unknown>('shapes')
    const base = { colour: MARKUP_COLOURS.red, strokeWidth: 0.005, author: people.designer.key, created: 1 }
    shapes.set('box', storedShape({ ...base, id: 'box', kind: 'rect', x: 0.1, y: 0.1, width: 0.2, height: 0.2 }))
    shapes.set('pinA', storedShape({ ...base, id: 'pinA', kind: 'pin', x: 0.3, y: 0.3, number: 1, resolved: false }))
    shapes.set('pinB', storedShape({ ...base, id: 'pinB', kind: 'pin', x: 0.6, y: 0.6, number: 2, resolved: false }))
    await appendDocumentUpdate(
      portal.deps,
      markupDocName(brand.key, made.sample),
      brand.key,
      Y.encodeStateAsUpdateV2(doc),
    )
    doc.destroy()
    return made
  }

  const threadMessages = async (sample: string, pin: string) => {
    const rows = await portal.deps.db
      .select({ text: messages.text })
      .from(messages)
      .innerJoin(conversations, eq(conversations.key, messages.conversationKey))
      .where(and(eq(conversations.model, 'MarkupPin'), eq(conversations.modelKey, markupPinThreadKey(sample, pin))))
    return rows.map((row) => row.text)
  }

  it('lists the pins as links; a pin opens its own thread, and a comment there goes to that pin only', async () => {
    const { url, sample } = await sampleWithPins('Pinned Coat')
    const page = await (await browsers.reader.get(url)).text()
    expect(page).toContain('aria-label="Pin 1"')
    expect(page).toContain(`?pin=pinB#comments`)

    const answer = await browsers.designer.post(`${url}?pin=pinA`, { text: 'Collar stand 2 mm lower, please' })
    const { text } = await landing(browsers.designer, answer)
    expect(text).toContain('Comment posted')
    expect(text).toContain('Pin 1')
    expect(text).toContain('Collar stand 2 mm lower, please')
    expect(await threadMessages(sample, 'pinA')).toEqual(['Collar stand 2 mm lower, please'])
    expect(await threadMessages(sample, 'pinB')).toEqual([])
    // The sample's own thread does not hold it.
    const own = textOf(await (await browsers.reader.get(url)).text())
    expect(own).not.toContain('Collar stand 2 mm lower, please')
    // A read member reads the pin's thread; the API answers the same.
    expect(textOf(await (await browsers.reader.get(`${url}?pin=pinA`)).text())).toContain(
      'Collar stand 2 mm lower, please',
    )
    const listed = await api(
      portal,
      'GET',
      `/api/message/query/object?model=MarkupPin&model_id=${markupPinThreadKey(sample, 'pinA')}`,
      { cookie: await cookieOf('reader') },
    )
    expect(listed.status).toBe(200)
    expect((listed.body.data as { messages: { text: string }[] }).messages.map((m) => m.text)).toEqual([
      'Collar stand 2 mm lower, please',
    ])
  })

  it('refuses a read member’s comment and an outsider’s look at a pin thread', async () => {
    const { url, sample } = await sampleWithPins('Guarded Coat')
    const key = markupPinThreadKey(sample, 'pinA')
    const readerPost = await api(portal, 'POST', '/api/message/model/', {
      cookie: await cookieOf('reader'),
      body: { model: 'MarkupPin', model_id: key, text: 'me too' },
    })
    expect(readerPost.status).toBe(403)
    for (const modelId of [key, `${sample}`, `../${sample}.pinA`, `${sample}.pin/A`, `${sample}.`]) {
      const outsider = await api(
        portal,
        'GET',
        `/api/message/query/object?model=MarkupPin&model_id=${encodeURIComponent(modelId)}`,
        { cookie: await cookieOf('outsider') },
      )
      expect(outsider.status, modelId).toBe(404)
    }
    const outsiderPost = await api(portal, 'POST', '/api/message/model/', {
      cookie: await cookieOf('outsider'),
      body: { model: 'MarkupPin', model_id: key, text: 'hello' },
    })
    expect(outsiderPost.status).toBe(404)
    expect((await browsers.outsider.get(`${url}?pin=pinA`)).status).toBe(404)
    expect(await threadMessages(sample, 'pinA')).toEqual([])
  })

  it('resolves a pin for everyone looking, reopens it, and refuses a read member or an unknown pin', async () => {
    const { url, sample } = await sampleWithPins('Resolved Coat')
    const docName = markupDocName(brand.key, sample)
    const pinOf = (doc: Y.Doc) => parseStoredShape(doc.getMap('shapes').get('pinA'))
    // Someone has the sample open: the change reaches them live.
    const watcher = connectYjs(portal.port, docName, await cookieOf('vsm'))
    try {
      await eventually(() => expect(pinOf(watcher.doc)).toMatchObject({ resolved: false }))
      const resolved = await browsers.designer.post(`${url}?pin=pinA`, {
        intent: 'resolve-pin',
        pin: 'pinA',
        resolved: 'true',
      })
      const { text } = await landing(browsers.designer, resolved)
      expect(text).toContain('Pin 1 resolved')
      expect(text).toContain('Reopen')
      await eventually(() => expect(pinOf(watcher.doc)).toMatchObject({ resolved: true }))
      // And the page without JavaScript greys it out.
      expect(await (await browsers.reader.get(url)).text()).toContain('aria-label="Pin 1, resolved"')

      const reader = await browsers.reader.post(`${url}?pin=pinA`, {
        intent: 'resolve-pin',
        pin: 'pinA',
        resolved: 'false',
      })
      expect([302, 403]).toContain(reader.status)
      const unknown = await browsers.designer.post(url, { intent: 'resolve-pin', pin: 'box', resolved: 'true' })
      expect((await landing(browsers.designer, unknown)).text).toContain('not found')
      const forged = await browsers.designer.post(url, { intent: 'resolve-pin', pin: '../x', resolved: 'true' })
      expect((await landing(browsers.designer, forged)).text).toContain('Pin: the id of a pin')
      expect(pinOf(watcher.doc)).toMatchObject({ resolved: true })
      expect(parseStoredShape(watcher.doc.getMap('shapes').get('box'))).toMatchObject({ kind: 'rect' })

      const reopened = await browsers.designer.post(`${url}?pin=pinA`, {
        intent: 'resolve-pin',
        pin: 'pinA',
        resolved: 'false',
      })
      expect((await landing(browsers.designer, reopened)).text).toContain('Pin 1 reopened')
      await eventually(() => expect(pinOf(watcher.doc)).toMatchObject({ resolved: false }))
    } finally {
      watcher.destroy()
      watcher.doc.destroy()
    }
  })

  it('refuses a malformed resolve: a wrong value, a huge pin id, another brand’s sample', async () => {
    const { url, sample } = await sampleWithPins('Malformed Coat')
    const before = await portal.deps.db
      .select()
      .from(yjsUpdates)
      .where(eq(yjsUpdates.docName, markupDocName(brand.key, sample)))
    const wrong = await browsers.designer.post(url, { intent: 'resolve-pin', pin: 'pinA', resolved: 'maybe' })
    expect((await landing(browsers.designer, wrong)).text).toContain('Resolved: true or false.')
    const huge = await browsers.designer.post(url, {
      intent: 'resolve-pin',
      pin: 'p'.repeat(100_000),
      resolved: 'true',
    })
    expect((await landing(browsers.designer, huge)).text).toContain('Pin: the id of a pin')
    const outsider = await browsers.outsider.post(url, { intent: 'resolve-pin', pin: 'pinA', resolved: 'true' })
    expect(outsider.status).toBe(404)
    const after = await portal.deps.db
      .select()
      .from(yjsUpdates)
      .where(eq(yjsUpdates.docName, markupDocName(brand.key, sample)))
    expect(after).toEqual(before)
    expect((await browsers.reader.get(url)).status).toBe(200)
  })

  it('stores a resolve made while nobody has the sample open', async () => {
    const { url, sample } = await sampleWithPins('Quiet Coat')
    const answer = await browsers.vsm.post(url, { intent: 'resolve-pin', pin: 'pinB', resolved: 'true' })
    expect((await landing(browsers.vsm, answer)).text).toContain('Pin 2 resolved')
    const page = await (await browsers.reader.get(url)).text()
    expect(page).toContain('aria-label="Pin 2, resolved"')
    expect(page).toContain('aria-label="Pin 1"')
    const stored = await portal.deps.db
      .select()
      .from(yjsUpdates)
      .where(eq(yjsUpdates.docName, markupDocName(brand.key, sample)))
    expect(stored.length).toBe(2)
  })

  it('finds a pin placed a moment ago, while its update is still being stored', async () => {
    const { url, sample } = await sampleWithPins('Hasty Coat')
    const docName = markupDocName(brand.key, sample)
    const drawer = connectYjs(portal.port, docName, await cookieOf('designer'))
    // The table is held, so the pin's update waits at the database as a slow write would.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let locked!: () => void
    const isLocked = new Promise<void>((resolve) => (locked = resolve))
    const holder = portal.deps.db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE yjs_updates IN EXCLUSIVE MODE`)
      locked()
      await held
    })
    try {
      await eventually(() => expect(drawer.doc.getMap('shapes').get('pinA')).toBeDefined())
      await isLocked
      const base = { colour: MARKUP_COLOURS.red, strokeWidth: 0.005, author: people.designer.key, created: 9 }
      drawer.doc
        .getMap('shapes')
        .set('pinNew', storedShape({ ...base, id: 'pinNew', kind: 'pin', x: 0.5, y: 0.2, number: 3, resolved: false }))
      // The update reaches the server (its write is now waiting), then the pin is marked at once.
      await new Promise((resolve) => setTimeout(resolve, 150))
      const raised = browsers.designer.post(`${url}?pin=pinNew`, { intent: 'raise', pin: 'pinNew' })
      setTimeout(release, 300)
      const { text } = await landing(browsers.designer, await raised)
      expect(text).toContain('Marked as a change request')
      const [item] = await portal.deps.db.select().from(sampleFeedback).where(eq(sampleFeedback.sampleKey, sample))
      expect(item).toMatchObject({ target: 'pin', targetId: 'pinNew', label: 'Pin 3' })
    } finally {
      release()
      await holder
      drawer.destroy()
    }
  })
})

describe('versions', () => {
  const picture = async (colour: string) =>
    new Uint8Array(
      await sharp({ create: { width: 300, height: 400, channels: 3, background: colour } })
        .png()
        .toBuffer(),
    )
  const versionUrl = (url: string) => `${url}/version`

  it('keeps the old version, carries its markup over to re-check, and shows both side by side', async () => {
    const { style, sample, url } = await styleWithSample('Version Coat')
    const doc = new Y.Doc()
    const base = { colour: MARKUP_COLOURS.red, strokeWidth: 0.005, author: people.designer.key, created: 1 }
    const shapes = doc.getMap<unknown>('shapes')
    shapes.set('box', storedShape({ ...base, id: 'box', kind: 'rect', x: 0.1, y: 0.1, width: 0.2, height: 0.2 }))
    shapes.set('pin', storedShape({ ...base, id: 'pin', kind: 'pin', x: 0.3, y: 0.3, number: 1, resolved: false }))
    await appendDocumentUpdate(portal.deps, markupDocName(brand.key, sample), brand.key, Y.encodeStateAsUpdateV2(doc))
    doc.destroy()

    const answer = await browsers.vsm.upload(versionUrl(url), {
      name: 'Version Coat v2.png',
      content: await picture('#1d4ed8'),
      type: 'image/png',
    })
    expect(answer.status, await answer.clone().text()).toBe(302)
    await pipelineSettled(portal.deps)
    const rows = await portal.deps.db.select().from(references).where(eq(references.styleKey, style))
    const second = rows.find((row) => row.key !== sample)!
    expect(rows).toHaveLength(2)
    expect([second.sampleSeries, second.sampleVersion, second.sampleStatus]).toEqual([sample, 2, 'In Progress'])
    expect(answer.headers.get('location')).toBe(`/brand/${brand.key}/style/${style}/samples/${second.key}`)
    const opened = textOf(await (await browsers.vsm.get(answer.headers.get('location')!)).text())
    expect(opened).toContain('Version 2 uploaded: 2 marks carried over to re-check')

    // The new version's document holds the old marks, flagged; the old version's are unchanged.
    const { storedMarkup } = await import('#app/features/samples/markup.server')
    const carried = await storedMarkup(portal.deps, brand.key, second.key)
    expect(carried.map((shape) => [shape.id, shape.needsRecheck])).toEqual([
      ['box', true],
      ['pin', true],
    ])
    expect((await storedMarkup(portal.deps, brand.key, sample)).some((shape) => shape.needsRecheck)).toBe(false)

    // The page of the new version: dashed marks, the notice, both versions listed.
    const html = await (await browsers.designer.get(`/brand/${brand.key}/style/${style}/samples/${second.key}`)).text()
    expect(html).toContain('data-needs-recheck="true"')
    expect(textOf(html)).toContain('2 marks from the previous version need re-check')
    expect(html).toContain('aria-label="Pin 1, needs re-check"')
    const details = await browsers.designer.get(`/brand/${brand.key}/style/${style}/samples/${second.key}?tab=details`)
    expect(textOf(await details.text())).toMatch(/Version 2 · .*Version 1 · /)
    // The style shows the series once, by its newest version.
    const stylePage = textOf(await (await browsers.designer.get(`/brand/${brand.key}/style/${style}`)).text())
    expect(stylePage).toContain('Version Coat v2.png')
    expect(stylePage).not.toContain('Version Coat render.png')
    // The old version still opens, and says a newer one exists.
    const old = textOf(await (await browsers.designer.get(url)).text())
    expect(old).toContain('You’re looking at version 1')

    // The carried pin's thread starts empty on version 2 and leads to what was said on version 1.
    const said = await browsers.designer.post(`${url}?pin=pin`, { text: 'Lower the pocket by 5 mm' })
    expect(said.status).toBe(302)
    const pinPage = await (
      await browsers.reader.get(`/brand/${brand.key}/style/${style}/samples/${second.key}?pin=pin`)
    ).text()
    expect(textOf(pinPage)).toContain('Earlier comments on this pin: version 1 (1 comment)')
    expect(pinPage).toContain(`/brand/${brand.key}/style/${style}/samples/${sample}?pin=pin#comments`)
    expect(textOf(pinPage)).not.toContain('Lower the pocket by 5 mm')
    // Version 1's own pin page lists nothing earlier.
    expect(await (await browsers.reader.get(`${url}?pin=pin`)).text()).not.toContain('earlier-pin-comments')

    // Side by side.
    const compared = await (
      await browsers.designer.get(`/brand/${brand.key}/style/${style}/samples/${second.key}?compare=${sample}`)
    ).text()
    expect(compared).toContain('data-testid="compare-versions"')
    expect(textOf(compared)).toMatch(/Version 1 .*Version 2 \(this one\)/)
    // A key that is not a version of this series shows the sample alone.
    const other = await styleWithSample('Unrelated Coat')
    const alone = await (
      await browsers.designer.get(`/brand/${brand.key}/style/${style}/samples/${second.key}?compare=${other.sample}`)
    ).text()
    expect(alone).not.toContain('data-testid="compare-versions"')

    // A third version counts on from the newest, carrying the newest's marks.
    const third = await browsers.designer.upload(versionUrl(url), {
      name: 'Version Coat v3.png',
      content: await picture('#15803d'),
      type: 'image/png',
    })
    expect(third.status).toBe(302)
    await pipelineSettled(portal.deps)
    const [made] = await portal.deps.db
      .select()
      .from(references)
      .where(and(eq(references.styleKey, style), eq(references.sampleVersion, 3)))
    expect(made?.sampleSeries).toBe(sample)
  })

  it('creates a version and its number in one transaction: a failure while numbering leaves no reference', async () => {
    const { createReference } = await import('#app/features/atelier/references.server')
    const { actorForAccount } = await import('#app/features/identity/accounts.server')
    const { createFile } = await import('#tests/support/file-factories')
    const style = await createStyleIn(portal.deps, brand.key, brand.collections[0]!, 'Unnumbered Coat')
    const file = await createFile(portal.deps, brand.key, people.vsm.key, {
      purpose: 'style-file',
      status: 'scanning',
      name: 'Unnumbered Coat v2.png',
    })
    const actor = await actorForAccount(portal.deps, people.vsm.key)
    const input = { style, model: 'Style', asset_type: 'virtual-sample', file }
    await expect(
      createReference(portal.deps, actor, input, {
        withinCreate: () => Promise.reject(new Error('the process stopped here')),
      }),
    ).rejects.toThrow('the process stopped here')
    expect(await portal.deps.db.select().from(references).where(eq(references.styleKey, style))).toEqual([])
    // Without the failure the same file becomes a sample.
    const made = await createReference(portal.deps, actor, input)
    expect((await portal.deps.db.select().from(references).where(eq(references.key, made.key))).length).toBe(1)
  })

  it('refuses a read member, an outsider and a file that is no sample, changing nothing', async () => {
    const { style, url } = await styleWithSample('Guarded Coat')
    const count = async () =>
      (await portal.deps.db.select().from(references).where(eq(references.styleKey, style))).length
    const file = { name: 'Guarded v2.png', content: await picture('#7c3aed'), type: 'image/png' }
    const reader = await browsers.reader.upload(versionUrl(url), file)
    expect(reader.status).toBe(403)
    const outsider = await browsers.outsider.upload(versionUrl(url), file)
    expect(outsider.status).toBe(404)
    const wrong = await browsers.vsm.upload(versionUrl(url), {
      name: 'Spec.pdf',
      content: new Uint8Array(Buffer.from('%PDF-1.4\n')),
      type: 'application/pdf',
    })
    expect(textOf(await (await browsers.vsm.get(wrong.headers.get('location')!)).text())).toContain(
      'Spec.pdf is not a supported file type',
    )
    const forged = await browsers.vsm.upload(versionUrl(url), file, { csrf: 'none' })
    expect(forged.status).toBe(403)
    await pipelineSettled(portal.deps)
    expect(await count()).toBe(1)
    // The form lives in the page's dialog; the version address alone leads there.
    const led = await browsers.vsm.get(versionUrl(url))
    expect(led.headers.get('location')).toBe(`${url}?dialog=version`)
    expect(await (await browsers.vsm.get(`${url}?dialog=version`)).text()).toContain('Upload new version')
  })
})

describe('a still of a 3D sample', () => {
  const still = async () =>
    new Uint8Array(
      await sharp({ create: { width: 800, height: 600, channels: 4, background: '#c7b299' } })
        .webp()
        .toBuffer(),
    )
  async function styleWith3dSample(name: string) {
    const style = await createStyleIn(portal.deps, brand.key, brand.collections[0]!, name)
    const sample = await createSample(portal.deps, brand.key, style, people.vsm.key, {
      name: `${name}.glb`,
      type: 'model',
      contentType: 'model/gltf-binary',
    })
    const url = `/brand/${brand.key}/style/${style}/samples/${sample}`
    return { style, sample, url, posterUrl: `${url}/poster` }
  }
  const fileOf = async (sample: string) => {
    const [row] = await portal.deps.db
      .select({ thumbnailKey: files.thumbnailKey, webKey: files.webKey })
      .from(references)
      .innerJoin(files, eq(files.key, references.fileKey))
      .where(eq(references.key, sample))
    return row!
  }

  it('keeps the first still a manager’s viewer sends, and shows it in the rail and in Expand', async () => {
    const { sample, url, posterUrl } = await styleWith3dSample('Still Coat')
    expect(await (await browsers.reader.get(url)).text()).not.toContain('-poster_300x400')
    const answer = await browsers.designer.upload(posterUrl, {
      name: 'poster.webp',
      content: await still(),
      type: 'image/webp',
    })
    expect(answer.status, await answer.clone().text()).toBe(201)
    const saved = await fileOf(sample)
    expect(saved.thumbnailKey).toMatch(/-poster_300x400\.webp$/)
    expect(saved.webKey).toMatch(/-poster_1600\.webp$/)
    const thumbnail = await portal.deps.blobs.get(saved.thumbnailKey!)
    const bytes = Buffer.concat(await thumbnail!.stream.toArray())
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 300, height: 400 })

    // A second still changes nothing.
    const again = await browsers.vsm.upload(posterUrl, {
      name: 'poster.webp',
      content: await still(),
      type: 'image/webp',
    })
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual({ saved: false })
    expect(await fileOf(sample)).toEqual(saved)
    const page = await (await browsers.reader.get(url)).text()
    expect(page).toContain('-poster_300x400.webp')
    const expand = await (await browsers.reader.get(`${url}?dialog=expand`)).text()
    expect(textOf(expand)).toContain('A still of the 3D sample; it turns in the 3D view on the sample’s page.')
    expect(expand).toContain('-poster_1600.webp')
  })

  it('refuses a read member, an outsider, a forged form, a file that is no image and a sample that is no 3D model', async () => {
    const { sample, posterUrl } = await styleWith3dSample('Guarded Still')
    const send = (
      browser: PageBrowser,
      content: Uint8Array<ArrayBuffer>,
      csrf: 'first' | 'none' = 'first',
      to = posterUrl,
    ) => browser.upload(to, { name: 'poster.webp', content, type: 'image/webp' }, { csrf })
    const image = await still()
    expect((await send(browsers.reader, image)).status).toBe(403)
    expect((await send(browsers.outsider, image)).status).toBe(404)
    expect((await send(browsers.designer, image, 'none')).status).toBe(403)
    const notImage = await send(browsers.designer, new TextEncoder().encode('<svg onload="alert(1)"></svg>'))
    expect(notImage.status).toBe(400)
    expect((await notImage.json()).error.message).toBe('The file is not a JPEG, PNG or WebP image.')
    // Bytes that start as a WebP but are none: the image process refuses them, the portal stays up.
    const broken = new Uint8Array([
      ...new TextEncoder().encode('RIFF\x10\0\0\0WEBPVP8 '),
      ...new Uint8Array(64).fill(7),
    ])
    const unreadable = await send(browsers.designer, broken)
    expect(unreadable.status).toBe(400)
    expect((await unreadable.json()).error.message).toBe('The still could not be read as an image.')
    const tooLarge = await send(browsers.designer, new Uint8Array(11 * 1024 * 1024))
    expect(tooLarge.status).toBe(413)
    const badKey = await send(browsers.designer, image, 'first', posterUrl.replace(sample, 'x'.repeat(300)))
    expect(badKey.status).toBeGreaterThanOrEqual(400)
    expect(badKey.status).toBeLessThan(500)
    const flat = await styleWithSample('Flat Still')
    const onPicture = await send(browsers.designer, image, 'first', `${flat.url}/poster`)
    expect(onPicture.status).toBe(400)
    expect((await onPicture.json()).error.message).toBe('Only a 3D sample shown in the viewer takes a still.')
    expect(await fileOf(sample)).toEqual({ thumbnailKey: null, webKey: null })
    expect(await fileOf(flat.sample)).toEqual({ thumbnailKey: null, webKey: null })
  })
})
