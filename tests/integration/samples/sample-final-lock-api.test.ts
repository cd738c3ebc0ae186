// The JSON API's reference calls and the lock on a Final sample (issue 44 point 4, decision 167):
// clone_ref on a virtual sample files its copy in Final Files only with the lock (Lock as Final),
// never alone; and a locked sample's asset type stays as it was locked.
import { markupDocName } from '#app/features/samples/markup.server'
import { MARKUP_COLOURS, storedShape, type Shape } from '#app/features/samples/markup/shapes'
import { appendDocumentUpdate } from '#app/platform/yjs-documents.server'
import { references } from '#db/schema'
import * as Y from 'yjs'
import { api, sessionCookieFor } from '#tests/support/portal'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
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

const CLONE_NEEDS_LOCK = 'reference: a virtual sample goes to Final Files with Lock as Final, which locks it.'
const LOCKED = 'This virtual sample is Final and locked: only an owner can reopen it.'
const cookieOf = (who: keyof typeof people) => sessionCookieFor(portal, people[who].email, people[who].password)
const finalCopies = (style: string) =>
  portal.deps.db
    .select()
    .from(references)
    .where(and(eq(references.styleKey, style), eq(references.step, 'final')))
const assetTypeOf = async (key: string) =>
  (await portal.deps.db.select().from(references).where(eq(references.key, key)))[0]?.assetType

describe('clone_ref and asset on a virtual sample', () => {
  it('clone_ref refuses a sample that is not Final, for an owner too, and takes one locked as Final', async () => {
    const { sample, style, url } = await styleWithSample('Clone alone', 'Approved')
    for (const who of ['owner', 'designer'] as const) {
      const answer = await api(portal, 'POST', '/api/pragma/method/clone_ref/', {
        cookie: await cookieOf(who),
        body: { reference: sample },
      })
      expect(answer.status, who).toBe(409)
      expect(answer.body).toMatchObject({ error: { type: 'Conflict', message: CLONE_NEEDS_LOCK } })
    }
    expect(await finalCopies(style)).toHaveLength(0)
    expect(await statusOf(sample)).toBe('Approved')

    // Lock as Final files the copy with the lock.
    const locked = await landing(browsers.designer, await browsers.designer.post(url, { intent: 'lock' }))
    expect(locked.text).toMatch(/Tagged Virtual Sample .* as Final/)
    expect(await finalCopies(style)).toHaveLength(1)
    // A Final sample is locked already: another copy changes nothing of its review.
    const again = await api(portal, 'POST', '/api/pragma/method/clone_ref/', {
      cookie: await cookieOf('owner'),
      body: { reference: sample },
    })
    expect(again.status).toBe(200)
    expect(await finalCopies(style)).toHaveLength(2)
    expect(await statusOf(sample)).toBe('Final')
  })

  it('a locked sample’s asset type does not change; the same value and an open sample’s do', async () => {
    const { sample, url } = await styleWithSample('Asset locked', 'Approved')
    const before = await assetTypeOf(sample)
    const put = async (assetType: string) =>
      api(portal, 'PUT', `/api/asset/model/${sample}`, {
        cookie: await cookieOf('owner'),
        body: { asset_type: assetType },
      })
    await landing(browsers.designer, await browsers.designer.post(url, { intent: 'lock' }))
    const refused = await put('techpack')
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({ error: { type: 'Conflict', message: LOCKED } })
    expect(await assetTypeOf(sample)).toBe(before)
    // Naming the type it has changes nothing, so it is no change to refuse.
    expect((await put(before ?? '')).status).toBe(200)
    // Reopened by an owner, it may change again.
    await landing(browsers.owner, await browsers.owner.post(url, { intent: 'reopen' }))
    expect((await put('techpack')).status).toBe(200)
    expect(await assetTypeOf(sample)).toBe('techpack')
  })
})

describe('a locked sample’s page', () => {
  it('no longer asks to re-check marks carried over: its review is closed', async () => {
    const { sample, url } = await styleWithSample('Recheck locked', 'Approved')
    const doc = new Y.Doc()
    doc.getMap<unknown>('shapes').set(
      'carried',
      storedShape({
        id: 'carried',
        kind: 'rect',
        colour: MARKUP_COLOURS.red,
        strokeWidth: 0.005,
        author: people.designer.key,
        created: 1,
        x: 0.1,
        y: 0.1,
        width: 0.2,
        height: 0.2,
        needsRecheck: true,
      } as Shape),
    )
    await appendDocumentUpdate(portal.deps, markupDocName(brand.key, sample), brand.key, Y.encodeStateAsUpdateV2(doc))
    doc.destroy()
    const page = async () => textOf(await (await browsers.designer.get(url)).text())
    expect(await page()).toContain('1 mark from the previous version needs re-check')
    await landing(browsers.designer, await browsers.designer.post(url, { intent: 'lock' }))
    const locked = await page()
    expect(locked).toContain('Final')
    expect(locked).not.toContain('needs re-check')
  })
})
