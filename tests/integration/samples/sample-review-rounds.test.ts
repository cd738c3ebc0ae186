// Review rounds and assignable feedback (issue 28), through the sample page's own forms as a person
// without JavaScript posts them (the setup is tests/support/sample-review-world.ts): who may raise,
// assign, resolve, start and end a round; what the database holds after each step; what a new
// version carries over; and that a read member and an outsider change nothing.
import { storedMarkup } from '#app/features/samples/markup.server'
import { isPin } from '#app/features/samples/markup/shapes'
import {
  messages,
  conversations,
  notifications,
  references,
  reviewEvents,
  reviewRounds,
  sampleFeedback,
} from '#db/schema'
import { addTeamMember, createTeam } from '#tests/support/factories'
import { and, asc, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import {
  brand,
  browsers,
  landing,
  people,
  portal,
  statusOf,
  styleWithPins,
  styleWithSample,
  textOf,
  setUpSampleReviewWorld,
} from '#tests/support/sample-review-world'

setUpSampleReviewWorld()

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

const itemsOf = (series: string) =>
  portal.deps.db
    .select()
    .from(sampleFeedback)
    .where(eq(sampleFeedback.series, series))
    .orderBy(asc(sampleFeedback.created), asc(sampleFeedback.label))
const roundsOf = (series: string) =>
  portal.deps.db.select().from(reviewRounds).where(eq(reviewRounds.series, series)).orderBy(asc(reviewRounds.number))

/** Everything a review holds, to show that a refused post changed nothing. */
const reviewRows = async (series: string) => ({ items: await itemsOf(series), rounds: await roundsOf(series) })

async function threadTexts(sample: string) {
  const rows = await portal.deps.db
    .select({ text: messages.text })
    .from(messages)
    .innerJoin(conversations, eq(conversations.key, messages.conversationKey))
    .where(and(eq(conversations.model, 'Reference'), eq(conversations.modelKey, sample)))
  return rows.map((row) => row.text)
}

describe('a review round, from the first pin to approval', () => {
  it('runs as a designer and a vsm run it, and keeps each rule on the way', async () => {
    const { sample, url, style } = await styleWithPins('Round trip', 'Ready for Review')
    const { designer, vsm, reader, outsider } = browsers

    // The designer starts a round; the vsm may not.
    let reply = await landing(vsm, await vsm.post(url, { intent: 'round-start', due: day(3) }))
    expect(reply.text).toContain('Only a designer or an owner can do this in a review.')
    reply = await landing(designer, await designer.post(url, { intent: 'round-start', due: day(-1) }))
    expect(reply.text).toContain('Due date: choose a day from today to a year ahead.')
    expect(await roundsOf(sample)).toEqual([])
    reply = await landing(designer, await designer.post(url, { intent: 'round-start', due: day(3) }))
    expect(reply.text).toContain('Round 1 started')
    expect(await roundsOf(sample)).toMatchObject([{ number: 1, due: day(3), ended: null, sampleKey: sample }])
    reply = await landing(designer, await designer.post(url, { intent: 'round-start', due: day(4) }))
    expect(reply.text).toContain('A round is already open on this sample: end it first.')

    // Two change requests for the vsm: pin 1 (high) and a comment (normal).
    reply = await landing(
      designer,
      await designer.post(url, { intent: 'raise', pin: 'pinA', assignee: people.vsm.key, priority: 'high' }),
    )
    expect(reply.text).toContain('Marked as a change request')
    await landing(
      designer,
      await designer.post(url, { intent: 'raise', pin: '', comment: 'Shorten the hem 2 cm', assignee: people.vsm.key }),
    )
    const [round1] = await roundsOf(sample)
    expect(await itemsOf(sample)).toMatchObject([
      {
        label: 'Pin 1',
        target: 'pin',
        state: 'open',
        priority: 'high',
        assigneeKey: people.vsm.key,
        roundKey: round1!.key,
      },
      { label: 'Shorten the hem 2 cm', target: 'comment', state: 'open', priority: 'normal', roundKey: round1!.key },
    ])
    expect(await threadTexts(sample)).toContain('Shorten the hem 2 cm')
    // The vsm is told, with a link to the Feedback tab.
    const told = await portal.deps.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.accountKey, people.vsm.key), eq(notifications.action, 'assigned you a change request on')),
      )
    expect(told.length).toBe(2)
    // The same pin twice is refused; a pin not on the sample too.
    reply = await landing(designer, await designer.post(url, { intent: 'raise', pin: 'pinA' }))
    expect(reply.text).toContain('This is already a change request.')
    reply = await landing(designer, await designer.post(url, { intent: 'raise', pin: 'pinZ' }))
    expect(reply.text).toContain('That pin is not on this sample any more.')

    // The vsm sees what is theirs on the page, and on the round's page.
    const page = textOf(await (await vsm.get(url)).text())
    expect(page).toContain('Assigned to')
    expect(page).toContain('Round 1')
    const roundPage = await vsm.get(`${url}/rounds/${round1!.key}`)
    expect(roundPage.status).toBe(200)
    const roundText = textOf(await roundPage.text())
    expect(roundText).toContain('Open items (2)')
    expect(roundText).toContain('You')

    // A read member and an outsider change nothing; the vsm may not re-prioritise or decline.
    const before = await reviewRows(sample)
    const [pinItem, commentItem] = before.items
    await reader.post(url, { intent: 'feedback', feedback: pinItem!.key, state: 'resolved' })
    await reader.post(url, { intent: 'raise', pin: 'pinB' })
    await reader.post(url, { intent: 'round-end', outcome: 'approved', summary: 'Fine' })
    for (const fields of <Record<string, string>[]>[
      { intent: 'feedback', feedback: pinItem!.key, state: 'resolved' },
      { intent: 'round-end', outcome: 'approved', summary: 'Fine' },
      { intent: 'raise', pin: 'pinB' },
    ]) {
      expect((await outsider.post(url, fields)).status).toBe(404)
    }
    expect((await outsider.get(`${url}/rounds/${round1!.key}`)).status).toBe(404)
    reply = await landing(vsm, await vsm.post(url, { intent: 'feedback', feedback: pinItem!.key, priority: 'low' }))
    expect(reply.text).toContain('Only a designer or an owner can do this in a review.')
    reply = await landing(
      vsm,
      await vsm.post(url, { intent: 'feedback', feedback: commentItem!.key, state: "won't fix" }),
    )
    expect(reply.text).toContain('You can change only what is assigned to you, to resolved or to re-check.')
    expect(await reviewRows(sample)).toEqual(before)

    // The vsm resolves pin 1: the request and the pin agree.
    reply = await landing(vsm, await vsm.post(url, { intent: 'feedback', feedback: pinItem!.key, state: 'resolved' }))
    expect(reply.text).toContain('Change saved successfully')
    const pins = (await storedMarkup(portal.deps, brand.key, sample)).filter(isPin)
    expect(pins.find((pin) => pin.id === 'pinA')?.resolved).toBe(true)
    expect(pins.find((pin) => pin.id === 'pinB')?.resolved).toBe(false)

    // The designer requests changes: the round closes, the sample is Declined, the summary is in the thread.
    reply = await landing(
      designer,
      await designer.post(url, { intent: 'round-end', outcome: 'changes requested', summary: 'Hem still long' }),
    )
    expect(reply.text).toContain('Changes requested: the round is closed')
    expect(await roundsOf(sample)).toMatchObject([
      { number: 1, outcome: 'changes requested', summary: 'Hem still long', endedBy: people.designer.key },
    ])
    expect(await statusOf(sample)).toBe('Declined')
    expect(await threadTexts(sample)).toContain('Round 1, Changes requested: Hem still long')

    // Version 2: the open request moves to it as "to re-check"; the resolved one stays on version 1.
    const png = new Uint8Array(
      await sharp({ create: { width: 300, height: 400, channels: 3, background: '#15803d' } })
        .png()
        .toBuffer(),
    )
    const uploaded = await vsm.upload(`${url}/version`, { name: 'Round trip v2.png', content: png, type: 'image/png' })
    expect(uploaded.status, await uploaded.clone().text()).toBeLessThan(400)
    const [v2] = await portal.deps.db
      .select()
      .from(references)
      .where(and(eq(references.sampleSeries, sample), eq(references.sampleVersion, 2)))
    expect(v2).toBeDefined()
    expect(await itemsOf(sample)).toMatchObject([
      { label: 'Pin 1', state: 'resolved', sampleKey: sample },
      { label: 'Shorten the hem 2 cm', state: 'to re-check', sampleKey: v2!.key },
    ])
    const v2url = `/brand/${brand.key}/style/${style}/samples/${v2!.key}`
    const history = textOf(await (await designer.get(`${v2url}?tab=history`)).text())
    expect(history).toContain('carried over to re-check')

    // Round 2 on version 2: the carried request joins it; the designer approves.
    await landing(designer, await designer.post(v2url, { intent: 'round-start', due: day(2) }))
    const round2 = (await roundsOf(sample))[1]!
    expect((await itemsOf(sample))[1]).toMatchObject({ roundKey: round2.key })
    await landing(
      designer,
      await designer.post(v2url, { intent: 'feedback', feedback: commentItem!.key, state: 'resolved' }),
    )
    reply = await landing(
      designer,
      await designer.post(v2url, { intent: 'round-end', outcome: 'approved', summary: 'Good to go' }),
    )
    expect(reply.text).toContain('Approved: the round is closed')
    expect(await statusOf(v2!.key)).toBe('Approved')
    const events = await portal.deps.db.select().from(reviewEvents).where(eq(reviewEvents.series, sample))
    expect(events.map((event) => event.what).sort()).toEqual(
      [
        'raised',
        'raised',
        'round started',
        'state',
        'round ended',
        'carried',
        'round started',
        'state',
        'round ended',
      ].sort(),
    )
  })

  it('refuses odd input with a clear message and changes nothing', async () => {
    const { sample, url } = await styleWithPins('Odd review input', 'Ready for Review')
    const { designer } = browsers
    await landing(designer, await designer.post(url, { intent: 'raise', pin: 'pinA', assignee: people.vsm.key }))
    const before = await reviewRows(sample)
    const [item] = before.items
    const cases: [Record<string, string>, string][] = [
      [
        { intent: 'feedback', feedback: item!.key, state: 'done' },
        "State: one of open, to re-check, resolved, won't fix.",
      ],
      [{ intent: 'feedback', feedback: item!.key, priority: 'asap' }, 'Priority: one of low, normal, high, urgent.'],
      [{ intent: 'feedback', feedback: item!.key, assignee: people.outsider.key }, 'Assign to: choose a person'],
      [{ intent: 'feedback', feedback: 'x'.repeat(40), state: 'resolved' }, 'not found'],
      [{ intent: 'round-start', due: '2026-02-30' }, 'Due date: choose a day'],
      [{ intent: 'round-start', due: day(800) }, 'Due date: choose a day'],
      [{ intent: 'round-end', outcome: 'approved', summary: 'x' }, 'There is no open round on this sample.'],
      [{ intent: 'raise', pin: '', comment: '' }, 'required'],
    ]
    for (const [fields, message] of cases) {
      const reply = await landing(designer, await designer.post(url, fields))
      expect(reply.text.toLowerCase(), JSON.stringify(fields)).toContain(message.toLowerCase())
    }
    expect((await reviewRows(sample)).items).toEqual(before.items)
    await landing(designer, await designer.post(url, { intent: 'round-start', due: day(1) }))
    // (Control characters are refused for every form before any action: tests/integration/platform/control-characters.test.ts.)
    for (const summary of ['', '   ', 'x'.repeat(2001)]) {
      const reply = await landing(
        designer,
        await designer.post(url, { intent: 'round-end', outcome: 'approved', summary }),
      )
      expect(reply.text).toContain('Summary: write what the decision is about')
    }
    const reply = await landing(
      designer,
      await designer.post(url, { intent: 'round-end', outcome: 'maybe', summary: 'ok' }),
    )
    expect(reply.text).toContain('Choose Request changes or Approve.')
    expect((await roundsOf(sample)).map((round) => round.ended)).toEqual([null])
    expect(await itemsOf(sample)).toMatchObject([{ state: 'open', priority: 'normal', assigneeKey: people.vsm.key }])
  })
})

