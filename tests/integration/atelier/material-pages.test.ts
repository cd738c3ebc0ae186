// The Materials step's pages without JavaScript, against a real database (atelier.md §2 Materials
// step, §8): the cards with View, Add {type} and the checkmark toggle; a type's list newest
// modified first with its empty state; New and Edit forms with colours per side that save, return
// to the list with a toast and mark the step; a refused form shows §8's message and stores
// nothing; the Media Library lists clean images and takes an upload through the file pipeline.
// Read members see but cannot change; outsiders get 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { and, eq } from 'drizzle-orm'
import { files, materialStyles, materials, styleMaterialChecks, styles } from '#db/schema'
import { MATERIAL_ERROR_MESSAGE } from '#app/features/atelier/materials'
import { createStyleIn } from '#tests/support/catalogue-factories'
import { createBrand, createMember, type AccountFixture, type BrandFixture } from '#tests/support/factories'
import { createMaterial, createMaterialImage } from '#tests/support/material-factories'
import { pageBrowser } from '#tests/support/page-browser'
import { loadServerBuild, startTestPortal, type TestPortal } from '#tests/support/portal'

let portal: TestPortal
let brand: BrandFixture
let editor: AccountFixture
let reader: AccountFixture
let outsider: AccountFixture

beforeAll(async () => {
  portal = await startTestPortal({ remixBuild: await loadServerBuild() })
  brand = await createBrand(portal.deps)
  editor = await createMember(portal.deps, [{ brand: brand.key, type: 'editor' }], { name: 'Editor' })
  reader = await createMember(portal.deps, [{ brand: brand.key, type: 'read' }], { name: 'Reader' })
  const elsewhere = await createBrand(portal.deps)
  outsider = await createMember(portal.deps, [{ brand: elsewhere.key, type: 'owner' }], { name: 'Outsider' })
})
afterAll(() => portal?.destroy())

const base = (style: string) => `/brand/${brand.key}/style/${style}/materials`
const newStyle = (name = 'Linen Shirt') => createStyleIn(portal.deps, brand.key, null, name)
const styleRow = async (key: string) => (await portal.deps.db.select().from(styles).where(eq(styles.key, key)))[0]!
/** Text of a page without its tags, for reading what a person sees. */
const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<!--.*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ')

async function landing(browser: Awaited<ReturnType<typeof pageBrowser>>, answer: Response) {
  expect(answer.status, await answer.clone().text()).toBe(302)
  const location = answer.headers.get('location')!
  return { location, html: await (await browser.get(location)).text() }
}

describe('the cards', () => {
  it('show each type with View, Add {type} and the checkmark to an editor; a reader only views', async () => {
    const style = await newStyle()
    const page = textOf(await (await (await pageBrowser(portal, editor)).get(base(style))).text())
    for (const title of ['Fabric', 'Trim', 'Hardware', 'Branding']) {
      expect(page).toContain(`Add ${title}`)
      expect(page).toContain(`No additional ${title}? Click checkmark`)
    }
    expect(page).toContain('There is no fabric')
    const readerPage = await (await pageBrowser(portal, reader)).get(base(style))
    expect(readerPage.status).toBe(200)
    const readerText = textOf(await readerPage.text())
    expect(readerText).toContain('View')
    expect(readerText).not.toContain('Add Fabric')
  })

  it('tick and clear "No additional {title}?" with a form, refused to a reader', async () => {
    const style = await newStyle()
    expect((await styleRow(style)).statusMaterials).toBeNull()
    const browser = await pageBrowser(portal, editor)
    const checks = () =>
      portal.deps.db
        .select()
        .from(styleMaterialChecks)
        .where(and(eq(styleMaterialChecks.styleKey, style), eq(styleMaterialChecks.type, 'trim')))
    const { location, html } = await landing(
      browser,
      await browser.post(`${base(style)}?index`, { type: 'trim', checked: 'true' }),
    )
    expect(location).toBe(base(style))
    expect(html).toContain('Change saved successfully')
    expect(html).toMatch(/aria-checked="true"[^>]*>[\s\S]*?No additional Trim\? Click checkmark/)
    expect(await checks()).toHaveLength(1)
    // Saying a type needs nothing more is work on the step, as saving a material is.
    expect((await styleRow(style)).statusMaterials).toBe('inprogress')
    await landing(browser, await browser.post(`${base(style)}?index`, { type: 'trim', checked: 'false' }))
    expect(await checks()).toHaveLength(0)
    expect((await styleRow(style)).statusMaterials).toBe('inprogress')
    const refused = await (
      await pageBrowser(portal, reader)
    ).post(`${base(style)}?index`, { type: 'trim', checked: 'true' })
    expect(refused.status).toBe(403)
    expect(await checks()).toHaveLength(0)
  })

  it('sit in the step shell: help text, Continue, and a Not applicable switch for editors only', async () => {
    const style = await newStyle()
    const browser = await pageBrowser(portal, editor)
    const html = await (await browser.get(base(style))).text()
    expect(html).toContain('data-testid="wizard-step" data-step="materials"')
    expect(html).toContain(`href="/brand/${brand.key}/style/${style}/graphics"`)
    expect(html).toMatch(/name="notapplicable" value="on" role="switch" aria-checked="false"/)
    const { location, html: after } = await landing(
      browser,
      await browser.post(`${base(style)}?index`, { notapplicable: 'on' }),
    )
    expect(location).toBe(base(style))
    expect(after).toContain('Change saved successfully')
    expect((await styleRow(style)).statusMaterials).toBe('notapplicable')
    await landing(browser, await browser.post(`${base(style)}?index`, { notapplicable: 'off' }))
    expect((await styleRow(style)).statusMaterials).toBeNull()
    const reader_ = await pageBrowser(portal, reader)
    expect(await (await reader_.get(base(style))).text()).not.toContain('name="notapplicable"')
    expect((await reader_.post(`${base(style)}?index`, { notapplicable: 'on' })).status).toBe(403)
    expect((await styleRow(style)).statusMaterials).toBeNull()
  })

  it('answer 404 to an outsider, and for a style of another brand under this brand', async () => {
    const style = await newStyle()
    expect((await (await pageBrowser(portal, outsider)).get(base(style))).status).toBe(404)
    const other = await createBrand(portal.deps)
    const foreign = await createStyleIn(portal.deps, other.key, null)
    const both = await createMember(portal.deps, [
      { brand: brand.key, type: 'editor' },
      { brand: other.key, type: 'editor' },
    ])
    expect((await (await pageBrowser(portal, both)).get(base(foreign))).status).toBe(404)
    expect((await (await pageBrowser(portal, editor)).get(`${base(style)}/leather/summary`)).status).toBe(404)
    expect((await (await pageBrowser(portal, editor)).get(`${base(style)}/fabric/sideways`)).status).toBe(404)
  })
})

