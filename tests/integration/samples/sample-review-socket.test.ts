// Review decisions over the socket (issue 28, decision 153): the sample page with JavaScript sends a
// status or a change request's state as ATELIER_EVENTS.review. The samples service checks it as it
// checks the form: the others hear it, a read member and an outsider are refused and change nothing.
import { markupDocName } from '#app/features/samples/markup.server'
import { MARKUP_COLOURS, storedShape } from '#app/features/samples/markup/shapes'
import { appendDocumentUpdate } from '#app/platform/yjs-documents.server'
import { sampleFeedback } from '#db/schema'
import { ATELIER_EVENTS, type SampleChangedEvent, type SampleReviewAck } from '#app/platform/protocol'
import { eventually } from '#tests/support/portal'
import {
  brand,
  browsers,
  landing,
  openSocket,
  people,
  portal,
  statusOf,
  styleWithSample,
  setUpSampleReviewWorld,
} from '#tests/support/sample-review-world'
import { eq } from 'drizzle-orm'
import type { Socket } from 'socket.io-client'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'

setUpSampleReviewWorld()

const review = (socket: Socket, payload: Record<string, unknown>) =>
  socket.emitWithAck(ATELIER_EVENTS.review, payload) as Promise<SampleReviewAck>

describe('a review decision over the socket', () => {
  it('sets a status as the form does, tells the others, and refuses whoever may not', async () => {
    const { style, sample } = await styleWithSample('Socket status')
    const designer = await openSocket('designer')
    expect(await designer.emitWithAck(ATELIER_EVENTS.watch, { styles: [style] })).toEqual({ ok: true })
    const heard: SampleChangedEvent[] = []
    designer.on(ATELIER_EVENTS.changed, (event: SampleChangedEvent) => heard.push(event))

    const vsm = await openSocket('vsm')
    expect(await review(vsm, { sample, intent: 'status', status: 'Ready for Review' })).toEqual({
      ok: true,
      message: 'Change saved successfully',
    })
    expect(await statusOf(sample)).toBe('Ready for Review')
    await eventually(() =>
      expect(heard).toContainEqual(expect.objectContaining({ change: 'status', status: 'Ready for Review' })),
    )

    // The vsm's job type may not approve; a read member and an outsider change nothing.
    expect(await review(vsm, { sample, intent: 'status', status: 'Approved' })).toMatchObject({
      ok: false,
      error: 'PermissionError',
      message: "You can't set Approved: it belongs to another job type.",
    })
    expect(await review(await openSocket('reader'), { sample, intent: 'status', status: 'Declined' })).toMatchObject({
      ok: false,
      error: 'PermissionError',
    })
    expect(await review(await openSocket('outsider'), { sample, intent: 'status', status: 'Declined' })).toMatchObject({
      ok: false,
      error: 'NotFound',
    })
    expect(await review(vsm, { sample, intent: 'status', status: 'Shipped' })).toMatchObject({
      ok: false,
      error: 'ValidationError',
    })
    // A payload of the wrong shape is refused before the service.
    for (const odd of [
      { sample, intent: 'delete' },
      { sample: 'x'.repeat(65), intent: 'status', status: 'Approved' },
      [],
    ]) {
      expect(await vsm.emitWithAck(ATELIER_EVENTS.review, odd)).toMatchObject({ ok: false })
    }
    expect(await statusOf(sample)).toBe('Ready for Review')
  })

  it('sets a change request’s state: the assignee resolves it, a read member cannot', async () => {
    const { sample, url } = await styleWithSample('Socket feedback')
    const doc = new Y.Doc()
    const base = { colour: MARKUP_COLOURS.red, strokeWidth: 0.005, author: people.designer.key, created: 1 }
    doc
      .getMap<unknown>('shapes')
      .set('pinA', storedShape({ ...base, id: 'pinA', kind: 'pin', x: 0.3, y: 0.3, number: 1, resolved: false }))
    await appendDocumentUpdate(portal.deps, markupDocName(brand.key, sample), brand.key, Y.encodeStateAsUpdateV2(doc))
    doc.destroy()
    await landing(
      browsers.designer,
      await browsers.designer.post(url, { intent: 'raise', pin: 'pinA', assignee: people.vsm.key }),
    )
    const [item] = await portal.deps.db.select().from(sampleFeedback).where(eq(sampleFeedback.series, sample))
    const stateOf = async () =>
      (await portal.deps.db.select().from(sampleFeedback).where(eq(sampleFeedback.key, item!.key)))[0]?.state

    expect(
      await review(await openSocket('reader'), { sample, intent: 'feedback', feedback: item!.key, state: 'resolved' }),
    ).toMatchObject({ ok: false })
    const vsm = await openSocket('vsm')
    expect(await review(vsm, { sample, intent: 'feedback', feedback: item!.key, priority: 'urgent' })).toMatchObject({
      ok: false,
      message: 'Only a designer or an owner can do this in a review.',
    })
    expect(await stateOf()).toBe('open')
    expect(await review(vsm, { sample, intent: 'feedback', feedback: item!.key, state: 'resolved' })).toEqual({
      ok: true,
      message: 'Change saved successfully',
    })
    expect(await stateOf()).toBe('resolved')
  })
})

describe('a status not picked yet', () => {
  it('is asked for in plain words, over the socket and from the page’s form, and changes nothing', async () => {
    const { sample, url } = await styleWithSample('Status unpicked')
    const vsm = await openSocket('vsm')
    expect(await review(vsm, { sample, intent: 'status', status: '' })).toMatchObject({
      ok: false,
      error: 'ValidationError',
      message: 'Choose a status.',
    })
    const answer = await landing(browsers.vsm, await browsers.vsm.post(url, { intent: 'status', status: '' }))
    expect(answer.text).toContain('Choose a status.')
    expect(await statusOf(sample)).toBe('In Progress')
  })
})
