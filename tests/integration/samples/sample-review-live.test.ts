// A style's samples, live (issue 28): who may follow a style's room, and what its members hear when
// a sample is added, changes status, gets a new version, is renamed or deleted, through the same
// page actions a person uses. Someone who loses their grant stops hearing at once.
import { pipelineSettled } from '#app/features/files/files.server'
import { changeGrants } from '#app/platform/access/grants.server'
import {
  browsers,
  brand,
  landing,
  openSocket,
  people,
  portal,
  styleWithSample,
  setUpSampleReviewWorld,
} from '#tests/support/sample-review-world'
import { ATELIER_EVENTS, type SampleChangedEvent } from '#app/platform/protocol'
import sharp from 'sharp'
import type { Socket } from 'socket.io-client'
import { describe, expect, it } from 'vitest'

setUpSampleReviewWorld()

const watch = (socket: Socket, style: string) =>
  socket.emitWithAck(ATELIER_EVENTS.watch, { styles: [style] }) as Promise<{ ok: boolean; error?: string }>

function heard(socket: Socket): SampleChangedEvent[] {
  const seen: SampleChangedEvent[] = []
  socket.on(ATELIER_EVENTS.changed, (event: SampleChangedEvent) => seen.push(event))
  return seen
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300))

async function eventually(check: () => void, timeoutMs = 5_000) {
  const until = Date.now() + timeoutMs
  for (;;) {
    try {
      return check()
    } catch (error) {
      if (Date.now() > until) throw error
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  }
}

describe('a style’s room', () => {
  it('lets in the brand’s members, read members too, and refuses an outsider and a forged key alike', async () => {
    const { style } = await styleWithSample('Room door')
    for (const who of ['owner', 'designer', 'vsm', 'reader'] as const) {
      expect(await watch(await openSocket(who), style), who).toEqual({ ok: true })
    }
    const outsider = await openSocket('outsider')
    expect(await watch(outsider, style)).toEqual({ ok: false, error: 'PermissionError' })
    expect(await watch(outsider, 'no-such-style')).toEqual({ ok: false, error: 'PermissionError' })
    // A payload that is not a style key is refused before any unit sees it.
    expect(await outsider.emitWithAck(ATELIER_EVENTS.watch, { styles: ['x'.repeat(65)] })).toMatchObject({ ok: false })
    expect(await outsider.emitWithAck(ATELIER_EVENTS.watch, { styles: Array(51).fill(style) })).toMatchObject({
      ok: false,
    })
    // One forged key among real ones: the real ones are joined, the answer says not all were.
    const designer = await openSocket('designer')
    expect(await designer.emitWithAck(ATELIER_EVENTS.watch, { styles: [style, 'no-such-style'] })).toEqual({
      ok: false,
      error: 'PermissionError',
    })
  })

  it('tells who set which status, and an outsider hears nothing', async () => {
    const { style, sample, url } = await styleWithSample('Live status')
    const designer = await openSocket('designer')
    const outsider = await openSocket('outsider')
    await watch(designer, style)
    await watch(outsider, style)
    const [toDesigner, toOutsider] = [heard(designer), heard(outsider)]
    await landing(browsers.vsm, await browsers.vsm.post(url, { intent: 'status', status: 'Ready for Review' }))
    await eventually(() =>
      expect(toDesigner).toEqual([
        expect.objectContaining({
          style,
          sample,
          change: 'status',
          status: 'Ready for Review',
          by: 'Victor Vsm Member',
          byKey: people.vsm.key,
          name: 'Live status render.png',
        }),
      ]),
    )
    expect(Date.parse(toDesigner[0]!.at)).toBeGreaterThan(Date.now() - 60_000)
    await settle()
    expect(toOutsider).toEqual([])
  })

  it('tells renames and deletions, and nothing for a refused change', async () => {
    const { style, sample, url } = await styleWithSample('Live rename')
    const vsm = await openSocket('vsm')
    await watch(vsm, style)
    const toVsm = heard(vsm)
    // A read member's post changes nothing, so nothing is told.
    await browsers.reader.post(url, { intent: 'status', status: 'Approved' })
    await browsers.reader.post(url, { intent: 'rename', name: 'Hacked.png' })
    await settle()
    expect(toVsm).toEqual([])
    await landing(browsers.designer, await browsers.designer.post(url, { intent: 'rename', name: 'Front v3.png' }))
    await eventually(() =>
      expect(toVsm.map((event) => [event.change, event.name])).toEqual([['renamed', 'Front v3.png']]),
    )
    await landing(browsers.designer, await browsers.designer.post(url, { intent: 'delete' }))
    await eventually(() =>
      expect(toVsm.at(-1)).toMatchObject({
        change: 'deleted',
        sample,
        by: 'Dana Designer Member',
        name: 'Front v3.png',
      }),
    )
  })

  it('tells a new version with its series and number, and new samples as added', async () => {
    const { style, sample, url } = await styleWithSample('Live version')
    const designer = await openSocket('designer')
    await watch(designer, style)
    const toDesigner = heard(designer)
    const png = new Uint8Array(
      await sharp({ create: { width: 300, height: 400, channels: 3, background: '#1d4ed8' } })
        .png()
        .toBuffer(),
    )
    const added = await browsers.vsm.upload(`${url}/version`, {
      name: 'Live version v2.png',
      content: png,
      type: 'image/png',
    })
    expect(added.status, await added.clone().text()).toBeLessThan(400)
    await eventually(() =>
      expect(toDesigner).toEqual([
        expect.objectContaining({
          change: 'version',
          series: sample,
          version: 2,
          by: 'Victor Vsm Member',
          name: 'Live version v2.png',
        }),
      ]),
    )
    expect(toDesigner[0]!.sample).not.toBe(sample)
    const another = await browsers.vsm.uploadFiles(`/brand/${brand.key}/style/${style}/samples/add`, [
      { name: 'Live version back.png', content: png, type: 'image/png' },
    ])
    expect(another.status, await another.clone().text()).toBeLessThan(400)
    await eventually(() =>
      expect(toDesigner).toContainEqual(expect.objectContaining({ change: 'added', name: 'Live version back.png' })),
    )
    // Once its checks pass, each new file is told ready, so the style page shows it.
    await pipelineSettled(portal.deps)
    await eventually(() =>
      expect(
        toDesigner
          .filter((event) => event.change === 'ready')
          .map((event) => event.name)
          .sort(),
      ).toEqual(['Live version back.png', 'Live version v2.png']),
    )
  })

  it('stops at once for someone whose grant is removed', async () => {
    const { style, url } = await styleWithSample('Live revoke')
    const reader = await openSocket('reader')
    await watch(reader, style)
    const toReader = heard(reader)
    const rewatch: unknown[] = []
    reader.on(ATELIER_EVENTS.rewatch, (payload: unknown) => rewatch.push(payload))
    await changeGrants(portal.deps, (_tx, grants) => grants.removeAllOnBrand(people.reader.key, brand.key))
    await eventually(() => expect(rewatch).toEqual([{ brand: brand.key }]))
    await landing(browsers.vsm, await browsers.vsm.post(url, { intent: 'status', status: 'Ready for Review' }))
    await settle()
    expect(toReader).toEqual([])
    // Asking again is refused: the access module decides afresh.
    expect(await watch(reader, style)).toEqual({ ok: false, error: 'PermissionError' })
  })
})
