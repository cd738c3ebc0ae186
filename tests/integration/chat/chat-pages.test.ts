// The chat pages without JavaScript, against a real database: a member sends and deletes with the
// forms, refused input stores nothing, and people outside a conversation or its brand are kept
// out by every page, whatever address they try.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { conversations, messages } from '#db/schema'
import { openDirectChat, sendMessage } from '#app/features/chat/chat.server'
import { actorOf, createBrand, createMember, type AccountFixture, type BrandFixture } from '#tests/support/factories'
import { loadServerBuild, startTestPortal, type TestPortal } from '#tests/support/portal'
import { pageBrowser } from '#tests/support/page-browser'

let portal: TestPortal
let brand: BrandFixture
let otherBrand: BrandFixture
let designer: AccountFixture
let vsm: AccountFixture
let bystander: AccountFixture
let outsider: AccountFixture
let conversation: string

/** A signed-in browser: its cookies and the CSRF token of its forms. */
const browserOf = (account: AccountFixture) => pageBrowser(portal, account)

async function messagesIn(key: string) {
  return portal.deps.db.select().from(messages).where(eq(messages.conversationKey, key))
}

beforeAll(async () => {
  portal = await startTestPortal({ remixBuild: await loadServerBuild() })
  brand = await createBrand(portal.deps, { name: 'Atelier Page' })
  otherBrand = await createBrand(portal.deps, { name: 'Elsewhere Page' })
  designer = await createMember(portal.deps, [{ brand: brand.key, type: 'editor' }], { name: 'Dana' })
  vsm = await createMember(portal.deps, [{ brand: brand.key, type: 'editor' }], { name: 'Vik' })
  bystander = await createMember(portal.deps, [{ brand: brand.key, type: 'read' }], { name: 'Bea' })
  outsider = await createMember(portal.deps, [{ brand: otherBrand.key, type: 'owner' }], { name: 'Otto' })
  const actor = await actorOf(portal.deps, designer)
  conversation = (await openDirectChat(portal.deps, actor, brand.key, vsm.key)).key
})
afterAll(() => portal?.destroy())

describe('the chat pages without JavaScript', () => {
  it('send a message with the form, refusing HTML and empty text with the spec texts', async () => {
    const browser = await browserOf(designer)
    const path = `/brand/${brand.key}/chat/${conversation}`
    const html = await browser.post(path, { text: 'Hi <b>there</b>' })
    expect(html.status).toBe(400)
    expect(await html.text()).toContain('Cannot add html tags.')
    const empty = await browser.post(path, { text: '   ' })
    expect(empty.status).toBe(400)
    expect(await empty.text()).toContain('Message is required.')
    expect(await messagesIn(conversation)).toHaveLength(0)

    const sent = await browser.post(path, { text: 'Fitting at three' })
    expect(sent.status).toBe(302)
    expect(sent.headers.get('location')).toBe(path)
    expect((await messagesIn(conversation)).map((row) => row.text)).toEqual(['Fitting at three'])
    const page = await browser.get(path)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('Fitting at three')
  })

  it('let the sender alone delete a message', async () => {
    const stored = await sendMessage(portal.deps, await actorOf(portal.deps, vsm), { conversation, text: 'From Vik' })
    const path = `/brand/${brand.key}/chat/${conversation}/delete-message/${stored.key}`
    // Not the designer's message: refused with the spec's toast, the message stays.
    const refused = await (await browserOf(designer)).post(path, {})
    expect(refused.status).toBe(302)
    expect((await messagesIn(conversation)).some((row) => row.key === stored.key)).toBe(true)
    const deleted = await (await browserOf(vsm)).post(path, {})
    expect(deleted.status).toBe(302)
    expect((await messagesIn(conversation)).some((row) => row.key === stored.key)).toBe(false)
  })

  it('keep a member of the brand out of a conversation they are not in', async () => {
    const browser = await browserOf(bystander)
    const path = `/brand/${brand.key}/chat/${conversation}`
    expect((await browser.get(path)).status).toBeGreaterThanOrEqual(403)
    const before = (await messagesIn(conversation)).length
    expect((await browser.post(path, { text: 'Let me in' })).status).toBeGreaterThanOrEqual(403)
    expect((await browser.post(`${path}/delete`, {})).status).toBeGreaterThanOrEqual(403)
    expect(await messagesIn(conversation)).toHaveLength(before)
    expect(await portal.deps.db.select().from(conversations).where(eq(conversations.key, conversation))).toHaveLength(1)
  })

  it('keep an outsider out under their own brand and under the conversation brand', async () => {
    const browser = await browserOf(outsider)
    expect((await browser.get(`/brand/${brand.key}/chat`)).status).toBe(404)
    expect((await browser.get(`/brand/${brand.key}/chat/${conversation}`)).status).toBe(404)
    // Their own brand's address does not show another brand's conversation either.
    expect((await browser.get(`/brand/${otherBrand.key}/chat/${conversation}`)).status).toBeGreaterThanOrEqual(403)
    const before = (await messagesIn(conversation)).length
    expect(
      (await browser.post(`/brand/${otherBrand.key}/chat/${conversation}`, { text: 'Hello' })).status,
    ).toBeGreaterThanOrEqual(403)
    expect((await browser.post(`/brand/${brand.key}/chat?index`, { account: designer.key })).status).toBe(404)
    expect(await messagesIn(conversation)).toHaveLength(before)
  })

  it('shows a conversation only under the address of its own brand', async () => {
    // The designer belongs to both brands now; the conversation is of the first.
    const both = await createMember(
      portal.deps,
      [
        { brand: brand.key, type: 'editor' },
        { brand: otherBrand.key, type: 'editor' },
      ],
      { name: 'Bo' },
    )
    const own = (await openDirectChat(portal.deps, await actorOf(portal.deps, both), brand.key, designer.key)).key
    const browser = await browserOf(both)
    expect((await browser.get(`/brand/${brand.key}/chat/${own}`)).status).toBe(200)
    expect((await browser.get(`/brand/${otherBrand.key}/chat/${own}`)).status).toBe(404)
    // Nor does a message posted under the other brand's address reach it.
    const refused = await browser.post(`/brand/${otherBrand.key}/chat/${own}`, { text: 'Wrong door' })
    expect(refused.status).toBe(404)
    expect(await messagesIn(own)).toHaveLength(0)
  })
})
