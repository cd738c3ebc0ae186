// Chat messages carry files through the file pipeline: the sender's own chat upload, once it is
// scanned clean, sent once, within the conversation's brand; the members read it with its
// addresses, others never reach it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { files } from '#db/schema'
import { DEMO_BRAND_KEY, OTHER_BRAND_KEY, demoAccountKey } from '#seed/seed'
import { EICAR } from '#app/infra/file-scan.server'
import type { MessageView } from '#app/features/chat/chat.server'
import { pipelineSettled } from '#app/features/files/files.server'
import { api, loadServerBuild, sessionCookieFor, startTestPortal, type TestPortal } from '#tests/support/portal'
import { createDirectChat, grant } from '#tests/support/factories'
import { snapshotData } from '#tests/support/db-snapshot'

let portal: TestPortal
let editor: string
let admin: string
let viewer: string
let chat: { conversation: string }

beforeAll(async () => {
  portal = await startTestPortal({ remixBuild: await loadServerBuild() })
  // The admin works for Other Brand too, so one account holds files of two brands.
  await grant(portal.deps, demoAccountKey('admin'), { brand: OTHER_BRAND_KEY, type: 'editor' })
  editor = await sessionCookieFor(portal, 'editor@demo.test')
  admin = await sessionCookieFor(portal, 'admin@demo.test')
  viewer = await sessionCookieFor(portal, 'viewer@demo.test')
  chat = await createDirectChat(portal.deps, DEMO_BRAND_KEY, [demoAccountKey('editor'), demoAccountKey('admin')])
})
afterAll(() => portal?.destroy())

const photo = () =>
  sharp({ create: { width: 600, height: 800, channels: 3, background: '#9d174d' } })
    .jpeg()
    .toBuffer()

/** Uploads a file through the plain form and waits until it is checked; answers its key. */
async function upload(
  cookie: string,
  bytes: Buffer,
  options: { purpose?: string; brand?: string; name?: string } = {},
) {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)]), options.name ?? 'fitting-notes.jpg')
  const query = `brand=${options.brand ?? DEMO_BRAND_KEY}&purpose=${options.purpose ?? 'chat-attachment'}`
  const response = await fetch(`${portal.url}/api/file/method/upload?${query}`, {
    method: 'POST',
    headers: { cookie },
    body: form,
  })
  expect(response.status).toBe(200)
  const { data } = (await response.json()) as { data: { key: string } }
  await pipelineSettled(portal.deps)
  return data.key
}

const send = (cookie: string, body: Record<string, unknown>) =>
  api(portal, 'POST', '/api/message/model', { cookie, body: { conversation: chat.conversation, ...body } })