describe("a type's list", () => {
  it('shows its empty state, then the materials newest modified first with their colours', async () => {
    const style = await newStyle()
    const browser = await pageBrowser(portal, reader)
    expect(textOf(await (await browser.get(`${base(style)}/fabric/summary`)).text())).toContain('There is no fabric')
    await createMaterial(portal.deps, brand.key, [style], {
      name: 'Older twill',
      modified: new Date(Date.now() - 3_600_000),
    })
    await createMaterial(portal.deps, brand.key, [style], {
      name: 'Newer poplin',
      colors: [{ name: 'front', code: 'Navy', hexcode: '#0F4C81', pantone: '19-4052 TCX', notes: '' }],
    })
    await createMaterial(portal.deps, brand.key, [style], { name: 'A trim', type: 'trim' })
    const page = textOf(await (await browser.get(`${base(style)}/fabric/summary`)).text())
    expect(page.indexOf('Newer poplin')).toBeGreaterThan(-1)
    expect(page.indexOf('Newer poplin')).toBeLessThan(page.indexOf('Older twill'))
    expect(page).not.toContain('A trim')
    expect(page).toContain('#0F4C81')
    expect(page).toContain('19-4052 TCX')
  })
})

describe('New and Edit {type}', () => {
  it('save a fabric with front and back colours and pictures, back to the list with a toast, marking the step', async () => {
    const style = await newStyle()
    const front = await createMaterialImage(portal.deps, brand.key, { name: 'twill-front.jpg' })
    const browser = await pageBrowser(portal, editor)
    const form = textOf(await (await browser.get(`${base(style)}/fabric/add?front=${front}`)).text())
    expect(form).toContain('New Fabric')
    const { location, html } = await landing(
      browser,
      await browser.post(`${base(style)}/fabric/add`, {
        name: 'Washed twill',
        use: 'Body',
        colorway: 'Blue / Red',
        notes: '',
        front,
        back: '',
        'front.code': 'Classic Blue',
        'front.hexcode': '#0f4c81',
        'front.pantone': '19-4052 TCX',
        'back.code': 'Red',
        'back.hexcode': '',
        'back.pantone': '185 C',
      }),
    )
    expect(location).toBe(`${base(style)}/fabric/summary`)
    expect(html).toContain('Change saved successfully')
    expect(textOf(html)).toContain('Washed twill')
    const [row] = await portal.deps.db.select().from(materials).where(eq(materials.name, 'Washed twill'))
    expect(row).toMatchObject({ type: 'fabric', frontFileKey: front, backFileKey: null, colorway: 'Blue / Red' })
    expect(row!.colors).toEqual([
      { name: 'front', code: 'Classic Blue', notes: '', hexcode: '#0F4C81', pantone: '19-4052 TCX' },
      { name: 'back', code: 'Red', notes: '', hexcode: '#E4002B', pantone: '185 C' },
    ])
    const links = await portal.deps.db.select().from(materialStyles).where(eq(materialStyles.materialKey, row!.key))
    expect(links.map((link) => link.styleKey)).toEqual([style])
    expect((await styleRow(style)).statusMaterials).toBe('inprogress')

    // Edit shows what was saved and changes it.
    const edit = await (await browser.get(`${base(style)}/fabric/edit?key=${row!.key}`)).text()
    expect(textOf(edit)).toContain('Edit Fabric')
    expect(edit).toContain('value="Washed twill"')
    await landing(
      browser,
      await browser.post(`${base(style)}/fabric/edit?key=${row!.key}`, {
        name: 'Washed twill II',
        'front.hexcode': '#112233',
      }),
    )
    const [changed] = await portal.deps.db.select().from(materials).where(eq(materials.key, row!.key))
    expect(changed).toMatchObject({ name: 'Washed twill II', frontFileKey: null })
    expect(changed!.colors).toEqual([{ name: 'front', code: '', notes: '', hexcode: '#112233', pantone: '' }])
  })

  it('show the form again with §8 message and the field errors when refused, storing nothing', async () => {
    const style = await newStyle()
    const browser = await pageBrowser(portal, editor)
    const answer = await browser.post(`${base(style)}/fabric/add`, {
      name: 'Bad colours',
      'front.hexcode': '#12',
      'back.pantone': 'navy blue',
    })
    expect(answer.status).toBe(400)
    const page = textOf(await answer.text())
    expect(page).toContain(MATERIAL_ERROR_MESSAGE)
    expect(page).toContain('Enter a hex code as #RRGGBB')
    expect(page).toContain('Enter a Pantone code such as 19-4052 TCX or 185 C.')
    expect(await portal.deps.db.select().from(materials).where(eq(materials.name, 'Bad colours'))).toEqual([])
    expect((await styleRow(style)).statusMaterials).toBeNull()
  })

  it('are refused to a read member, and Edit of another style or type is not found', async () => {
    const style = await newStyle()
    const readerBrowser = await pageBrowser(portal, reader)
    expect((await readerBrowser.get(`${base(style)}/fabric/add`)).status).toBe(403)
    expect((await readerBrowser.post(`${base(style)}/fabric/add`, { name: 'Taken' })).status).toBe(403)
    expect(await portal.deps.db.select().from(materials).where(eq(materials.name, 'Taken'))).toEqual([])
    const key = await createMaterial(portal.deps, brand.key, [style], { type: 'trim' })
    const browser = await pageBrowser(portal, editor)
    expect((await browser.get(`${base(style)}/fabric/edit?key=${key}`)).status).toBe(404)
    expect((await browser.get(`${base(await newStyle())}/trim/edit?key=${key}`)).status).toBe(404)
  })
})

