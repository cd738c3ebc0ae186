// The chat page's composer without JavaScript: a file posted with the message goes through the
// file pipeline, and the message is sent with it once it is scanned clean; a refused file is shown
// with the spec's text and sends nothing; people who may not post in the conversation leave no
// file and no message behind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { files, messages } from '#db/schema'
import { EICAR } from '#app/infra/file-scan.server'
import { SCAN_MESSAGES } from '#app/features/files/file-purposes'
import { openDirectChat } from '#app/features/chat/chat.server'
import { actorOf, createBrand, createMember, type AccountFixture, type BrandFixture } from '#tests/support/factories'
import { loadServerBuild, startTestPortal, type TestPortal } from '#tests/support/portal'
import { pageBrowser } from '#tests/support/page-browser'

let portal: TestPortal
let brand: BrandFixture
let designer: AccountFixture
let vsm: AccountFixture
let bystander: AccountFixture
let outsider: AccountFixture
let conversation: string
let path: string

const png = () =>
  sharp({ create: { width: 600, height: 800, channels: 4, background: '#9d174dff' } })
    .png()
    .toBuffer()

const asFile = (name: string, bytes: Buffer) => ({ name, content: new Uint8Array(bytes), type: 'image/png' })

async function messagesIn(key: string) {
  return portal.deps.db.select().from(messages).where(eq(messages.conversationKey, key))
}

async function filesOf(account: AccountFixture) {
  return portal.deps.db.select().from(files).where(eq(files.uploadedBy, account.key))
}

beforeAll(async () => {
  portal = await startTestPortal({ remixBuild: await loadServerBuild() })
  brand = await createBrand(portal.deps, { name: 'Atelier Files' })
  const otherBrand = await createBrand(portal.deps, { name: 'Elsewhere Files' })
  designer = await createMember(portal.deps, [{ brand: brand.key, type: 'editor' }], { name: 'Dana' })
  vsm = await createMember(portal.deps, [{ brand: brand.key, type: 'editor' }], { name: 'Vik' })
  bystander = await createMember(portal.deps, [{ brand: brand.key, type: 'editor' }], { name: 'Bea' })
  outsider = await createMember(portal.deps, [{ brand: otherBrand.key, type: 'owner' }], { name: 'Otto' })
  conversation = (await openDirectChat(portal.deps, await actorOf(portal.deps, designer), brand.key, vsm.key)).key
  path = `/brand/${brand.key}/chat/${conversation}`
})
afterAll(() => portal?.destroy())

describe('the chat composer without JavaScript', () => {
  it('sends a PNG with the message once it is scanned, and the other member sees it on the page', async () => {
    const browser = await pageBrowser(portal, designer)
    const page = await (await browser.get(path)).text()
    // The composer is a multipart form with a file field.
    expect(page).toMatch(/<form[^>]*enctype="multipart\/form-data"/i)
    expect(page).toMatch(/<input[^>]*type="file"[^>]*name="file"/)

    const sent = await browser.upload(path, asFile('back-view.png', await png()), { fields: { text: 'Back view' } })
    expect(sent.status).toBe(302)
    expect(sent.headers.get('location')).toBe(path)
    const stored = await messagesIn(conversation)
    expect(stored.map((row) => row.text)).toEqual(['Back view'])
    const [file] = await filesOf(designer)
    expect(file).toMatchObject({
      status: 'available',
      purpose: 'chat-attachment',
      originalName: 'back-view.png',
      messageKey: stored[0]!.key,
    })

    const seen = await (await (await pageBrowser(portal, vsm)).get(path)).text()
    expect(seen).toContain('Back view')
    expect(seen).toMatch(/data-testid="message-attachment"/)
    expect(seen).toMatch(
      /<img[^>]*alt="back-view.png"|<img[^>]*src="\/blobs\/[^"]*_300x400\.png[^>]*alt="back-view.png"/,
    )
  })

  it('sends a file without text, and text without a file as before', async () => {
    const browser = await pageBrowser(portal, designer)
    const before = (await messagesIn(conversation)).length
    const fileOnly = await browser.upload(path, asFile('front.png', await png()), { fields: { text: '  ' } })
    expect(fileOnly.status).toBe(302)
    // The chat list tells a file sent without text by its name.
    const list = await (await browser.get(`/brand/${brand.key}/chat`)).text()
    expect(list).toMatch(/data-testid="chat-preview"[^>]*>(<!-- -->|[^<])*front\.png/)
    // The file input left empty: the browser sends an empty file part with no name.
    const plain = await browser.upload(
      path,
      { name: '', content: new Uint8Array(0), type: 'application/octet-stream' },
      {
        fields: { text: 'No file this time' },
      },
    )
    expect(plain.status).toBe(302)
    const stored = (await messagesIn(conversation)).sort((a, b) => a.seq - b.seq).slice(before)
    expect(stored.map((row) => row.text)).toEqual(['', 'No file this time'])
    const carried = await portal.deps.db.select().from(files).where(eq(files.messageKey, stored[0]!.key))
    expect(carried.map((row) => row.originalName)).toEqual(['front.png'])
    // Neither text nor file: the spec's text, nothing sent.
    const empty = await browser.upload(path, { name: '', content: new Uint8Array(0) }, { fields: { text: ' ' } })
    expect(empty.status).toBe(400)
    expect(await empty.text()).toContain('Message is required.')
    expect(await messagesIn(conversation)).toHaveLength(before + 2)
  })

  it('refuses an infected file with the spec’s text and sends nothing', async () => {
    const browser = await pageBrowser(portal, designer)
    const before = (await messagesIn(conversation)).length
    const infected = Buffer.concat([await png(), EICAR])
    const answer = await browser.upload(path, asFile('infected.png', infected), { fields: { text: 'Look at this' } })
    expect(answer.status).toBe(400)
    expect(await answer.text()).toContain(SCAN_MESSAGES.quarantined)
    expect(await messagesIn(conversation)).toHaveLength(before)
    const quarantined = (await filesOf(designer)).find((row) => row.originalName === 'infected.png')
    expect(quarantined).toMatchObject({ status: 'quarantined', messageKey: null })
  })

  it('refuses a form whose token is missing or comes after the file, before keeping the file', async () => {
    const browser = await pageBrowser(portal, designer)
    const before = { messages: (await messagesIn(conversation)).length, files: (await filesOf(designer)).length }
    for (const csrf of ['none', 'after-file'] as const) {
      const answer = await browser.upload(path, asFile('late.png', await png()), { fields: { text: 'Hi' }, csrf })
      expect(answer.status, csrf).toBe(403)
    }
    expect(await messagesIn(conversation)).toHaveLength(before.messages)
    expect(await filesOf(designer)).toHaveLength(before.files)
  })

  it('keeps people who may not post in the conversation out, with no file kept', async () => {
    for (const [account, url] of [
      [bystander, path],
      [outsider, path],
      [outsider, `/brand/${brand.key}/chat/${conversation}`.replace(brand.key, 'nosuchbrand')],
    ] as const) {
      const browser = await pageBrowser(portal, account)
      const before = (await messagesIn(conversation)).length
      const answer = await browser.upload(url, asFile('intruder.png', await png()), { fields: { text: 'Let me in' } })
      expect(answer.status, `${account.email} at ${url}`).toBe(404)
      expect(await messagesIn(conversation)).toHaveLength(before)
      expect(await filesOf(account)).toHaveLength(0)
    }
  })
})
