// A style's live room, asked for with another brand's style beside one's own (the setup is
// tests/support/sample-review-world.ts). Watching is reading: a socket that names a style it may
// see and a real style of a brand it has no grant on is answered "not all", joins its own style's
// room only, and hears nothing of the other brand's samples, while it keeps hearing its own. The
// review event (a write) with the other brand's sample is not found, and changes nothing.
import { createSample } from '#tests/support/atelier-factories'
import { createStyleIn } from '#tests/support/catalogue-factories'
import { createBrand, createMember } from '#tests/support/factories'
import { ATELIER_EVENTS, type SampleChangedEvent, type SampleReviewAck } from '#app/platform/protocol'
import type { Socket } from 'socket.io-client'
import { eventually, sessionCookieFor } from '#tests/support/portal'
import { openSocket as openSocketTo } from '#tests/support/sockets'
import {
  openSocket,
  people,
  portal,
  statusOf,
  styleWithSample,
  setUpSampleReviewWorld,
} from '#tests/support/sample-review-world'
import { describe, expect, it } from 'vitest'

setUpSampleReviewWorld()

const review = (socket: Socket, payload: Record<string, unknown>) =>
  socket.timeout(5_000).emitWithAck(ATELIER_EVENTS.review, payload) as Promise<SampleReviewAck>

describe('watching a style of another brand beside one’s own', () => {
  it('joins only one’s own style: nothing of the other brand is heard, and its samples are not found', async () => {
    const own = await styleWithSample('Sweep Room Own')
    // Another brand, with a style, a sample and an owner who works on it.
    const other = await createBrand(portal.deps, { name: 'Sweep Room Elsewhere' })
    const otherStyle = await createStyleIn(portal.deps, other.key, other.collections[0] ?? null, 'Elsewhere Coat')
    const otherSample = await createSample(portal.deps, other.key, otherStyle, people.outsider.key, {
      name: 'Elsewhere Coat render.png',
      status: 'In Progress',
    })
    const otherOwner = await createMember(portal.deps, [{ brand: other.key, type: 'owner' }], { name: 'Orla Owner' })
    const otherSocket = await openSocketTo(
      portal.port,
      await sessionCookieFor(portal, otherOwner.email, otherOwner.password),
    )

    const designer = await openSocket('designer')
    const heard: SampleChangedEvent[] = []
    designer.on(ATELIER_EVENTS.changed, (event: SampleChangedEvent) => heard.push(event))
    expect(await designer.emitWithAck(ATELIER_EVENTS.watch, { styles: [own.style, otherStyle] })).toEqual({
      ok: false,
      error: 'PermissionError',
    })
    // Alone, the other brand's style is refused the same way.
    expect(await designer.emitWithAck(ATELIER_EVENTS.watch, { styles: [otherStyle] })).toEqual({
      ok: false,
      error: 'PermissionError',
    })

    // The other brand's owner changes their sample; then the vsm changes the designer's own.
    expect(await review(otherSocket, { sample: otherSample, intent: 'status', status: 'Ready for Review' })).toEqual({
      ok: true,
      message: 'Change saved successfully',
    })
    const vsm = await openSocket('vsm')
    expect(await review(vsm, { sample: own.sample, intent: 'status', status: 'Ready for Review' })).toMatchObject({
      ok: true,
    })
    // The own style's change arrives (so anything sent before it would have too), the other's never.
    await eventually(() => expect(heard.map((event) => event.sample)).toContain(own.sample))
    expect(heard.map((event) => event.style)).not.toContain(otherStyle)
    expect(heard.map((event) => event.sample)).not.toContain(otherSample)

    // Writing to the other brand's sample with the same socket: not found, and nothing changes.
    expect(await review(designer, { sample: otherSample, intent: 'status', status: 'Declined' })).toMatchObject({
      ok: false,
      error: 'NotFound',
    })
    expect(await statusOf(otherSample)).toBe('Ready for Review')
  })
})
