// A status change carries the status it was based on (issue 44 point 5, decision 168). One based on a
// status the sample no longer has is refused on every path that reaches it (the page's form, the
// socket): 409 where the entry speaks HTTP, the message names the status now and who
// set it, the page answers with the sample as it is, and nothing in the database moves.
import { notifications, references, reviewEvents, sampleFeedback, sampleStatusChanges } from '#db/schema'
import { ATELIER_EVENTS, type SampleChangedEvent, type SampleReviewAck } from '#app/platform/protocol'
import { snapshotData } from '#tests/support/db-snapshot'
import { eventually } from '#tests/support/portal'
import {
  browsers,
  landing,
  openSocket,
  portal,
  statusOf,
  styleWithSample,
  textOf,
  setUpSampleReviewWorld,
} from '#tests/support/sample-review-world'
import type { Socket } from 'socket.io-client'
import { describe, expect, it } from 'vitest'

setUpSampleReviewWorld()

const review = (socket: Socket, payload: Record<string, unknown>) =>
  socket.timeout(5_000).emitWithAck(ATELIER_EVENTS.review, payload) as Promise<SampleReviewAck>

/** Everything a status change writes: the samples, their recorded changes, the review and who was told. */
async function snapshot() {
  const { db } = portal.deps
  const sorted = (rows: object[]) => rows.map((row) => JSON.stringify(row)).sort()
  return {
    ...(await snapshotData(portal.deps)),
    references: sorted(await db.select().from(references)),
    statusChanges: sorted(await db.select().from(sampleStatusChanges)),
    feedback: sorted(await db.select().from(sampleFeedback)),
    reviewEvents: sorted(await db.select().from(reviewEvents)),
    notifications: sorted(await db.select().from(notifications)),
  }
}

/** The value of the page's hidden `base` field and the picker's chosen option. */
function picker(html: string) {
  const form = /<form[^>]*>(?:(?!<\/form>)[\s\S])*name="intent" value="status"[\s\S]*?<\/form>/.exec(html)?.[0] ?? ''
  return {
    base: /name="base" value="([^"]*)"/.exec(form)?.[1] ?? null,
    chosen: /<option[^>]*value="([^"]*)"[^>]*selected=""/.exec(form)?.[1] ?? null,
  }
}

/** The message, with the full name the portal keeps (the factories add " Member" to each). */
const meanwhile = (status: string, who: string) => `This sample changed meanwhile — now ${status} by ${who} Member`

