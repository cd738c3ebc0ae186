// The wizard's file steps without JavaScript, against a real database (atelier.md §2 Wizard, §4,
// §5, §8; decision 125): the upload form takes several files into the step (and the open folder),
// the list shows folders then files with their sizes, the §2 empty state, folders made and opened
// by their breadcrumb, Rename, Archive, Delete, Move and Clone as Final as forms with §8's toasts,
// Download recording its activity. Read members only download; outsiders get 404; a file of an
// unsupported type is refused with §5's words and nothing is stored, a bad aspect ratio is said.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { and, eq } from 'drizzle-orm'
import { activities, files, references, styles } from '#db/schema'
import { pipelineSettled } from '#app/features/files/files.server'
import { createStyleIn } from '#tests/support/catalogue-factories'
import { createFile } from '#tests/support/file-factories'
import { createBrand, createMember, type AccountFixture, type BrandFixture } from '#tests/support/factories'
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

const stepUrl = (style: string, step: string, query = '') => `/brand/${brand.key}/style/${style}/${step}${query}`
const newStyle = () => createStyleIn(portal.deps, brand.key, null, 'Wrap Dress')
const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<!--.*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c9b8a6' } })
    .png()
    .toBuffer()
    .then((buffer) => new Uint8Array(buffer))
const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')

const refsOf = (style: string) => portal.deps.db.select().from(references).where(eq(references.styleKey, style))

async function landing(browser: Awaited<ReturnType<typeof pageBrowser>>, answer: Response) {
  expect(answer.status, await answer.clone().text()).toBe(302)
  const location = answer.headers.get('location')!
  return { location, html: await (await browser.get(location)).text() }
}

/** Uploads files by the plain form into a step and waits for their scans. */
async function uploadInto(
  style: string,
  step: string,
  list: { name: string; content: Uint8Array<ArrayBuffer> }[],
  query = '',
) {
  const browser = await pageBrowser(portal, editor)
  const answer = await browser.uploadFiles(stepUrl(style, step, query), list)
  const landed = await landing(browser, answer)
  await pipelineSettled(portal.deps)
  return { browser, ...landed }
}

