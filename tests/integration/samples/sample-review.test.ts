// Virtual sample review without JavaScript, against a real database (atelier.md §2, §4, §8):
// the page shows the sample with its header actions, status, side actions and the style's other
// samples; statuses follow the job type (a vsm sets Ready for Review, a designer Approved, owner
// access any), each change is recorded and tells the other side; Lock as Final clones the sample
// into Final Files; rename, delete and adding samples through the file pipeline. Read members look
// without changing; outsiders, other styles' samples and plain references are not found.
import { pipelineSettled } from '#app/features/files/files.server'
import { markupDocName } from '#app/features/samples/markup.server'
import { MARKUP_COLOURS, storedShape } from '#app/features/samples/markup/shapes'
import { appendDocumentUpdate } from '#app/platform/yjs-documents.server'
import { notifications, references, sampleStatusChanges, yjsUpdates } from '#db/schema'
import { createFileReference, createSample } from '#tests/support/atelier-factories'
import { createStyleIn } from '#tests/support/catalogue-factories'
import { and, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import {
  brand,
  browsers,
  landing,
  people,
  portal,
  statusOf,
  styleWithSample,
  textOf,
  setUpSampleReviewWorld,
} from '#tests/support/sample-review-world'

setUpSampleReviewWorld()

describe('the review page', () => {
  it('shows the sample, the header actions, its status, side actions and the other samples', async () => {
    const { style, url } = await styleWithSample('Review Coat', 'Ready for Review')
    await createSample(portal.deps, brand.key, style, people.vsm.key, { name: 'Back view.png' })
    const answer = await browsers.owner.get(url)
    expect(answer.status).toBe(200)
    const text = textOf(await answer.text())
    for (const label of ['Virtual Sample', 'Reference Image', 'Expand', 'Markup', 'Comment', 'Archived']) {
      expect(text).toContain(label)
    }
    expect(text).toContain('Review Coat render.png')
    expect(text).toContain('Ready for Review')
    expect(text).toContain('Back view.png')
    for (const tab of ['Feedback', 'Comments', 'Details', 'History']) expect(text).toContain(tab)
    // The side actions are in the Details tab (a link, so the page works without JavaScript).
    const details = textOf(await (await browsers.owner.get(`${url}?tab=details`)).text())
    for (const action of ['Download', 'Rename', 'Move', 'Delete']) expect(details).toContain(action)
    // The reference strip stays closed until asked for, so the sample comes first.
    expect(text).not.toContain('Reference images')
    expect(textOf(await (await browsers.owner.get(`${url}?references=on`)).text())).toContain('Reference images')
    // The style page lists the samples too.
    expect(textOf(await (await browsers.owner.get(`/brand/${brand.key}/style/${style}`)).text())).toContain(
      'Back view.png',
    )
  })

  it('lets a read member look but offers no status, rename or delete, and refuses their posts', async () => {
    const { sample, url } = await styleWithSample('Reader Coat')
    const html = await (await browsers.reader.get(url)).text()
    expect(html).not.toContain('name="status"')
    expect(html).not.toContain('dialog=rename')
    expect(html).not.toContain('dialog=delete')
    const refused = await landing(
      browsers.reader,
      await browsers.reader.post(url, { intent: 'status', status: 'Approved' }),
    )
    expect(refused.text).toMatch(/needs owner or editor access/)
    await browsers.reader.post(url, { intent: 'delete' })
    expect(await statusOf(sample)).toBe('In Progress')
  })

  it('is not found for outsiders, under another style, and for a reference that is not a sample', async () => {
    const { sample, url } = await styleWithSample('Hidden Coat')
    expect((await browsers.outsider.get(url)).status).toBe(404)
    expect((await browsers.outsider.post(url, { intent: 'status', status: 'Approved' })).status).toBe(404)
    const other = await createStyleIn(portal.deps, brand.key, brand.collections[0]!, 'Other Coat')
    expect((await browsers.owner.get(`/brand/${brand.key}/style/${other}/samples/${sample}`)).status).toBe(404)
    const plain = await createFileReference(portal.deps, brand.key, other, people.owner.key)
    expect((await browsers.owner.get(`/brand/${brand.key}/style/${other}/samples/${plain}`)).status).toBe(404)
    expect((await browsers.owner.get(`/brand/${brand.key}/style/${other}/samples/..%2F..`)).status).toBe(404)
    expect(await statusOf(sample)).toBe('In Progress')
  })
})

describe('statuses by job type', () => {
  it('lets the vsm set Ready for Review, records it and tells the designer, not the vsm', async () => {
    const { sample, url } = await styleWithSample('Status Coat')
    const page = await (await browsers.vsm.get(url)).text()
    // The vsm is offered only their two statuses.
    expect([...page.matchAll(/<option value="([^"]+)"/g)].map((m) => m[1])).toEqual(['In Progress', 'Ready for Review'])
    const saved = await landing(
      browsers.vsm,
      await browsers.vsm.post(url, { intent: 'status', status: 'Ready for Review' }),
    )
    expect(saved.text).toContain('Change saved successfully')
    expect(await statusOf(sample)).toBe('Ready for Review')
    const changes = await portal.deps.db
      .select()
      .from(sampleStatusChanges)
      .where(eq(sampleStatusChanges.referenceKey, sample))
    expect(changes.map((c) => [c.accountKey, c.fromStatus, c.toStatus])).toEqual([
      [people.vsm.key, 'In Progress', 'Ready for Review'],
    ])
    const history = textOf(await (await browsers.vsm.get(`${url}?tab=history`)).text())
    expect(history).toMatch(/Victor Vsm[^.]* set Ready for Review \(was In Progress ?\)/)
    const told = await portal.deps.db
      .select({ account: notifications.accountKey, action: notifications.action })
      .from(notifications)
      .where(eq(notifications.targetId, sample))
    // The designers of the brand hear of it (the read designer too: they follow the review).
    expect(told.map((n) => n.account).sort()).toEqual([people.designer.key, people.reader.key].sort())
    expect(told[0]!.action).toBe('set Ready for Review on the virtual sample')
  })

  it("refuses the other side's statuses and leaves the sample as it was", async () => {
    const { sample, url } = await styleWithSample('Refused Coat', 'Ready for Review')
    const refused = await landing(browsers.vsm, await browsers.vsm.post(url, { intent: 'status', status: 'Approved' }))
    expect(refused.text).toContain("You can't set Approved: it belongs to another job type.")
    expect(await statusOf(sample)).toBe('Ready for Review')
    await browsers.designer.post(url, { intent: 'status', status: 'In Progress' })
    expect(await statusOf(sample)).toBe('Ready for Review')
    const bogus = await landing(
      browsers.designer,
      await browsers.designer.post(url, { intent: 'status', status: 'Shipped' }),
    )
    expect(bogus.text).toMatch(/Status: one of Asset Uploaded/)
    const rows = await portal.deps.db
      .select()
      .from(sampleStatusChanges)
      .where(eq(sampleStatusChanges.referenceKey, sample))
    expect(rows).toEqual([])
  })

  it('offers Lock as Final on an approved sample only, and refuses it on a declined one', async () => {
    const { sample, url } = await styleWithSample('Declined Coat', 'Declined')
    expect(await (await browsers.designer.get(url)).text()).not.toContain('Lock as Final')
    const refused = await landing(browsers.designer, await browsers.designer.post(url, { intent: 'lock' }))
    expect(refused.text).toContain('Only an approved virtual sample can be locked as Final.')
    expect(await statusOf(sample)).toBe('Declined')
  })

  it('lets the designer approve and then lock as Final, once; owner access sets any status until then', async () => {
    const { style, sample, url } = await styleWithSample('Final Coat', 'Ready for Review')
    // Owner access: any status, whatever the job type.
    await browsers.owner.post(url, { intent: 'status', status: 'In Progress' })
    expect(await statusOf(sample)).toBe('In Progress')
    await browsers.designer.post(url, { intent: 'status', status: 'Approved' })
    expect(await statusOf(sample)).toBe('Approved')
    expect(await (await browsers.designer.get(url)).text()).toContain('Lock as Final')
    const locked = await landing(browsers.designer, await browsers.designer.post(url, { intent: 'lock' }))
    expect(locked.text).toContain('Tagged Virtual Sample Final Coat render.png as Final')
    expect(await statusOf(sample)).toBe('Final')
    const finals = await portal.deps.db
      .select()
      .from(references)
      .where(and(eq(references.styleKey, style), eq(references.step, 'final')))
    expect(finals.map((row) => [row.name, row.tags])).toEqual([['Final Coat render.png', ['final']]])
    expect(locked.text).not.toContain('Lock as Final')
    const again = await landing(browsers.designer, await browsers.designer.post(url, { intent: 'lock' }))
    expect(again.text).toContain('This virtual sample is already Final.')
    // Final is locked (decision 167): owner access moves it no more; an owner reopens it instead.
    const owner = await browsers.owner.post(url, { intent: 'status', status: 'In Progress' })
    // The refusal's toast on the page it leads back to, or the page answered again with it.
    const refused = owner.status === 409 ? textOf(await owner.text()) : (await landing(browsers.owner, owner)).text
    expect(refused).toContain('This virtual sample is Final and locked: only an owner can reopen it.')
    expect(await statusOf(sample)).toBe('Final')
  })
})

describe('changing samples', () => {
  it('renames and deletes a sample with the spec’s messages', async () => {
    const { style, sample, url } = await styleWithSample('Rename Coat')
    const confirm = textOf(await (await browsers.designer.get(`${url}?dialog=delete`)).text())
    expect(confirm).toContain("Deleting a virtual sample can't be undone. Are you sure you want to delete it?")
    const renamed = await landing(
      browsers.designer,
      await browsers.designer.post(url, { intent: 'rename', name: 'Front v3.png' }),
    )
    expect(renamed.text).toContain('Reference name updated')
    const deleted = await landing(browsers.designer, await browsers.designer.post(url, { intent: 'delete' }))
    expect(deleted.text).toContain('Deleted Virtual Sample Front v3.png')
    expect(deleted.location).toBe(`/brand/${brand.key}/style/${style}`)
    expect(await statusOf(sample)).toBeUndefined()
  })

  it('adds samples through the file pipeline; a file that is no sample is refused by name', async () => {
    const style = await createStyleIn(portal.deps, brand.key, brand.collections[0]!, 'Upload Coat')
    const picture = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#b45309' } })
      .png()
      .toBuffer()
    const answer = await browsers.vsm.uploadFiles(`/brand/${brand.key}/style/${style}/samples/add`, [
      { name: 'Render side.png', content: new Uint8Array(picture), type: 'image/png' },
    ])
    expect(answer.status).toBe(302)
    await pipelineSettled(portal.deps)
    const [made] = await portal.deps.db.select().from(references).where(eq(references.styleKey, style))
    expect([made?.name, made?.step, made?.sampleStatus]).toEqual(['Render side.png', 'samples', 'In Progress'])
    expect(answer.headers.get('location')).toBe(`/brand/${brand.key}/style/${style}/samples/${made!.key}`)
    const page = textOf(await (await browsers.vsm.get(answer.headers.get('location')!)).text())
    expect(page).toContain('Render side.png')

    const refused = await browsers.vsm.uploadFiles(`/brand/${brand.key}/style/${style}/samples/add`, [
      { name: 'Spec.pdf', content: new Uint8Array(Buffer.from('%PDF-1.4\n')), type: 'application/pdf' },
    ])
    const after = textOf(await (await browsers.vsm.get(refused.headers.get('location')!)).text())
    expect(after).toContain('Spec.pdf is not a supported file type')
    expect(await portal.deps.db.select().from(references).where(eq(references.styleKey, style))).toHaveLength(1)
    // A read member cannot open the form.
    expect((await browsers.reader.get(`/brand/${brand.key}/style/${style}/samples/add`)).status).toBe(403)
  })
})

describe('markup without JavaScript', () => {
  it('draws the stored shapes as SVG and leaves out a forged one', async () => {
    const { url, sample } = await styleWithSample('Markup Coat')
    const doc = new Y.Doc()
    const shapes = doc.getMap<unknown>('shapes')
    const base = { colour: MARKUP_COLOURS.red, strokeWidth: 0.005, author: people.vsm.key, created: 1 }
    shapes.set('r1', { ...base, id: 'r1', kind: 'rect', x: 0.1, y: 0.1, width: 0.3, height: 0.2 })
    shapes.set('p1', { ...base, id: 'p1', kind: 'pin', x: 0.5, y: 0.5, number: 1, resolved: false })
    // As the browser stores them: the shape's JSON text.
    shapes.set('e1', storedShape({ ...base, id: 'e1', kind: 'ellipse', cx: 0.5, cy: 0.7, rx: 0.1, ry: 0.05 }))
    shapes.set('bad', '{"id":"bad","kind":"rect"')
    shapes.set('evil', { ...base, id: 'evil', kind: 'text', x: 0.2, y: 0.2, text: 'x', size: 0.03, onload: 'alert(1)' })
    shapes.set('odd', {
      ...base,
      id: 'odd',
      kind: 'text',
      x: 0.2,
      y: 0.2,
      text: '<script>alert(1)</script>',
      size: 0.03,
    })
    await appendDocumentUpdate(portal.deps, markupDocName(brand.key, sample), brand.key, Y.encodeStateAsUpdateV2(doc))
    const html = await (await browsers.reader.get(url)).text()
    const start = html.indexOf('data-testid="markup-overlay"')
    // The overlay's SVG holds an inner one for the shapes; the pins come after it.
    const overlay = start < 0 ? '' : html.slice(html.indexOf('<svg', start), html.indexOf('</div>', start))
    expect(overlay).toContain('<rect')
    expect(overlay).toContain('<circle')
    expect(overlay).toContain('<ellipse')
    expect(overlay).not.toContain('onload')
    expect(overlay).not.toContain('<script')
    expect(overlay).toContain('&lt;script&gt;')
    expect(html).toContain('aria-label="Markup: 4 marks"')
  })

  it('goes with its sample when the sample is deleted', async () => {
    const { url, sample } = await styleWithSample('Gone Coat')
    const doc = new Y.Doc()
    doc.getMap<unknown>('shapes').set('r1', {
      id: 'r1',
      kind: 'rect',
      colour: MARKUP_COLOURS.blue,
      strokeWidth: 0.005,
      author: people.vsm.key,
      created: 1,
      x: 0.1,
      y: 0.1,
      width: 0.2,
      height: 0.2,
    })
    await appendDocumentUpdate(portal.deps, markupDocName(brand.key, sample), brand.key, Y.encodeStateAsUpdateV2(doc))
    await browsers.designer.post(url, { intent: 'delete' })
    const left = await portal.deps.db
      .select()
      .from(yjsUpdates)
      .where(eq(yjsUpdates.docName, markupDocName(brand.key, sample)))
    expect(left).toEqual([])
  })
})
