// Every page action answers 4xx to a body it cannot read, through the one check in front of the
// pages (app/infra/page-requests.server.ts; docs/decisions/165): 415 to a content type no page
// takes (JSON, none, plain text), 400 to a broken multipart form (cut before its end, or sent
// without its boundary), signed in and signed out, never 500, and nothing changes. Each body
// carries the sample's own valid form and its CSRF token, so an action that read it anyway would
// act on it. The actions come from the production build's route tree, as in the CSRF walk.
import { pipelineSettled } from '#app/features/files/files.server'
import { FORM_BODY_MESSAGES } from '#app/infra/form-body'
import { files } from '#db/schema'
import { createStyleIn } from '#tests/support/catalogue-factories'
import { snapshotData } from '#tests/support/db-snapshot'
import { FACTORY_PASSWORD } from '#tests/support/factories'
import {
  SAMPLES,
  actionRouteIds,
  actionRoutes,
  browserFor,
  build,
  makeWorld,
  png,
  portal,
  type ActionPost,
  setUpPageActionWorld,
} from '#tests/support/page-action-samples'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

setUpPageActionWorld()

/** The sample's form with its token, encoded as a browser encodes a multipart form. */
async function multipart(post: ActionPost, token: string): Promise<{ bytes: Buffer; boundary: string }> {
  const form = new FormData()
  form.set('csrf', token)
  for (const [name, value] of Object.entries(post.fields ?? {})) form.set(name, value)
  if (post.csv !== undefined) form.set('file', new Blob([post.csv], { type: 'text/csv' }), 'walk.csv')
  if (post.photo !== undefined) form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), post.photo)
  if (post.image) form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'picture.png')
  const request = new Request('http://portal.test/', { method: 'POST', body: form })
  const boundary = /boundary=(.+)$/.exec(request.headers.get('content-type')!)![1]!
  return { bytes: Buffer.from(await request.arrayBuffer()), boundary }
}

interface BadBody {
  name: string
  status: 400 | 415
  make(post: ActionPost, token: string): Promise<{ type?: string; bytes: Uint8Array }>
}

const urlencoded = (post: ActionPost, token: string) => new URLSearchParams({ ...post.fields, csrf: token }).toString()

const BAD_BODIES: BadBody[] = [
  {
    name: 'application/json',
    status: 415,
    make: async (post, token) => ({
      type: 'application/json',
      bytes: Buffer.from(JSON.stringify({ ...post.fields, csrf: token })),
    }),
  },
  {
    name: 'no content type',
    status: 415,
    make: async (post, token) => ({ bytes: Buffer.from(urlencoded(post, token)) }),
  },
  {
    name: 'text/plain',
    status: 415,
    make: async (post, token) => ({ type: 'text/plain', bytes: Buffer.from(urlencoded(post, token)) }),
  },
  {
    name: 'a multipart form cut before its end',
    status: 400,
    make: async (post, token) => {
      const { bytes, boundary } = await multipart(post, token)
      return {
        type: `multipart/form-data; boundary=${boundary}`,
        bytes: bytes.subarray(0, bytes.lastIndexOf(`--${boundary}--`)),
      }
    },
  },
  {
    name: 'a multipart form without its boundary',
    status: 400,
    make: async (post, token) => ({ type: 'multipart/form-data', bytes: (await multipart(post, token)).bytes }),
  },
]

async function postRaw(url: string, cookie: string, body: { type?: string; bytes: Uint8Array }, accept?: string) {
  return fetch(`${portal.url}${url}`, {
    method: 'POST',
    headers: {
      cookie,
      origin: portal.url,
      ...(body.type ? { 'content-type': body.type } : {}),
      ...(accept ? { accept } : {}),
    },
    // Bytes, so fetch adds no content type of its own.
    body: new Uint8Array(body.bytes),
    redirect: 'manual',
  })
}

// An upload accepted by an earlier test is still being checked in the background: wait for it,
// or its status change would read as a change made by the refused body.
async function settledSnapshot() {
  await pipelineSettled(portal.deps)
  return snapshotData(portal.deps)
}

describe('page actions and bodies they cannot read', () => {
  it('walks every action of the build', () => {
    const routes = actionRoutes(build)
    expect(routes.length).toBeGreaterThan(40)
    expect(routes.filter((route) => !SAMPLES[route])).toEqual([])
  })

  for (const route of actionRoutes(build)) {
    it(`${route}: 415 or 400 to each body, signed in and signed out, and nothing changes`, async () => {
      const sample = SAMPLES[route]
      if (!sample) throw new Error(`No sample for ${route} in tests/support/page-action-samples.ts.`)
      const world = await makeWorld()
      const post = await sample.post(world)
      for (const who of ['signed in', 'signed out'] as const) {
        const browser = await browserFor(world, who === 'signed out')
        const before = await settledSnapshot()
        for (const bad of BAD_BODIES) {
          const response = await postRaw(post.url, browser.cookie(), await bad.make(post, browser.token))
          const text = await response.text()
          expect(response.status, `${route} ${who}, ${bad.name}: ${response.status} ${text.slice(0, 200)}`).toBe(
            bad.status,
          )
          expect(response.headers.getSetCookie().filter((header) => header.startsWith('__session='))).toEqual([])
        }
        expect(await settledSnapshot(), `${route} ${who}: the database changed`).toEqual(before)
      }
      // The password is untouched too (it lives with the identity provider).
      expect((await portal.deps.identity.signInWithPassword(world.owner.email, FACTORY_PASSWORD)).ok).toBe(true)
    })
  }
})

