// The atelier's style pages without JavaScript, against a real database (atelier.md §2, §4): the
// atelier list shows each style's progress; the style summary shows its listings' thumbnails, a
// progress link per step with its state, the designer layout for designers and the comment thread;
// the wizard shows Product Asset, the six steps with the current one marked, each step's help,
// tabs and Continue; the Not applicable switch is a form that changes the step and the summary.
// Read members see no switch and their post is refused; outsiders and unknown steps get 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { files, references, styles } from '#db/schema'
import { listThreadMessages } from '#app/features/chat/chat.server'
import { createSample } from '#tests/support/atelier-factories'
import { createListing, createStyleIn } from '#tests/support/catalogue-factories'
import { actorOf, createBrand, createMember, type AccountFixture, type BrandFixture } from '#tests/support/factories'
import { pageBrowser, type PageBrowser } from '#tests/support/page-browser'
import { loadServerBuild, startTestPortal, type TestPortal } from '#tests/support/portal'

let portal: TestPortal
let brand: BrandFixture
let owner: AccountFixture
let designer: AccountFixture
let reader: AccountFixture
let outsider: AccountFixture
const browsers = {} as Record<'owner' | 'designer' | 'reader' | 'outsider', PageBrowser>

beforeAll(async () => {
  portal = await startTestPortal({ remixBuild: await loadServerBuild() })
  const { deps } = portal
  brand = await createBrand(deps, { name: 'Atelier Pages' })
  const elsewhere = await createBrand(deps)
  owner = await createMember(deps, [{ brand: brand.key, type: 'owner' }], {
    name: 'Owner',
    fields: { jobType: 'admin' },
  })
  designer = await createMember(deps, [{ brand: brand.key, type: 'editor' }], {
    name: 'Designer',
    fields: { jobType: 'designer' },
  })
  reader = await createMember(deps, [{ brand: brand.key, type: 'read' }], {
    name: 'Reader',
    fields: { jobType: 'marketing' },
  })
  outsider = await createMember(deps, [{ brand: elsewhere.key, type: 'owner' }], { name: 'Outsider' })
  browsers.owner = await pageBrowser(portal, owner)
  browsers.designer = await pageBrowser(portal, designer)
  browsers.reader = await pageBrowser(portal, reader)
  browsers.outsider = await pageBrowser(portal, outsider)
})
afterAll(() => portal?.destroy())

/** A style with two listings (one with a photo) and some steps under way. */
async function styleWithWork(name: string) {
  const key = await createStyleIn(portal.deps, brand.key, brand.collections[0]!, name)
  await createListing(portal.deps, brand.key, {
    styleKey: key,
    styleName: name,
    lookNumber: 1,
    color: { name: 'Ivory' },
    media: { front: { key: 'm1', name: 'front', position: 1, src: '/img/front.png' } },
  })
  await createListing(portal.deps, brand.key, {
    styleKey: key,
    styleName: name,
    lookNumber: 2,
    color: { name: 'Rust' },
  })
  await portal.deps.db
    .update(styles)
    .set({ statusTechpack: 'completed', statusPatterns: 'inprogress', statusReferences: 'notapplicable' })
    .where(eq(styles.key, key))
  return key
}

const stylePath = (key: string) => `/brand/${brand.key}/style/${key}`
const rowOf = async (key: string) => (await portal.deps.db.select().from(styles).where(eq(styles.key, key)))[0]!
const html = async (browser: PageBrowser, path: string) => {
  const answer = await browser.get(path)
  expect(answer.status, path).toBe(200)
  return answer.text()
}
/** Where the link with this test id leads. */
const hrefOf = (page: string, testId: string) =>
  new RegExp(`data-testid="${testId}"[^>]*href="([^"]+)"`).exec(page)?.[1]
/** The state each progress link shows, in step order. */
const linkStates = (page: string) =>
  [...page.matchAll(/data-testid="progress-link" data-step="(\w+)" data-state="(\w+)"/g)].map((m) => `${m[1]}:${m[2]}`)

