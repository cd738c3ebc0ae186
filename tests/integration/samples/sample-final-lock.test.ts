// Final means locked (issue 44, decision 167), against a real database and real connections (the
// setup is tests/support/sample-review-world.ts). Locking closes the open change requests and the
// open round; afterwards every change to the review is refused on each path that reaches it: the
// page's forms, the socket's review event and the markup's Yjs document (a connection open at the
// lock, one opened after it, and the Final Files copy's). The status picker's Final is the same
// lock. Only an owner reopens, and History shows it. No JSON API route changes a sample's status,
// markup or review: the API's reference calls (name, notes, tags, archive) are left open by the
// decision, and a comment stays open on every path.
import { markupDocName, storedMarkup } from '#app/features/samples/markup.server'
import { MARKUP_COLOURS, isPin, storedShape, type Shape } from '#app/features/samples/markup/shapes'
import { ROUND_ENDED_BY_LOCK } from '#app/features/samples/sample-lock.server'
import { newKey } from '#app/platform/ids'
import {
  conversations,
  messages,
  references,
  reviewEvents,
  reviewRounds,
  sampleFeedback,
  sampleStatusChanges,
  yjsUpdates,
} from '#db/schema'
import { ATELIER_EVENTS, CLOSE_CODES, type SampleReviewAck } from '#app/platform/protocol'
import { api, eventually, sessionCookieFor } from '#tests/support/portal'
import { connectYjs } from '#tests/support/yjs-client'
import { and, asc, eq } from 'drizzle-orm'
import type { Socket } from 'socket.io-client'
import { afterAll, describe, expect, it } from 'vitest'
import {
  brand,
  browsers,
  landing,
  openSocket,
  people,
  portal,
  statusOf,
  styleWithPins,
  textOf,
  setUpSampleReviewWorld,
} from '#tests/support/sample-review-world'

setUpSampleReviewWorld()

const LOCKED = 'This virtual sample is Final and locked: only an owner can reopen it.'
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
const cookieOf = (who: keyof typeof people) => sessionCookieFor(portal, people[who].email, people[who].password)

const open: { destroy(): void }[] = []
afterAll(() => {
  open.forEach((connection) => connection.destroy())
})

const mark = (id: string, author: string, extra: Partial<Shape> = {}) =>
  storedShape({
    id,
    kind: 'rect',
    colour: MARKUP_COLOURS.red,
    strokeWidth: 0.005,
    author,
    created: Date.now(),
    x: 0.1,
    y: 0.1,
    width: 0.2,
    height: 0.2,
    ...extra,
  } as Shape)

/** Raises pin 1 and a comment as change requests for the vsm, resolves pin 2's, and starts a round. */
async function underReview(url: string) {
  const { designer } = browsers
  for (const fields of <Record<string, string>[]>[
    { intent: 'round-start', due: day(3) },
    { intent: 'raise', pin: 'pinA', assignee: people.vsm.key },
    { intent: 'raise', pin: '', comment: 'Shorten the hem 2 cm', assignee: people.vsm.key },
    { intent: 'raise', pin: 'pinB' },
  ]) {
    const { text } = await landing(designer, await designer.post(url, fields))
    expect(text, JSON.stringify(fields)).not.toMatch(/locked|refused|not found/i)
  }
  const [, , done] = await itemsOf(url.split('/').pop()!)
  await landing(designer, await designer.post(url, { intent: 'feedback', feedback: done!.key, state: 'resolved' }))
}

const itemsOf = (series: string) =>
  portal.deps.db
    .select()
    .from(sampleFeedback)
    .where(eq(sampleFeedback.series, series))
    .orderBy(asc(sampleFeedback.created), asc(sampleFeedback.label))
const roundsOf = (sample: string) =>
  portal.deps.db.select().from(reviewRounds).where(eq(reviewRounds.series, sample)).orderBy(asc(reviewRounds.number))
const storedRows = (docName: string) =>
  portal.deps.db.select().from(yjsUpdates).where(eq(yjsUpdates.docName, docName)).orderBy(asc(yjsUpdates.id))
/** Everything a refused change could have touched. */
const everything = async (sample: string, docName: string) => ({
  status: await statusOf(sample),
  items: await itemsOf(sample),
  rounds: await roundsOf(sample),
  changes: await portal.deps.db.select().from(sampleStatusChanges).where(eq(sampleStatusChanges.referenceKey, sample)),
  events: await portal.deps.db.select().from(reviewEvents).where(eq(reviewEvents.series, sample)),
  markup: await storedRows(docName),
})