describe('a chat attachment', () => {
  it('rides with its message to the other member, who can open it', async () => {
    const bytes = await photo()
    const key = await upload(editor, bytes)
    const sent = await send(editor, { text: 'The fitting notes', attachment: key, client_key: 'attach-0001' })
    expect(sent.status).toBe(200)
    const message = sent.body.data as MessageView
    expect(message).toMatchObject({
      text: 'The fitting notes',
      attachment_type: 'image/jpeg',
      attachment_name: 'fitting-notes.jpg',
      assetMetadata: { size: bytes.length },
    })
    const [row] = await portal.deps.db.select().from(files).where(eq(files.key, key))
    expect(row!.messageKey).toBe(message.key)

    const page = await api(portal, 'GET', `/api/message/query/conversation?conversation=${chat.conversation}`, {
      cookie: admin,
    })
    const seen = (page.body.data as { messages: MessageView[] }).messages.find((m) => m.key === message.key)!
    expect(seen).toMatchObject({ attachment_name: 'fitting-notes.jpg', attachment_type: 'image/jpeg' })
    const downloaded = await fetch(`${portal.url}${seen.assetUrl}`)
    expect(downloaded.status).toBe(200)
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(bytes)).toBe(true)
    const thumbnail = await sharp(
      Buffer.from(await (await fetch(`${portal.url}${seen.assets!.thumbnail}`)).arrayBuffer()),
    ).metadata()
    expect([thumbnail.width, thumbnail.height]).toEqual([300, 400])

    // A resend after a dropped connection answers the stored message, attachment and all.
    const again = await send(editor, { text: 'The fitting notes', attachment: key, client_key: 'attach-0001' })
    expect(again.status).toBe(200)
    expect(again.body.data).toMatchObject({ key: message.key, attachment_name: 'fitting-notes.jpg' })
  })

  it('is refused, and nothing is stored, when it is not the sender’s clean chat upload of this brand', async () => {
    const once = await upload(editor, await photo())
    expect((await send(editor, { text: 'First', attachment: once })).status).toBe(200)
    const infected = await upload(editor, Buffer.concat([await photo(), EICAR]))
    const product = await upload(editor, await photo(), { purpose: 'listing-media' })
    const others = await upload(admin, await photo())
    const elsewhere = await upload(admin, await photo(), { brand: OTHER_BRAND_KEY })
    const adminChat = await createDirectChat(portal.deps, OTHER_BRAND_KEY, [
      demoAccountKey('admin'),
      demoAccountKey('outsider'),
    ])

    const before = await snapshotData(portal.deps)
    const messagesBefore = await api(
      portal,
      'GET',
      `/api/message/query/conversation?conversation=${chat.conversation}`,
      {
        cookie: editor,
      },
    )
    for (const [attachment, status] of [
      [once, 400], // sent already
      [infected, 400], // quarantined
      [product, 404], // not a chat upload
      [others, 404], // another member's
      ['nosuchfile00000', 404],
    ] as const) {
      const answer = await send(editor, { text: 'Look', attachment })
      expect(answer.status, `${attachment}: ${JSON.stringify(answer.body)}`).toBe(status)
    }
    expect((await send(editor, { text: 'Look', attachment: infected })).body.error?.message).toContain(
      'not available for distribution',
    )
    // The admin's file of Other Brand does not ride into a chat of Demo Brand.
    const crossed = await api(portal, 'POST', '/api/message/model', {
      cookie: admin,
      body: { conversation: chat.conversation, text: 'Look', attachment: elsewhere },
    })
    expect(crossed.status).toBe(404)
    expect(await snapshotData(portal.deps)).toEqual(before)
    const messagesAfter = await api(
      portal,
      'GET',
      `/api/message/query/conversation?conversation=${chat.conversation}`,
      {
        cookie: editor,
      },
    )
    expect(messagesAfter.body).toEqual(messagesBefore.body)
    // In its own brand's chat it goes.
    const own = await api(portal, 'POST', '/api/message/model', {
      cookie: admin,
      body: { conversation: adminChat.conversation, text: 'Look', attachment: elsewhere },
    })
    expect(own.status).toBe(200)
  })

  it('is read by the conversation’s members only', async () => {
    const key = await upload(editor, await photo())
    expect((await send(editor, { text: 'Private', attachment: key })).status).toBe(200)
    const answer = await api(portal, 'GET', `/api/message/query/conversation?conversation=${chat.conversation}`, {
      cookie: viewer,
    })
    expect(answer.status).toBe(404)
    expect(JSON.stringify(answer.body)).not.toContain('/blobs/')
    expect((await api(portal, 'GET', `/api/file/model/${key}`, { cookie: viewer })).status).toBe(404)
  })

  it('shows on the conversation page: an image as its thumbnail, another file as a download', async () => {
    const image = await upload(editor, await photo())
    const pdf = await upload(editor, Buffer.from('%PDF-1.4\n%%EOF\n'), { name: 'tech-pack.pdf' })
    expect((await send(editor, { text: 'Back view', attachment: image })).status).toBe(200)
    expect((await send(editor, { text: 'Tech pack', attachment: pdf })).status).toBe(200)
    const response = await fetch(`${portal.url}/brand/${DEMO_BRAND_KEY}/chat/${chat.conversation}`, {
      headers: { cookie: admin },
    })
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html.match(/data-testid="message-attachment"/g)?.length).toBeGreaterThanOrEqual(2)
    expect(html).toMatch(
      /<img[^>]*alt="fitting-notes.jpg"[^>]*src="\/blobs\/[^"]*_300x400\.jpg|<img[^>]*src="\/blobs\/[^"]*_300x400\.jpg[^>]*alt="fitting-notes.jpg"/,
    )
    expect(html).toContain('download="tech-pack.pdf"')
  })
})