describe('the atelier list', () => {
  it('lists each style once, with its progress, its samples by status and its newest sample', async () => {
    const key = await styleWithWork('Styles List Coat')
    await createSample(portal.deps, brand.key, key, designer.key, { name: 'List coat front.png', status: 'Approved' })
    const newest = await createSample(portal.deps, brand.key, key, designer.key, {
      name: 'List coat back.png',
      status: 'Ready for Review',
    })
    // The newest sample's picture is the card's.
    const [ref] = await portal.deps.db.select().from(references).where(eq(references.key, newest))
    await portal.deps.db
      .update(files)
      .set({ thumbnailKey: `style-files/${brand.key}/${ref!.fileKey}_thumb.png` })
      .where(eq(files.key, ref!.fileKey!))
    const page = await html(browsers.owner, `/brand/${brand.key}/atelier?search=styles%20list`)
    const text = page.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')
    expect(text).toContain('1 style matching “styles list”')
    // The style once, although two of its listings name it.
    expect(page.match(/data-testid="style-card"/g)).toHaveLength(1)
    expect(page).toContain(`href="${stylePath(key)}"`)
    expect(text).toContain('3 of 6 steps')
    expect(text).toContain('1 Approved')
    expect(text).toContain('1 Ready for Review')
    expect(page).toMatch(/<img src="\/blobs\/[^"]+"/)
    // The listings view is one click away.
    expect(page).toContain(`href="/brand/${brand.key}/atelier/listings"`)
    // An outsider gets 404; a search with nothing to find says so.
    expect((await browsers.outsider.get(`/brand/${brand.key}/atelier`)).status).toBe(404)
    expect(await html(browsers.owner, `/brand/${brand.key}/atelier?search=zzz-none`)).toContain(
      'No style matches this search.',
    )
  })

  it('answers odd addresses with a page or a 400, never an error', async () => {
    for (const query of [
      'page=abc',
      'page=-3',
      'page=1e309',
      `search=${'x'.repeat(5000)}`,
      'search=a%25_%5C',
      'search[]=x',
    ]) {
      expect((await browsers.owner.get(`/brand/${brand.key}/atelier?${query}`)).status, query).toBe(200)
    }
    for (const query of ['search=%00', 'search=%C2%85']) {
      expect((await browsers.owner.get(`/brand/${brand.key}/atelier?${query}`)).status, query).toBe(400)
    }
  })

  it("shows each listed style's progress in the listings view", async () => {
    const key = await styleWithWork('Progress Shirt')
    const page = await html(browsers.owner, `/brand/${brand.key}/atelier/listings?search=progress%20shirt`)
    expect(page).toContain(`href="${stylePath(key)}"`)
    expect(page).toContain('3 of 6 steps')
    expect(page).toMatch(
      /role="progressbar" aria-label="Style progress" aria-valuemin="0" aria-valuemax="6" aria-valuenow="3"/,
    )
    // The products list is the same list without it.
    expect(await html(browsers.owner, `/brand/${brand.key}/products?search=progress%20shirt`)).not.toContain(
      'of 6 steps',
    )
  })
})

describe('the style summary', () => {
  it('shows the style, its listings as thumbnails, and a progress link per step with its state', async () => {
    const key = await styleWithWork('Summary Coat')
    const page = await html(browsers.owner, stylePath(key))
    expect(page).toContain('Virtual Atelier')
    expect(page).toContain('data-layout="standard"')
    expect(page).toContain('Summary Coat')
    expect(page).toContain('/img/front_300x400.png')
    expect(page).toContain('Listings (2)')
    expect(page).toContain('No virtual samples yet')
    expect(page).toContain('3 of 6 steps')
    expect(linkStates(page)).toEqual([
      'techpack:completed',
      'patterns:inprogress',
      'materials:notstarted',
      'graphics:notstarted',
      'references:notapplicable',
      'final:notstarted',
    ])
    expect(page).toContain(`href="${stylePath(key)}/patterns"`)
    // The top bar's back action returns to the atelier list.
    expect(page).toContain(`href="/brand/${brand.key}/atelier"`)
    // The comment thread is there, with its composer for an owner.
    expect(page).toContain('Comments')
    expect(page).toContain('name="text"')
  })

  it('gives designers the designer layout, with the next open step to continue with', async () => {
    const key = await styleWithWork('Designer Coat')
    const page = await html(browsers.designer, stylePath(key))
    expect(page).toContain('data-layout="designer"')
    expect(page).toContain('Continue with Materials')
    expect(hrefOf(page, 'continue-step')).toBe(`${stylePath(key)}/materials`)
    expect(linkStates(page)).toHaveLength(6)
  })

  it('posts a comment to the style thread without JavaScript', async () => {
    const key = await styleWithWork('Comment Coat')
    const answer = await browsers.owner.post(`${stylePath(key)}?index`, { intent: 'send', text: 'Collar looks right' })
    expect(answer.status).toBe(302)
    const thread = await listThreadMessages(portal.deps, await actorOf(portal.deps, owner), 'Style', key)
    expect(thread.messages.map((message) => message.text)).toEqual(['Collar looks right'])
    expect(await html(browsers.owner, stylePath(key))).toContain('Collar looks right')
  })

  it('is not found for outsiders and for a style of another brand', async () => {
    const key = await styleWithWork('Hidden Coat')
    expect((await browsers.outsider.get(stylePath(key))).status).toBe(404)
    expect((await browsers.outsider.get(`${stylePath(key)}/techpack`)).status).toBe(404)
    const other = await createBrand(portal.deps)
    const foreign = await createStyleIn(portal.deps, other.key, other.collections[0]!, 'Foreign')
    expect((await browsers.owner.get(stylePath(foreign))).status).toBe(404)
  })
})