describe('the upload form and the list', () => {
  it('shows the §2 empty state, then takes several files, lists them newest first and marks the step', async () => {
    const style = await newStyle()
    const browser = await pageBrowser(portal, editor)
    const empty = textOf(await (await browser.get(stepUrl(style, 'references'))).text())
    expect(empty).toContain('File types: DXF AAMA/ASTM and RUL .jpg .pdf .png etc.')
    expect(empty).toContain('Upload')

    const { location, html } = await uploadInto(style, 'references', [
      { name: 'mood.png', content: await png(600, 800) },
      { name: 'brief.pdf', content: pdf },
    ])
    expect(location).toBe(stepUrl(style, 'references', '?view=list'))
    expect(textOf(html)).toContain('The file is being scanned for security compliance.')
    const list = await (await browser.get(location)).text()
    const text = textOf(list)
    expect(text).toContain('mood.png')
    expect(text).toContain('brief.pdf')
    // Newest created first: the second file of the form was made last.
    expect(text.indexOf('brief.pdf')).toBeLessThan(text.indexOf('mood.png'))
    expect(list).toContain('_300x400')
    expect(list).toContain('data-family="pdf"')
    const [row] = await portal.deps.db.select().from(styles).where(eq(styles.key, style))
    expect(row!.statusReferences).toBe('completed')
    const slides = await (await browser.get(stepUrl(style, 'references', '?view=slide'))).text()
    expect(slides).toContain('data-testid="files-slides"')
    // The lightbox shows the original.
    const [image] = (await refsOf(style)).filter((ref) => ref.name === 'mood.png')
    const open = await (await browser.get(stepUrl(style, 'references', `?view=list&open=${image!.key}`))).text()
    expect(open).toMatch(/data-testid="lightbox"[\s\S]*<img[^>]+alt="mood.png"/)
  })

  it('refuses an unsupported file with §5 words and stores nothing; says a bad aspect ratio', async () => {
    const style = await newStyle()
    const before = (await portal.deps.db.select().from(files)).length
    const { html } = await uploadInto(style, 'references', [
      { name: 'tool.exe', content: new TextEncoder().encode('MZ not for us') },
    ])
    expect(textOf(html)).toContain('tool.exe is not a supported file type')
    expect(await refsOf(style)).toHaveLength(0)
    expect((await portal.deps.db.select().from(files)).length).toBe(before)

    const { browser } = await uploadInto(style, 'references', [
      { name: 'square-ish.png', content: await png(800, 600) },
    ])
    const page = textOf(await (await browser.get(stepUrl(style, 'references'))).text())
    expect(page).toContain('square-ish.png was not accepted.')
    expect(page).toContain('Images must have one of the aspect ratios 1-1, 2-3, 1-2, 3-4, 16-9, 9-16, 16-7.')
  })

  it('filters by tab: a print is listed under Print, not Graphic; Final Files lists references tagged final', async () => {
    const style = await newStyle()
    const { browser } = await uploadInto(style, 'graphics', [{ name: 'stripe.pdf', content: pdf }], '?tab=print')
    expect(textOf(await (await browser.get(stepUrl(style, 'graphics', '?tab=print'))).text())).toContain('stripe.pdf')
    expect(textOf(await (await browser.get(stepUrl(style, 'graphics', '?tab=graphic'))).text())).not.toContain(
      'stripe.pdf',
    )
    await uploadInto(style, 'patterns', [{ name: 'body.pdf', content: pdf }], '?tab=3d-cad')
    expect(textOf(await (await browser.get(stepUrl(style, 'patterns', '?tab=3d-cad'))).text())).toContain('body.pdf')
    expect(textOf(await (await browser.get(stepUrl(style, 'patterns'))).text())).not.toContain('body.pdf')

    const [print] = await refsOf(style)
    const { html } = await landing(
      browser,
      await browser.post(stepUrl(style, 'graphics', '?tab=print&view=list'), {
        intent: 'clone',
        reference: print!.key,
      }),
    )
    expect(textOf(html)).toContain('Change saved successfully')
    expect(textOf(await (await browser.get(stepUrl(style, 'final'))).text())).toContain('stripe.pdf')
    const finals = (await refsOf(style)).filter((ref) => ref.tags.includes('final'))
    expect(finals).toHaveLength(1)
  })
})

