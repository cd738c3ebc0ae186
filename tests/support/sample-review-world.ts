// The shared setup of the sample-review integration tests (tests/integration/samples/sample-review*.test.ts):
// one portal per test file, its people and the helpers the tests share.
import { markupDocName } from '#app/features/samples/markup.server'
import { MARKUP_COLOURS, storedShape } from '#app/features/samples/markup/shapes'
import { appendDocumentUpdate } from '#app/platform/yjs-documents.server'
import { references } from '#db/schema'
import * as Y from 'yjs'
import { createSample } from '#tests/support/atelier-factories'
import { createStyleIn } from '#tests/support/catalogue-factories'
import { createBrand, createMember, type AccountFixture, type BrandFixture } from '#tests/support/factories'
import { pageBrowser, type PageBrowser } from '#tests/support/page-browser'
import { loadServerBuild, sessionCookieFor, startTestPortal, type TestPortal } from '#tests/support/portal'
import { openSocket as openSocketTo } from '#tests/support/sockets'
import type { Socket } from 'socket.io-client'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect } from 'vitest'

export let portal: TestPortal
export let brand: BrandFixture
export const people = {} as Record<'owner' | 'designer' | 'vsm' | 'reader' | 'outsider', AccountFixture>
export const browsers = {} as Record<keyof typeof people, PageBrowser>

/**
 * Starts this world for the calling test file (its hooks run in that file): files share one
 * module graph per worker, so a hook written at the top of this module would run in the first
 * file only.
 */
export function setUpSampleReviewWorld() {
  beforeAll(async () => {
    portal = await startTestPortal({ remixBuild: await loadServerBuild() })
    const { deps } = portal
    brand = await createBrand(deps, { name: 'Sample Review' })
    const elsewhere = await createBrand(deps)
    const member = (type: 'owner' | 'editor' | 'read', name: string, jobType: string) =>
      createMember(deps, [{ brand: brand.key, type }], { name, fields: { jobType } })
    people.owner = await member('owner', 'Olive Owner', 'admin')
    people.designer = await member('editor', 'Dana Designer', 'designer')
    people.vsm = await member('editor', 'Victor Vsm', 'vsm')
    people.reader = await member('read', 'Rita Reader', 'designer')
    people.outsider = await createMember(deps, [{ brand: elsewhere.key, type: 'owner' }], { name: 'Oscar Outsider' })
    for (const who of Object.keys(people) as (keyof typeof people)[])
      browsers[who] = await pageBrowser(portal, people[who])
  })
  afterAll(() => portal?.destroy())
}

export const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')

export async function landing(browser: PageBrowser, answer: Response) {
  expect(answer.status, await answer.clone().text()).toBe(302)
  const location = answer.headers.get('location')!
  return { location, text: textOf(await (await browser.get(location)).text()) }
}

export async function styleWithSample(name: string, status = 'In Progress') {
  const style = await createStyleIn(portal.deps, brand.key, brand.collections[0]!, name)
  const sample = await createSample(portal.deps, brand.key, style, people.vsm.key, {
    name: `${name} render.png`,
    status,
  })
  return { style, sample, url: `/brand/${brand.key}/style/${style}/samples/${sample}` }
}

export const statusOf = async (key: string) =>
  (await portal.deps.db.select().from(references).where(eq(references.key, key)))[0]?.sampleStatus

/** A live socket of one of the people, connected (closed after the test). */
export async function openSocket(who: keyof typeof people): Promise<Socket> {
  return openSocketTo(portal.port, await sessionCookieFor(portal, people[who].email, people[who].password))
}

/** A sample of a new style with two open pins by the designer (pinA, pinB), stored as the browser stores them. */
export async function styleWithPins(name: string, status = 'In Progress') {
  const made = await styleWithSample(name, status)
  const doc = new Y.Doc()
  const shapes = doc.getMap<unknown>('shapes')
  const base = { colour: MARKUP_COLOURS.red, strokeWidth: 0.005, author: people.designer.key, created: 1 }
  shapes.set('pinA', storedShape({ ...base, id: 'pinA', kind: 'pin', x: 0.3, y: 0.3, number: 1, resolved: false }))
  shapes.set('pinB', storedShape({ ...base, id: 'pinB', kind: 'pin', x: 0.6, y: 0.6, number: 2, resolved: false }))
  const docName = markupDocName(brand.key, made.sample)
  await appendDocumentUpdate(portal.deps, docName, brand.key, Y.encodeStateAsUpdateV2(doc))
  doc.destroy()
  return { ...made, docName }
}