async function threadTexts(sample: string) {
  const rows = await portal.deps.db
    .select({ text: messages.text })
    .from(messages)
    .innerJoin(conversations, eq(conversations.key, messages.conversationKey))
    .where(and(eq(conversations.model, 'Reference'), eq(conversations.modelKey, sample)))
  return rows.map((row) => row.text)
}

/**
 * What a refused page form says: the toast of the page it redirects to, or the page itself when it
 * answers 409 with the sample as it is now (as a refused status change may).
 */
async function refusal(who: keyof typeof people, answer: Response) {
  if (answer.status === 409) return textOf(await answer.text())
  return (await landing(browsers[who], answer)).text
}

async function lock(url: string) {
  const { text } = await landing(browsers.designer, await browsers.designer.post(url, { intent: 'lock' }))
  expect(text).toMatch(/Tagged Virtual Sample .* as Final/)
}

/** Long enough for a write sent now to be stored, were it taken. */
async function settled(docName: string) {
  await new Promise((resolve) => setTimeout(resolve, 800))
  await portal.deps.events.documentStored(docName)
}

const review = (socket: Socket, payload: Record<string, unknown>) =>
  socket.timeout(5_000).emitWithAck(ATELIER_EVENTS.review, payload) as Promise<SampleReviewAck>

/** A live markup connection, with the close codes it received and whether it is synced now. */
async function liveMarkup(who: keyof typeof people, docName: string) {
  const connection = connectYjs(portal.port, docName, await cookieOf(who))
  open.push(connection)
  const closes: number[] = []
  connection.provider.on('connection-close', (event: CloseEvent | null) => closes.push(event?.code ?? 0))
  const synced = () =>
    eventually(() => expect(connection.provider.synced && connection.provider.wsconnected, `${who} synced`).toBe(true))
  await synced()
  return { ...connection, closes, synced }
}

