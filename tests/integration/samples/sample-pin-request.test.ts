// A pin and its change request are one thing with one state (issue 44 point 5): Resolve or Reopen
// on a pin that has a request changes the request, by the request's rules, and the pin follows; the
// page shows the request's state on the pin whatever the pin's own flag says; a pin without a
// request changes alone, and the style's pages hear of it either way.
import { storedMarkup } from '#app/features/samples/markup.server'
import { isPin } from '#app/features/samples/markup/shapes'
import { reviewEvents, sampleFeedback } from '#db/schema'
import { ATELIER_EVENTS, type SampleChangedEvent } from '#app/platform/protocol'
import { eventually } from '#tests/support/portal'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  brand,
  browsers,
  landing,
  openSocket,
  people,
  portal,
  styleWithPins,
  textOf,
  setUpSampleReviewWorld,
} from '#tests/support/sample-review-world'

setUpSampleReviewWorld()

/** A sample with two pins by the designer; pin 1 is raised as a change request for the vsm. */
async function withPins(name: string) {
  const made = await styleWithPins(name)
  const raised = await browsers.designer.post(made.url, { intent: 'raise', pin: 'pinA', assignee: people.vsm.key })
  expect((await landing(browsers.designer, raised)).text).toContain('Marked as a change request')
  return made
}

const requestOf = async (sample: string, pin: string) =>
  (
    await portal.deps.db
      .select()
      .from(sampleFeedback)
      .where(and(eq(sampleFeedback.sampleKey, sample), eq(sampleFeedback.targetId, pin)))
  )[0]
const pinResolved = async (sample: string, id: string) => {
  const shape = (await storedMarkup(portal.deps, brand.key, sample)).find((item) => item.id === id)
  return shape && isPin(shape) ? shape.resolved : undefined
}
/** What the pin's thread says of it on the page: its badge and its button. */
async function pinThread(url: string, pin: string) {
  const text = textOf(await (await browsers.designer.get(`${url}?pin=${pin}`)).text())
  const heading = text.match(/Pin \d+ (Open|Resolved) (Resolve|Reopen)/)
  return heading ? `${heading[1]} / ${heading[2]}` : text.slice(0, 400)
}
const resolvePinAs = (who: keyof typeof browsers, url: string, pin: string, resolved: boolean) =>
  browsers[who].post(url, { intent: 'resolve-pin', pin, resolved: String(resolved) })

describe('a pin and its change request', () => {
  it('Resolve on the pin resolves its request, Reopen opens it: one state on both', async () => {
    const { sample, url } = await withPins('Pin one state')
    const answer = await landing(browsers.designer, await resolvePinAs('designer', url, 'pinA', true))
    expect(answer.text).toContain('Pin 1 resolved')
    expect((await requestOf(sample, 'pinA'))!.state).toBe('resolved')
    expect(await pinResolved(sample, 'pinA')).toBe(true)
    expect(await pinThread(url, 'pinA')).toBe('Resolved / Reopen')
    // History records the request's change, once.
    const events = await portal.deps.db
      .select()
      .from(reviewEvents)
      .where(and(eq(reviewEvents.series, sample), eq(reviewEvents.what, 'state')))
    expect(events.map((event) => `${event.fromValue}→${event.toValue}`)).toEqual(['open→resolved'])

    await landing(browsers.designer, await resolvePinAs('designer', url, 'pinA', false))
    expect((await requestOf(sample, 'pinA'))!.state).toBe('open')
    expect(await pinResolved(sample, 'pinA')).toBe(false)
    expect(await pinThread(url, 'pinA')).toBe('Open / Resolve')
  })

  it('a request that is “to re-check” is resolved with its pin, not left behind', async () => {
    const { sample, url } = await withPins('Pin re-check')
    const request = (await requestOf(sample, 'pinA'))!
    await landing(
      browsers.designer,
      await browsers.designer.post(url, { intent: 'feedback', feedback: request.key, state: 'to re-check' }),
    )
    await landing(browsers.designer, await resolvePinAs('designer', url, 'pinA', true))
    expect((await requestOf(sample, 'pinA'))!.state).toBe('resolved')
    expect(await pinThread(url, 'pinA')).toBe('Resolved / Reopen')
  })

  it('the request’s rules decide who may resolve its pin; a refusal changes neither', async () => {
    const { sample, url } = await withPins('Pin rules')
    // Pin 2 gets a request assigned to nobody: the vsm may not resolve it, through the pin either.
    await landing(browsers.designer, await browsers.designer.post(url, { intent: 'raise', pin: 'pinB' }))
    const refused = await landing(browsers.vsm, await resolvePinAs('vsm', url, 'pinB', true))
    expect(refused.text).toContain('You can change only what is assigned to you')
    expect((await requestOf(sample, 'pinB'))!.state).toBe('open')
    expect(await pinResolved(sample, 'pinB')).toBe(false)
    // Pin 1's request is the vsm's: resolved through the pin.
    await landing(browsers.vsm, await resolvePinAs('vsm', url, 'pinA', true))
    expect((await requestOf(sample, 'pinA'))!.state).toBe('resolved')
    expect(await pinResolved(sample, 'pinA')).toBe(true)
    // Reopening is a lead's: the vsm's Reopen is refused and both stay resolved.
    const reopen = await landing(browsers.vsm, await resolvePinAs('vsm', url, 'pinA', false))
    expect(reopen.text).toContain('You can change only what is assigned to you')
    expect((await requestOf(sample, 'pinA'))!.state).toBe('resolved')
    expect(await pinResolved(sample, 'pinA')).toBe(true)
  })

  it('the page shows the request’s state on its pin even where the pin’s own flag says otherwise', async () => {
    const { sample, url } = await withPins('Pin derived')
    await portal.deps.db
      .update(sampleFeedback)
      .set({ state: "won't fix" })
      .where(and(eq(sampleFeedback.sampleKey, sample), eq(sampleFeedback.targetId, 'pinA')))
    expect(await pinResolved(sample, 'pinA')).toBe(false)
    expect(await pinThread(url, 'pinA')).toBe('Resolved / Reopen')
    // A pin without a request keeps its own.
    expect(await pinThread(url, 'pinB')).toBe('Open / Resolve')
  })

  it('a pin without a request changes alone, and the style’s pages hear of it', async () => {
    const { sample, style, url } = await withPins('Pin alone')
    const watcher = await openSocket('vsm')
    expect(await watcher.timeout(5_000).emitWithAck(ATELIER_EVENTS.watch, { styles: [style] })).toEqual({ ok: true })
    const heard: SampleChangedEvent[] = []
    watcher.on(ATELIER_EVENTS.changed, (event: SampleChangedEvent) => heard.push(event))
    await landing(browsers.designer, await resolvePinAs('designer', url, 'pinB', true))
    expect(await pinResolved(sample, 'pinB')).toBe(true)
    expect(await requestOf(sample, 'pinB')).toBeUndefined()
    await eventually(
      () => expect(heard.map((event) => `${event.change}: ${event.detail}`)).toEqual(['pin: resolved Pin 2']),
      5_000,
    )
    // A pin with a request is told as the request's change.
    heard.length = 0
    await landing(browsers.designer, await resolvePinAs('designer', url, 'pinA', true))
    await eventually(() => expect(heard.map((event) => event.change)).toEqual(['feedback']), 5_000)
  })
})