describe('@mentions of a team', () => {
  it('tell each member of the team who may read the thread', async () => {
    const { sample, url } = await styleWithSample('Team mention')
    const team = await createTeam(portal.deps, brand.key, { name: 'Sample Makers', members: [] })
    await addTeamMember(portal.deps, team, people.vsm.key)
    await landing(
      browsers.designer,
      await browsers.designer.post(`${url}?tab=comments`, { text: 'Please look @sample-makers' }),
    )
    const told = await portal.deps.db.select().from(notifications).where(eq(notifications.accountKey, people.vsm.key))
    const mention = told.find((notice) => JSON.stringify(notice.segments).includes('Please look @sample-makers'))
    expect(mention?.action).toMatch(/mentioned you/)
    // Someone not on the team hears nothing of it.
    const others = await portal.deps.db
      .select()
      .from(notifications)
      .where(eq(notifications.accountKey, people.reader.key))
    expect(others.some((notice) => JSON.stringify(notice.segments).includes('Please look @sample-makers'))).toBe(false)
    void sample
  })
})

describe('a comment already in the thread, marked as a change request', () => {
  it('is marked by a designer from the thread, and by nobody else or from another thread', async () => {
    const { sample, url } = await styleWithSample('Marked comment', 'Ready for Review')
    const other = await styleWithSample('Other thread', 'Ready for Review')
    const { designer, vsm, reader, outsider } = browsers
    await landing(vsm, await vsm.post(`${url}?tab=comments`, { text: 'The sleeve seam puckers at the cuff' }))
    await landing(vsm, await vsm.post(`${other.url}?tab=comments`, { text: 'Elsewhere' }))
    const keyOf = async (text: string) =>
      (await portal.deps.db.select({ key: messages.key }).from(messages).where(eq(messages.text, text)))[0]!.key
    const message = await keyOf('The sleeve seam puckers at the cuff')
    const elsewhere = await keyOf('Elsewhere')

    // The thread offers it to the designer, not to the vsm; the link opens the Feedback tab's form with it.
    const thread = await (await designer.get(`${url}?tab=comments`)).text()
    expect(thread).toContain('Mark as change request')
    expect(thread).toContain(`comment=${message}`)
    expect(await (await vsm.get(`${url}?tab=comments`)).text()).not.toContain('Mark as change request')
    const form = textOf(await (await designer.get(`${url}?tab=feedback&comment=${message}`)).text())
    expect(form).toContain('Mark this comment as a change request')
    expect(form).toContain('The sleeve seam puckers at the cuff')
    expect(textOf(await (await vsm.get(`${url}?tab=feedback&comment=${message}`)).text())).not.toContain(
      'Mark this comment as a change request',
    )
    const before = await threadTexts(sample)

    // Nobody but a lead marks it; a message of another sample's thread or a forged key is refused.
    for (const browser of [vsm, reader]) {
      const reply = await landing(browser, await browser.post(url, { intent: 'raise', message }))
      expect(reply.text).toContain('Only a designer or an owner can do this in a review.')
    }
    expect((await outsider.post(url, { intent: 'raise', message })).status).toBe(404)
    for (const forged of [elsewhere, 'x'.repeat(20), 'x'.repeat(500)]) {
      const reply = await landing(designer, await designer.post(url, { intent: 'raise', message: forged }))
      expect(reply.text).toContain('That comment is not in this sample’s thread.')
    }
    expect(await itemsOf(sample)).toEqual([])

    // The designer marks it: the request names the comment, and the thread gets no new message.
    let reply = await landing(
      designer,
      await designer.post(url, { intent: 'raise', message, assignee: people.vsm.key, priority: 'urgent' }),
    )
    expect(reply.text).toContain('Marked as a change request')
    expect(await itemsOf(sample)).toMatchObject([
      {
        target: 'comment',
        targetId: message,
        label: 'The sleeve seam puckers at the cuff',
        priority: 'urgent',
        assigneeKey: people.vsm.key,
        state: 'open',
      },
    ])
    expect(await threadTexts(sample)).toEqual(before)
    reply = await landing(designer, await designer.post(url, { intent: 'raise', message }))
    expect(reply.text).toContain('This is already a change request.')
    expect(await itemsOf(other.sample)).toEqual([])

    // In the thread it now says so, for everyone who reads it.
    for (const browser of [designer, reader]) {
      const page = await (await browser.get(`${url}?tab=comments`)).text()
      expect(page).toMatch(/>Change request<\/a>/)
      expect(page).not.toContain(`comment=${message}`)
    }
  })
})