describe('folders and row actions', () => {
  it('creates "untitled folder", opens it by its breadcrumb and uploads into it', async () => {
    const style = await newStyle()
    const browser = await pageBrowser(portal, editor)
    const { html } = await landing(browser, await browser.post(stepUrl(style, 'techpack'), { intent: 'folder' }))
    expect(textOf(html)).toContain('untitled folder')
    const [folder] = await refsOf(style)
    expect(folder).toMatchObject({ type: 'folder', name: 'untitled folder', step: 'techpack' })
    const inside = await (await browser.get(stepUrl(style, 'techpack', `?folder=${folder!.key}`))).text()
    expect(inside).toContain('data-testid="folder-back"')
    expect(textOf(inside)).toContain('Tech Pack & Specs / untitled folder')
    await uploadInto(style, 'techpack', [{ name: 'spec.pdf', content: pdf }], `?folder=${folder!.key}`)
    const file = (await refsOf(style)).find((ref) => ref.name === 'spec.pdf')!
    expect(file.path).toEqual([folder!.key])
    expect(textOf(await (await browser.get(stepUrl(style, 'techpack', `?folder=${folder!.key}`))).text())).toContain(
      'spec.pdf',
    )
    // At the top only the folder shows.
    expect(textOf(await (await browser.get(stepUrl(style, 'techpack', '?view=list'))).text())).not.toContain('spec.pdf')
    // Moved back to the top.
    await landing(
      browser,
      await browser.post(stepUrl(style, 'techpack'), { intent: 'move', reference: file.key, path: '' }),
    )
    expect((await refsOf(style)).find((ref) => ref.key === file.key)!.path).toEqual([])
  })

  it('renames, archives and deletes with §8 texts; downloads record the activity', async () => {
    const style = await newStyle()
    const { browser } = await uploadInto(style, 'references', [
      { name: 'a.pdf', content: pdf },
      { name: 'b.pdf', content: pdf },
    ])
    const [a, b] = ['a.pdf', 'b.pdf'].map((name) => name)
    const refs = await refsOf(style)
    const refA = refs.find((ref) => ref.name === a)!
    const refB = refs.find((ref) => ref.name === b)!
    const dialog = textOf(
      await (await browser.get(stepUrl(style, 'references', `?view=list&rename=${refA.key}`))).text(),
    )
    expect(dialog).toContain('NEW NAME')
    expect(dialog).toContain('CANCEL')
    expect(dialog).toContain('RENAME')
    const renamed = await landing(
      browser,
      await browser.post(stepUrl(style, 'references', '?view=list'), {
        intent: 'rename',
        reference: refA.key,
        name: 'Front view',
      }),
    )
    expect(textOf(renamed.html)).toContain('Reference name updated')
    expect(textOf(renamed.html)).toContain('Front view')

    const archived = await landing(
      browser,
      await browser.post(stepUrl(style, 'references', '?view=list'), { intent: 'archive', reference: refA.key }),
    )
    expect(textOf(archived.html)).toContain('Asset has been archived successfully.')
    expect(textOf(archived.html)).not.toContain('Front view')
    expect((await refsOf(style)).find((ref) => ref.key === refA.key)!.archived).toBe(true)

    const confirm = textOf(
      await (await browser.get(stepUrl(style, 'references', `?view=list&delete=${refB.key}`))).text(),
    )
    expect(confirm).toContain("Deleting assets can't be undone. Are you sure you want to delete?")
    const deleted = await landing(
      browser,
      await browser.post(stepUrl(style, 'references', '?view=list'), { intent: 'delete', reference: refB.key }),
    )
    expect(textOf(deleted.html)).toContain('Asset has been deleted successfully.')
    expect((await refsOf(style)).some((ref) => ref.key === refB.key)).toBe(false)

    const readerBrowser = await pageBrowser(portal, reader)
    await uploadInto(style, 'references', [{ name: 'c.pdf', content: pdf }])
    const refC = (await refsOf(style)).find((ref) => ref.name === 'c.pdf')!
    const download = await readerBrowser.post(stepUrl(style, 'references'), { intent: 'download', reference: refC.key })
    expect(download.status).toBe(302)
    expect(download.headers.get('location')).toMatch(/^\/|^http/)
    const recorded = await portal.deps.db
      .select()
      .from(activities)
      .where(and(eq(activities.modelKey, refC.key), eq(activities.action, 'reference-downloaded')))
    expect(recorded).toHaveLength(1)
  })

  it('keeps an order by Move up / Move down', async () => {
    const style = await newStyle()
    const { browser } = await uploadInto(style, 'references', [
      { name: 'one.pdf', content: pdf },
      { name: 'two.pdf', content: pdf },
    ])
    const order = async () => {
      const text = textOf(await (await browser.get(stepUrl(style, 'references', '?view=list'))).text())
      return text.indexOf('one.pdf') < text.indexOf('two.pdf') ? ['one', 'two'] : ['two', 'one']
    }
    expect(await order()).toEqual(['two', 'one'])
    const one = (await refsOf(style)).find((ref) => ref.name === 'one.pdf')!
    await landing(
      browser,
      await browser.post(stepUrl(style, 'references', '?view=list'), { intent: 'up', reference: one.key }),
    )
    expect(await order()).toEqual(['one', 'two'])
  })
})