describe('the Media Library', () => {
  it("lists the brand's clean images and takes an upload, going on to New {type} with it", async () => {
    const style = await newStyle()
    await createMaterialImage(portal.deps, brand.key, { name: 'clean-swatch.jpg' })
    await createMaterialImage(portal.deps, brand.key, { name: 'dirty-swatch.jpg', status: 'quarantined' })
    const browser = await pageBrowser(portal, editor)
    const page = textOf(await (await browser.get(`${base(style)}/fabric/upload`)).text())
    expect(page).toContain('Media Library')
    expect(page).toContain('clean-swatch.jpg')
    expect(page).not.toContain('dirty-swatch.jpg')
    // The cards stay under the dialog.
    expect(page).toContain('No additional Fabric? Click checkmark')

    const png = await sharp({ create: { width: 30, height: 40, channels: 3, background: '#0F4C81' } })
      .png()
      .toBuffer()
    const answer = await browser.upload(
      `${base(style)}/fabric/upload`,
      { name: 'new-swatch.png', content: new Uint8Array(png), type: 'image/png' },
      { csrf: 'first' },
    )
    const { location, html } = await landing(browser, answer)
    const [file] = await portal.deps.db.select().from(files).where(eq(files.originalName, 'new-swatch.png'))
    expect(file).toMatchObject({ purpose: 'material-image', status: 'available', brandKey: brand.key })
    expect(location).toBe(`${base(style)}/fabric/add?front=${file!.key}`)
    expect(html).toContain('The file has been uploaded and scanned.')
    expect(html).toMatch(new RegExp(`value="${file!.key}"[^>]*checked|checked[^>]*value="${file!.key}"`))
  })

  it('is refused to a read member', async () => {
    const style = await newStyle()
    expect((await (await pageBrowser(portal, reader)).get(`${base(style)}/fabric/upload`)).status).toBe(403)
  })
})