describe('the wizard', () => {
  it('shows Product Asset, the six steps with the current one, the help, the slot and Continue', async () => {
    const key = await styleWithWork('Wizard Dress')
    const page = await html(browsers.owner, `${stylePath(key)}/patterns`)
    expect(page).toContain('Product Asset')
    expect(hrefOf(page, 'wizard-style-link')).toBe(stylePath(key))
    expect(page).toMatch(/Wizard Dress/)
    for (const label of [
      'Tech Pack &amp; Specs',
      'Materials',
      'Graphics &amp; prints',
      'Additional References',
      'Final Files',
    ])
      expect(page).toContain(label)
    expect(page).toMatch(/aria-current="step" data-step="patterns" data-state="inprogress"/)
    expect(page).toContain('Pattern files: DXF AAMA/ASTM and RUL, or images that state scale and grading.')
    expect(page).toContain('File types: DXF AAMA/ASTM and RUL .jpg .pdf .png etc.')
    expect(page).toContain('data-testid="step-uploads-slot" data-step="patterns" data-tab="pattern"')
    expect(page).toContain('3D CAD Pattern')
    expect(hrefOf(page, 'continue')).toBe(`${stylePath(key)}/materials`)
    expect(page).toContain('role="switch" aria-checked="false"')

    const final = await html(browsers.owner, `${stylePath(key)}/final`)
    expect(final).toContain('Upload only approved files.')
    // After the last step, Continue leads to the style page.
    expect(hrefOf(final, 'continue')).toBe(stylePath(key))

    const print = await html(browsers.owner, `${stylePath(key)}/graphics?tab=print`)
    expect(print).toMatch(/aria-current="page"[^>]*>Print</)
    expect(print).toContain('data-tab="print"')
    expect(print).toMatch(/>Graphic</)
  })

  it('renders the extended form into the step, and answers 404 for unknown steps and views', async () => {
    const key = await styleWithWork('Extended Dress')
    const page = await html(browsers.owner, `${stylePath(key)}/references/preview/list`)
    expect(page).toContain('data-view="preview/list"')
    expect(page).toContain('Additional References')
    for (const path of [`${stylePath(key)}/samplez`, `${stylePath(key)}/references/gallery/list`]) {
      expect((await browsers.owner.get(path)).status, path).toBe(404)
    }
  })

  it('marks a step Not applicable with the switch and clears it again; the summary follows', async () => {
    const key = await styleWithWork('Switch Skirt')
    const answer = await browsers.owner.post(`${stylePath(key)}/graphics`, { notapplicable: 'on' })
    expect(answer.status).toBe(302)
    expect(answer.headers.get('location')).toBe(`${stylePath(key)}/graphics`)
    expect((await rowOf(key)).statusGraphics).toBe('notapplicable')
    const step = await html(browsers.owner, `${stylePath(key)}/graphics`)
    expect(step).toContain('role="switch" aria-checked="true"')
    expect(step).toContain('Change saved successfully')
    expect(step).toContain('This step is marked Not applicable.')
    const summary = await html(browsers.owner, stylePath(key))
    expect(linkStates(summary)).toContain('graphics:notapplicable')
    expect(summary).toContain('4 of 6 steps')

    expect((await browsers.owner.post(`${stylePath(key)}/graphics`, { notapplicable: 'off' })).status).toBe(302)
    expect((await rowOf(key)).statusGraphics).toBeNull()
    expect(await html(browsers.owner, stylePath(key))).toContain('3 of 6 steps')
    // Switching off leaves a step that is under way as it is.
    expect((await browsers.owner.post(`${stylePath(key)}/patterns`, { notapplicable: 'off' })).status).toBe(302)
    expect((await rowOf(key)).statusPatterns).toBe('inprogress')
    expect((await browsers.owner.post(`${stylePath(key)}/patterns`, { notapplicable: 'maybe' })).status).toBe(400)
  })

  it('shows read members the step without the switch and refuses their post', async () => {
    const key = await styleWithWork('Reader Skirt')
    const page = await html(browsers.reader, `${stylePath(key)}/techpack`)
    expect(page).toContain('Tech Pack &amp; Specs')
    expect(page).not.toContain('role="switch"')
    const before = await rowOf(key)
    const answer = await browsers.reader.post(`${stylePath(key)}/techpack`, { notapplicable: 'on' })
    expect(answer.status).toBe(403)
    expect(await rowOf(key)).toEqual(before)
  })
})