describe('a status change based on a stale status, from the page', () => {
  it('is refused with 409, names the status now and who set it, and the page shows it', async () => {
    const { sample, url } = await styleWithSample('Stale Coat', 'Ready for Review')
    // The designer's page is open on Ready for Review; the owner declines it meanwhile.
    const before = picker(await (await browsers.designer.get(url)).text())
    // Ready for Review is the vsm's: the designer's picker asks for a choice.
    expect(before).toEqual({ base: 'Ready for Review', chosen: '' })
    await landing(
      browsers.owner,
      await browsers.owner.post(url, { intent: 'status', status: 'Declined', base: 'Ready for Review' }),
    )
    expect(await statusOf(sample)).toBe('Declined')

    const unchanged = await snapshot()
    const answer = await browsers.designer.post(url, { intent: 'status', status: 'Approved', base: before.base! })
    expect(answer.status).toBe(409)
    const html = await answer.text()
    // Named by the last recorded change (the owner), not by who added the sample (the vsm).
    expect(textOf(html)).toContain(meanwhile('Declined', 'Olive Owner'))
    // The answer is the page as it is now: the badge, the picker and its base all say Declined.
    expect(picker(html)).toEqual({ base: 'Declined', chosen: 'Declined' })
    expect(textOf(/data-testid="sample-status"[\s\S]*?<\/div>/.exec(html)?.[0] ?? '')).toContain('Declined')
    expect(await snapshot()).toEqual(unchanged)
    expect(await statusOf(sample)).toBe('Declined')
  })

  it('is refused even when it picks the status the sample has now, and a fresh base is taken', async () => {
    const { sample, url } = await styleWithSample('Stale Jacket', 'Ready for Review')
    await landing(
      browsers.designer,
      await browsers.designer.post(url, { intent: 'status', status: 'Approved', base: 'Ready for Review' }),
    )
    const unchanged = await snapshot()
    // The vsm saw Ready for Review and picks In Progress: Dana approved it meanwhile.
    const stale = await browsers.vsm.post(url, { intent: 'status', status: 'In Progress', base: 'Ready for Review' })
    expect(stale.status).toBe(409)
    const html = await stale.text()
    expect(textOf(html)).toContain(meanwhile('Approved', 'Dana Designer'))
    // Approved is not the vsm's to pick: the picker asks for a choice, its base is Approved.
    expect(picker(html)).toEqual({ base: 'Approved', chosen: '' })
    // The designer's own second click, from the page before their change, is stale too.
    expect(
      (await browsers.designer.post(url, { intent: 'status', status: 'Approved', base: 'Ready for Review' })).status,
    ).toBe(409)
    expect(await snapshot()).toEqual(unchanged)

    // Based on what the sample has now, it goes through.
    const saved = await landing(
      browsers.designer,
      await browsers.designer.post(url, { intent: 'status', status: 'Declined', base: 'Approved' }),
    )
    expect(saved.text).toContain('Change saved successfully')
    expect(await statusOf(sample)).toBe('Declined')
  })

  it('names who added the sample when no change was recorded, and refuses a base that is no status', async () => {
    const { sample, url } = await styleWithSample('Stale Skirt', 'Ready for Review')
    const unchanged = await snapshot()
    const stale = await browsers.designer.post(url, { intent: 'status', status: 'Approved', base: 'In Progress' })
    expect(stale.status).toBe(409)
    expect(textOf(await stale.text())).toContain(meanwhile('Ready for Review', 'Victor Vsm'))
    const odd = await landing(
      browsers.designer,
      await browsers.designer.post(url, { intent: 'status', status: 'Approved', base: 'Shipped' }),
    )
    expect(odd.text).toContain('Base: the status the change was based on')
    expect(await snapshot()).toEqual(unchanged)
    // Without a base (a script, a page from before bases), the change is taken as before (decision 168).
    await landing(browsers.designer, await browsers.designer.post(url, { intent: 'status', status: 'Approved' }))
    expect(await statusOf(sample)).toBe('Approved')
  })
})

describe('a status change based on a stale status, over the socket', () => {
  it('is refused with Conflict and the same message, changes nothing and tells nobody', async () => {
    const { style, sample, url } = await styleWithSample('Stale Socket Coat', 'Ready for Review')
    await landing(
      browsers.designer,
      await browsers.designer.post(url, { intent: 'status', status: 'Approved', base: 'Ready for Review' }),
    )
    const watcher = await openSocket('designer')
    expect(await watcher.timeout(5_000).emitWithAck(ATELIER_EVENTS.watch, { styles: [style] })).toEqual({ ok: true })
    const heard: SampleChangedEvent[] = []
    watcher.on(ATELIER_EVENTS.changed, (event: SampleChangedEvent) => heard.push(event))

    const vsm = await openSocket('vsm')
    const unchanged = await snapshot()
    expect(await review(vsm, { sample, intent: 'status', status: 'In Progress', base: 'Ready for Review' })).toEqual({
      ok: false,
      error: 'Conflict',
      message: meanwhile('Approved', 'Dana Designer'),
      current: 'Approved',
    })
    expect(await snapshot()).toEqual(unchanged)

    // Based on the status now, it is taken and heard; nothing was heard of the refused one before it.
    const owner = await openSocket('owner')
    expect(await review(owner, { sample, intent: 'status', status: 'In Progress', base: 'Approved' })).toMatchObject({
      ok: true,
    })
    await eventually(() => expect(heard.filter((event) => event.change === 'status')).toHaveLength(1), 5_000)
    expect(heard.filter((event) => event.change === 'status')).toEqual([
      expect.objectContaining({ sample, status: 'In Progress', by: 'Olive Owner Member' }),
    ])
    expect(await statusOf(sample)).toBe('In Progress')
  })
})