describe('locking as Final', () => {
  it('closes the open change requests and the open round with it, greys their pins, and History says so', async () => {
    const { sample, url } = await styleWithPins('Closing Coat', 'Approved')
    await underReview(url)
    expect((await itemsOf(sample)).map((item) => [item.label, item.state])).toEqual([
      ['Pin 1', 'open'],
      ['Shorten the hem 2 cm', 'open'],
      ['Pin 2', 'resolved'],
    ])
    await lock(url)

    expect((await itemsOf(sample)).map((item) => [item.label, item.state])).toEqual([
      ['Pin 1', "won't fix"],
      ['Shorten the hem 2 cm', "won't fix"],
      ['Pin 2', 'resolved'],
    ])
    expect(await roundsOf(sample)).toMatchObject([
      { number: 1, outcome: 'approved', summary: ROUND_ENDED_BY_LOCK, endedBy: people.designer.key },
    ])
    expect((await roundsOf(sample))[0]!.ended).not.toBeNull()
    const closed = await portal.deps.db
      .select()
      .from(reviewEvents)
      .where(and(eq(reviewEvents.sampleKey, sample), eq(reviewEvents.what, 'closed')))
    expect(closed.map((event) => [event.fromValue, event.toValue]).sort()).toEqual([
      ['open', "won't fix"],
      ['open', "won't fix"],
    ])
    // A pin and its request agree: pin 1 greys out as its request closes.
    const pins = (await storedMarkup(portal.deps, brand.key, sample)).filter(isPin)
    expect(pins.map((pin) => [pin.id, pin.resolved])).toEqual([
      ['pinA', true],
      ['pinB', true],
    ])
    const history = textOf(await (await browsers.vsm.get(`${url}?tab=history`)).text())
    expect(history).toMatch(
      /Dana Designer (?:Member )?closed Pin 1 as won't fix when the sample was locked as Final \(was ?open ?\)/,
    )
    expect(history).toMatch(/Dana Designer (?:Member )?closed Shorten the hem 2 cm as won't fix/)
    expect(history).toContain('ended the round: approved')
    expect(history).toMatch(/Dana Designer (?:Member )?set Final \(was Approved ?\)/)
  })
})

describe('a locked sample on its page', () => {
  it('offers no markup, status, change request or round, and says it is locked', async () => {
    const { sample, url } = await styleWithPins('Quiet Final Coat', 'Approved')
    await underReview(url)
    await lock(url)
    for (const who of ['designer', 'vsm', 'owner'] as const) {
      const html = await (await browsers[who].get(url)).text()
      const text = textOf(html)
      expect(html, who).toContain('data-testid="sample-locked"')
      expect(text, who).toContain('Final and locked. Markup, status and change requests stay as they are')
      expect(html, who).not.toContain('name="status"')
      expect(text, who).not.toContain('Lock as Final')
      expect(text, who).not.toContain('Markup (off)')
      expect(text, who).not.toContain('Raise a change request')
      expect(text, who).not.toContain('Start a round')
      expect(text, who).not.toContain('Request changes')
      expect(html, who).not.toContain('name="intent" value="feedback"')
      const pinThread = textOf(await (await browsers[who].get(`${url}?pin=pinA`)).text())
      expect(pinThread, who).not.toMatch(/\b(Resolve|Mark this pin as a change request)\b/)
      const comments = textOf(await (await browsers[who].get(`${url}?tab=comments`)).text())
      expect(comments, who).not.toContain('Mark as change request')
    }
    // Only the owner is offered Reopen.
    expect(textOf(await (await browsers.owner.get(url)).text())).toContain('Reopen it to change anything again.')
    expect(await (await browsers.owner.get(url)).text()).toContain('name="intent" value="reopen"')
    for (const who of ['designer', 'vsm', 'reader'] as const) {
      const html = await (await browsers[who].get(url)).text()
      expect(textOf(html), who).toContain('Only an owner can reopen it.')
      expect(html, who).not.toContain('value="reopen"')
    }
    expect(await statusOf(sample)).toBe('Final')
  })

  it('refuses every change of the review from the page’s forms, for the vsm, the designer and the owner alike', async () => {
    const { sample, url, docName } = await styleWithPins('Refusing Coat', 'Approved')
    await underReview(url)
    await lock(url)
    // A round left open is impossible once locked; made directly, it shows that ending one is refused too.
    await portal.deps.db.insert(reviewRounds).values({
      key: newKey(),
      brandKey: brand.key,
      series: sample,
      sampleKey: sample,
      number: 2,
      due: day(2),
      startedBy: people.designer.key,
    })
    const [pinItem] = await itemsOf(sample)
    const before = await everything(sample, docName)
    const threadBefore = await threadTexts(sample)
    const refusals: [keyof typeof people, Record<string, string>][] = [
      // The status picker: the vsm's Ready for Review (as found), the designer's, the owner's.
      ['vsm', { intent: 'status', status: 'Ready for Review' }],
      ['vsm', { intent: 'status', status: 'In Progress' }],
      ['designer', { intent: 'status', status: 'Approved' }],
      ['designer', { intent: 'status', status: 'Final' }],
      ['owner', { intent: 'status', status: 'In Progress' }],
      // Change requests: on a pin, on a comment of the thread, as a new comment.
      ['designer', { intent: 'raise', pin: 'pinB' }],
      ['owner', { intent: 'raise', pin: '', comment: 'Move the pocket up' }],
      ['designer', { intent: 'feedback', feedback: pinItem!.key, state: 'open' }],
      ['designer', { intent: 'feedback', feedback: pinItem!.key, priority: 'urgent' }],
      ['owner', { intent: 'feedback', feedback: pinItem!.key, assignee: people.designer.key }],
      // Rounds.
      ['designer', { intent: 'round-start', due: day(4) }],
      ['designer', { intent: 'round-end', outcome: 'changes requested', summary: 'More work' }],
      // Pins.
      ['designer', { intent: 'resolve-pin', pin: 'pinA', resolved: 'false' }],
      ['owner', { intent: 'resolve-pin', pin: 'pinA', resolved: 'false' }],
    ]
    for (const [who, fields] of refusals) {
      const text = await refusal(who, await browsers[who].post(url, fields))
      expect(text, `${who} ${JSON.stringify(fields)}`).toContain(LOCKED)
    }
    // No comment was posted for the refused request written as one.
    expect(await threadTexts(sample)).toEqual(threadBefore)
    // A plain comment stays open, through the page and through the JSON API; marking one as a
    // change request does not.
    const comment = await landing(browsers.vsm, await browsers.vsm.post(url, { text: 'Shipping this one' }))
    expect(comment.text).toContain('Comment posted')
    const viaApi = await api(portal, 'POST', '/api/message/model/', {
      cookie: await cookieOf('designer'),
      body: { model: 'Reference', model_id: sample, text: 'Agreed' },
    })
    expect(viaApi.status).toBe(200)
    expect(await threadTexts(sample)).toEqual([...threadBefore, 'Shipping this one', 'Agreed'])
    const [plain] = await portal.deps.db
      .select({ key: messages.key })
      .from(messages)
      .innerJoin(conversations, eq(conversations.key, messages.conversationKey))
      .where(and(eq(conversations.model, 'Reference'), eq(conversations.modelKey, sample), eq(messages.text, 'Agreed')))
    const marked = await landing(
      browsers.designer,
      await browsers.designer.post(url, { intent: 'raise', message: plain!.key }),
    )
    expect(marked.text).toContain(LOCKED)
    // Locking again says it is Final already.
    const again = await landing(browsers.designer, await browsers.designer.post(url, { intent: 'lock' }))
    expect(again.text).toContain('This virtual sample is already Final.')
    expect(await everything(sample, docName)).toEqual(before)
  })

  it('is the same lock when Final is picked in the status picker', async () => {
    const { sample, url, docName } = await styleWithPins('Picked Final Coat', 'Approved')
    await underReview(url)
    const picked = await landing(
      browsers.designer,
      await browsers.designer.post(url, { intent: 'status', status: 'Final' }),
    )
    expect(picked.text).toContain('Change saved successfully')
    expect((await itemsOf(sample)).map((item) => item.state)).toEqual(["won't fix", "won't fix", 'resolved'])
    expect((await roundsOf(sample))[0]).toMatchObject({ outcome: 'approved', summary: ROUND_ENDED_BY_LOCK })
    const before = await everything(sample, docName)
    const refused = await refusal('vsm', await browsers.vsm.post(url, { intent: 'status', status: 'Ready for Review' }))
    expect(refused).toContain(LOCKED)
    expect(await everything(sample, docName)).toEqual(before)
    // Without the Final Files copy that Lock as Final makes.
    const copies = await portal.deps.db
      .select()
      .from(references)
      .where(and(eq(references.name, 'Picked Final Coat render.png'), eq(references.step, 'final')))
    expect(copies).toEqual([])
  })
})

describe('a locked sample over the socket', () => {
  it('refuses a status and a change request’s state, and changes nothing', async () => {
    const { sample, url, docName } = await styleWithPins('Socket Final Coat', 'Approved')
    await underReview(url)
    await lock(url)
    const [pinItem] = await itemsOf(sample)
    const before = await everything(sample, docName)
    const vsm = await openSocket('vsm')
    expect(await review(vsm, { sample, intent: 'status', status: 'Ready for Review' })).toEqual({
      ok: false,
      error: 'Conflict',
      message: LOCKED,
    })
    const designer = await openSocket('designer')
    expect(await review(designer, { sample, intent: 'status', status: 'Declined' })).toMatchObject({
      ok: false,
      message: LOCKED,
    })
    expect(await review(designer, { sample, intent: 'feedback', feedback: pinItem!.key, state: 'open' })).toMatchObject(
      { ok: false, error: 'Conflict', message: LOCKED },
    )
    const owner = await openSocket('owner')
    expect(
      await review(owner, { sample, intent: 'feedback', feedback: pinItem!.key, assignee: people.designer.key }),
    ).toMatchObject({ ok: false, message: LOCKED })
    expect(await review(owner, { sample, intent: 'status', status: 'In Progress' })).toMatchObject({
      ok: false,
      message: LOCKED,
    })
    expect(await everything(sample, docName)).toEqual(before)
  })
})

describe('a locked sample’s markup over Yjs', () => {
  it('stops a connection open at the lock from writing: it is closed and opens again read-only', async () => {
    const { url, sample, docName } = await styleWithPins('Live Final Coat', 'Approved')
    const drawer = await liveMarkup('designer', docName)
    const watcher = await liveMarkup('vsm', docName)
    // Before the lock the designer draws, and it is stored and seen.
    drawer.doc.getMap('shapes').set('before', mark('before', people.designer.key))
    await eventually(async () =>
      expect((await storedMarkup(portal.deps, brand.key, sample)).map((shape) => shape.id)).toContain('before'),
    )
    await eventually(() => expect(watcher.doc.getMap('shapes').has('before'), 'the watcher sees it').toBe(true))

    await lock(url)
    await eventually(
      () => expect(drawer.closes, 'the lock closes the open connection').toContain(CLOSE_CODES.accessChanged),
      5_000,
    )
    await drawer.synced()
    const rowsBefore = await storedRows(docName)
    drawer.doc.getMap('shapes').set('after', mark('after', people.designer.key, { x: 0.5 }))
    await settled(docName)
    expect((await storedMarkup(portal.deps, brand.key, sample)).map((shape) => shape.id)).not.toContain('after')
    expect(await storedRows(docName)).toEqual(rowsBefore)
    expect(watcher.doc.getMap('shapes').has('after'), 'nothing reached the watcher').toBe(false)
  })

  it('opens read-only for everyone after the lock, the owner included, and so does the Final Files copy', async () => {
    const { url, sample, docName, style } = await styleWithPins('Read-only Final Coat', 'Approved')
    await lock(url)
    const owner = await liveMarkup('owner', docName)
    const designer = await liveMarkup('designer', docName)
    const rowsBefore = await storedRows(docName)
    owner.doc.getMap('shapes').set('owner-mark', mark('owner-mark', people.owner.key))
    designer.doc.getMap('shapes').set('designer-mark', mark('designer-mark', people.designer.key))
    await settled(docName)
    expect(await storedRows(docName)).toEqual(rowsBefore)
    expect(owner.doc.getMap('shapes').has('designer-mark')).toBe(false)
    expect(designer.doc.getMap('shapes').has('owner-mark')).toBe(false)

    // The copy in Final Files is no sample under review: its markup document takes nothing either.
    const [copy] = await portal.deps.db
      .select()
      .from(references)
      .where(and(eq(references.styleKey, style), eq(references.step, 'final')))
    const copyDoc = markupDocName(brand.key, copy!.key)
    const onCopy = await liveMarkup('designer', copyDoc)
    onCopy.doc.getMap('shapes').set('copy-mark', mark('copy-mark', people.designer.key))
    await settled(copyDoc)
    expect(await storedRows(copyDoc)).toEqual([])
    expect(await statusOf(sample)).toBe('Final')
  })
})

describe('reopening', () => {
  it('is refused to everyone but an owner, and changes nothing', async () => {
    const { sample, url, docName } = await styleWithPins('Kept Final Coat', 'Approved')
    await lock(url)
    const before = await everything(sample, docName)
    for (const who of ['designer', 'vsm', 'reader'] as const) {
      const { text } = await landing(browsers[who], await browsers[who].post(url, { intent: 'reopen' }))
      expect(text, who).toContain('This needs owner access to the reference.')
    }
    expect((await browsers.outsider.post(url, { intent: 'reopen' })).status).toBe(404)
    const vsm = await openSocket('vsm')
    // The socket takes no reopen at all: its schema knows status and feedback only.
    expect(await vsm.timeout(5_000).emitWithAck(ATELIER_EVENTS.review, { sample, intent: 'reopen' })).toMatchObject({
      ok: false,
    })
    expect(await everything(sample, docName)).toEqual(before)
  })

  it('by the owner returns it to its status before Final, is in History, and lets it be reviewed and drawn on again', async () => {
    const { sample, url, docName } = await styleWithPins('Reopened Coat', 'Approved')
    await lock(url)
    const waiting = await liveMarkup('designer', docName)
    const { text } = await landing(browsers.owner, await browsers.owner.post(url, { intent: 'reopen' }))
    expect(text).toContain('Reopened Virtual Sample Reopened Coat render.png')
    expect(await statusOf(sample)).toBe('Approved')
    const changes = await portal.deps.db
      .select()
      .from(sampleStatusChanges)
      .where(eq(sampleStatusChanges.referenceKey, sample))
      .orderBy(asc(sampleStatusChanges.created))
    expect(changes.map((change) => [change.accountKey, change.fromStatus, change.toStatus])).toEqual([
      [people.designer.key, 'Approved', 'Final'],
      [people.owner.key, 'Final', 'Approved'],
    ])
    const history = textOf(await (await browsers.vsm.get(`${url}?tab=history`)).text())
    expect(history).toMatch(/Olive Owner (?:Member )?reopened it: now Approved \(was Final ?\)/)
    const page = await (await browsers.designer.get(url)).text()
    expect(page).not.toContain('data-testid="sample-locked"')
    expect(page).toContain('name="status"')
    const again = await landing(browsers.owner, await browsers.owner.post(url, { intent: 'reopen' }))
    expect(again.text).toContain('This virtual sample is not locked.')

    // The connection opened while it was locked opens again, and may draw.
    await eventually(() => expect(waiting.closes, 'reopening closes it').toContain(CLOSE_CODES.accessChanged), 5_000)
    await waiting.synced()
    waiting.doc.getMap('shapes').set('reopened', mark('reopened', people.designer.key))
    await eventually(async () =>
      expect((await storedMarkup(portal.deps, brand.key, sample)).map((shape) => shape.id)).toContain('reopened'),
    )
    const raised = await landing(browsers.designer, await browsers.designer.post(url, { intent: 'raise', pin: 'pinB' }))
    expect(raised.text).toContain('Marked as a change request')
  })
})