describe('the upload with JavaScript', () => {
  it('makes an upload of the pipeline a reference of the step and its folder (intent attach)', async () => {
    const style = await newStyle()
    const browser = await pageBrowser(portal, editor)
    await landing(browser, await browser.post(stepUrl(style, 'final'), { intent: 'folder', name: 'Approved' }))
    const [folder] = await refsOf(style)
    const file = await createFile(portal.deps, brand.key, editor.key, {
      purpose: 'style-file',
      status: 'available',
      name: 'Approved.pdf',
    })
    const refused = await (
      await pageBrowser(portal, reader)
    ).post(stepUrl(style, 'final', `?folder=${folder!.key}`), { intent: 'attach', file })
    expect(refused.status).toBe(403)
    const answer = await browser.post(stepUrl(style, 'final', `?folder=${folder!.key}`), { intent: 'attach', file })
    expect(answer.status).toBe(200)
    const made = (await refsOf(style)).find((ref) => ref.fileKey === file)!
    expect(made).toMatchObject({ step: 'final', tags: ['final'], path: [folder!.key] })
    expect(textOf(await (await browser.get(stepUrl(style, 'final', `?folder=${folder!.key}`))).text())).toContain(
      'Approved.pdf',
    )
  })
})

describe('bad input', () => {
  it('is answered with 4xx and changes nothing', async () => {
    const style = await newStyle()
    const { browser } = await uploadInto(style, 'references', [{ name: 'kept.pdf', content: pdf }])
    const [kept] = await refsOf(style)
    expect((await browser.get(stepUrl(style, 'references', '?folder=nope'))).status).toBe(404)
    expect((await browser.get(stepUrl(style, 'references', `?folder=${kept!.key}`))).status).toBe(404)
    const other = await newStyle()
    const foreign = await portal.deps.db.select().from(references).where(eq(references.styleKey, other))
    expect(foreign).toHaveLength(0)
    for (const fields of <Record<string, string>[]>[
      { intent: 'rename', reference: kept!.key, name: '' },
      { intent: 'sideways', reference: kept!.key },
      { intent: 'move', reference: kept!.key, path: 'not a path!' },
      { intent: 'attach', file: '' },
    ]) {
      expect((await browser.post(stepUrl(style, 'references'), fields)).status, fields.intent).toBe(400)
    }
    const empty = await browser.post(stepUrl(style, 'references'), { intent: 'rename', reference: kept!.key, name: '' })
    expect(textOf(await empty.text())).toContain('name: cannot be empty.')
    expect((await refsOf(style))[0]).toMatchObject({ name: 'kept.pdf', path: [] })
  })
})

describe('who may', () => {
  it('a read member sees and downloads but every change is 403; an outsider gets 404', async () => {
    const style = await newStyle()
    await uploadInto(style, 'references', [{ name: 'kept.pdf', content: pdf }])
    const [kept] = await refsOf(style)
    const readerBrowser = await pageBrowser(portal, reader)
    const page = await (await readerBrowser.get(stepUrl(style, 'references', '?view=list'))).text()
    expect(textOf(page)).toContain('kept.pdf')
    expect(textOf(page)).toContain('Download')
    expect(textOf(page)).not.toContain('Rename')
    expect(page).not.toContain('data-testid="upload-form"')
    for (const fields of <Record<string, string>[]>[
      { intent: 'rename', reference: kept!.key, name: 'Taken' },
      { intent: 'archive', reference: kept!.key },
      { intent: 'delete', reference: kept!.key },
      { intent: 'clone', reference: kept!.key },
      { intent: 'folder' },
    ]) {
      expect((await readerBrowser.post(stepUrl(style, 'references'), fields)).status, fields.intent).toBe(403)
    }
    const upload = await readerBrowser.uploadFiles(stepUrl(style, 'references'), [{ name: 'x.pdf', content: pdf }])
    expect(upload.status).toBe(403)
    expect(await refsOf(style)).toHaveLength(1)
    expect((await refsOf(style))[0]).toMatchObject({ name: 'kept.pdf', archived: false })

    const outsiderBrowser = await pageBrowser(portal, outsider)
    expect((await outsiderBrowser.get(stepUrl(style, 'references'))).status).toBe(404)
    expect(
      (await outsiderBrowser.post(stepUrl(style, 'references'), { intent: 'download', reference: kept!.key })).status,
    ).toBe(404)
    expect(
      (await outsiderBrowser.post(stepUrl(style, 'references'), { intent: 'delete', reference: kept!.key })).status,
    ).toBe(404)
    expect(await refsOf(style)).toHaveLength(1)
  })
})