describe('the answer to a body a page cannot read', () => {
  it('is the JSON API’s envelope to a script, a short page to a browser, a caught error to Remix', async () => {
    const world = await makeWorld()
    const browser = await browserFor(world, true)
    const json = { type: 'application/json', bytes: Buffer.from('{"email":"a@b.test"}') }
    const unsupported = { error: { type: 'UnsupportedMediaType', message: FORM_BODY_MESSAGES.type } }

    const script = await postRaw('/password-reset', browser.cookie(), json, 'application/json')
    expect(script.status).toBe(415)
    expect(await script.json()).toEqual(unsupported)

    const page = await postRaw('/password-reset', browser.cookie(), json, 'text/html,*/*;q=0.8')
    expect(page.status).toBe(415)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    expect(await page.text()).toContain(FORM_BODY_MESSAGES.type)

    const data = await postRaw('/password-reset?_data=routes%2Fpassword-reset', browser.cookie(), json)
    expect(data.status).toBe(415)
    expect(data.headers.get('x-remix-catch')).toBe('yes')
    expect(await data.json()).toEqual(unsupported)

    const { bytes, boundary } = await multipart(
      { url: '/password-reset', fields: { email: 'a@b.test' } },
      browser.token,
    )
    const cut = { type: `multipart/form-data; boundary=${boundary}`, bytes: bytes.subarray(0, bytes.length - 10) }
    const broken = await postRaw('/password-reset', browser.cookie(), cut, 'application/json')
    expect(broken.status).toBe(400)
    expect(await broken.json()).toEqual({ error: { type: 'ValidationError', message: FORM_BODY_MESSAGES.malformed } })
  })

  it('leaves the forms Remix’s own fetches send as they were: urlencoded and multipart', async () => {
    const ids = actionRouteIds(build)
    const world = await makeWorld()
    const browser = await browserFor(world, false)
    const send = (route: string, body: URLSearchParams | FormData) =>
      fetch(`${portal.url}${route}?_data=${encodeURIComponent(ids[route]!)}`, {
        method: 'POST',
        headers: { cookie: browser.cookie(), origin: portal.url },
        body,
        redirect: 'manual',
      })
    const created = await send('/brands/create', new URLSearchParams({ csrf: browser.token, name: 'Fetched Brand' }))
    expect(created.status, await created.text()).toBe(204)
    expect(created.headers.get('x-remix-redirect')).toMatch(/^\/brand\//)
    const picture = new FormData()
    picture.set('csrf', browser.token)
    picture.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png')
    const uploaded = await send('/settings/profile/picture', picture)
    expect(uploaded.status, await uploaded.text()).toBeLessThan(400)
  })

  it('is 400 for an upload cut short after its first bytes were stored, and nothing of it stays', async () => {
    const world = await makeWorld()
    const browser = await browserFor(world, false)
    const style = await createStyleIn(portal.deps, world.brand.key, world.brand.collections[0]!)
    const url = `/brand/${world.brand.key}/style/${style}/references`
    // Past the check's read-ahead: the action is already storing the file when the body breaks.
    const big = Buffer.concat([png, Buffer.alloc(300_000, 7)])
    const form = new FormData()
    form.set('csrf', browser.token)
    form.set('file', new Blob([new Uint8Array(big)], { type: 'image/png' }), 'cut.png')
    const request = new Request('http://portal.test/', { method: 'POST', body: form })
    const type = request.headers.get('content-type')!
    const bytes = Buffer.from(await request.arrayBuffer())
    const before = await settledSnapshot()
    const response = await postRaw(url, browser.cookie(), { type, bytes: bytes.subarray(0, bytes.length - 200) })
    expect(response.status, (await response.text()).slice(0, 200)).toBe(400)
    expect(await settledSnapshot()).toEqual(before)
  })

  it('leaves a whole upload streaming: the file is being stored before its last byte is sent', async () => {
    const world = await makeWorld()
    const browser = await browserFor(world, false)
    const style = await createStyleIn(portal.deps, world.brand.key, world.brand.collections[0]!)
    const form = new FormData()
    form.set('csrf', browser.token)
    form.set('file', new Blob([new Uint8Array(Buffer.concat([png, Buffer.alloc(400_000)]))]), 'streamed.png')
    const request = new Request('http://portal.test/', { method: 'POST', body: form })
    const bytes = Buffer.from(await request.arrayBuffer())
    const tail = 1000
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        controller.enqueue(new Uint8Array(bytes.subarray(0, bytes.length - tail)))
        await held
        controller.enqueue(new Uint8Array(bytes.subarray(bytes.length - tail)))
        controller.close()
      },
    })
    const answer = fetch(`${portal.url}/brand/${world.brand.key}/style/${style}/references`, {
      method: 'POST',
      headers: { cookie: browser.cookie(), origin: portal.url, 'content-type': request.headers.get('content-type')! },
      body,
      duplex: 'half',
      redirect: 'manual',
    } as RequestInit)
    const uploading = () =>
      portal.deps.db
        .select({ key: files.key })
        .from(files)
        .where(and(eq(files.originalName, 'streamed.png'), eq(files.status, 'uploading')))
    const deadline = Date.now() + 10_000
    while ((await uploading()).length === 0) {
      if (Date.now() > deadline) {
        release()
        throw new Error('waited 10 s for the upload to start while its last bytes were held back')
      }
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    release()
    expect((await answer).status).toBeLessThan(400)
    await pipelineSettled(portal.deps)
  })
})
