// Every page action refuses a form posted without its CSRF token (403) and changes nothing. The
// actions come from the production Remix build's own route list, so a new action is covered as
// soon as it exists: one without a sample below fails until one is written. Each sample is a
// real URL and a form that is otherwise valid, which the second test of each route proves by
// posting the same form with the token.
import { pipelineSettled } from '#app/features/files/files.server'
import { assetEntries } from '#db/schema'
import { createBucketWithFile } from '#tests/support/asset-factories'
import { createFileReference } from '#tests/support/atelier-factories'
import { createStyleIn } from '#tests/support/catalogue-factories'
import { snapshotData } from '#tests/support/db-snapshot'
import { FACTORY_PASSWORD } from '#tests/support/factories'
import { createFile } from '#tests/support/file-factories'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  SAMPLES,
  actionRoutes,
  browserFor,
  build,
  makeWorld,
  png,
  portal,
  type ActionPost,
  type World,
  setUpPageActionWorld,
} from '#tests/support/page-action-samples'

setUpPageActionWorld()

async function send(post: ActionPost, cookie: string, token: string | null): Promise<Response> {
  let body: FormData | URLSearchParams
  if (post.csv !== undefined) {
    // The token first: the upload starts as the file streams in, so its fields come before it.
    body = new FormData()
    if (token) body.set('csrf', token)
    for (const [name, value] of Object.entries(post.fields ?? {})) body.set(name, value)
    body.set('file', new Blob([post.csv], { type: 'text/csv' }), 'walk.csv')
  } else if (post.photo !== undefined) {
    // The token first: each photo is reserved and stored as it streams in.
    body = new FormData()
    if (token) body.set('csrf', token)
    for (const [name, value] of Object.entries(post.fields ?? {})) body.set(name, value)
    body.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), post.photo)
  } else if (post.image) {
    body = new FormData()
    for (const [name, value] of Object.entries(post.fields ?? {})) body.set(name, value)
    body.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'picture.png')
    if (token) body.set('csrf', token)
  } else {
    body = new URLSearchParams(post.fields)
    if (token) body.set('csrf', token)
  }
  return fetch(`${portal.url}${post.url}`, {
    method: 'POST',
    headers: { cookie, origin: portal.url },
    body,
    redirect: 'manual',
  })
}

// An upload accepted by an earlier case is still being checked in the background: wait for it,
// or its status change would read as a change made by the refused form.
async function settledSnapshot() {
  await pipelineSettled(portal.deps)
  return snapshotData(portal.deps)
}

describe('page actions without the CSRF token', () => {
  it('every action of the build has a sample here, and every sample still names one', () => {
    const routes = actionRoutes(build)
    const missing = routes.filter((route) => !SAMPLES[route])
    expect(
      missing,
      `Add a sample for ${missing.join(', ')} to SAMPLES in tests/integration/platform/page-actions-csrf.test.ts: ` +
        'the URL with real keys of the world and a form that would otherwise be valid.',
    ).toEqual([])
    expect(Object.keys(SAMPLES).filter((route) => !routes.includes(route))).toEqual([])
  })

  for (const route of actionRoutes(build)) {
    const sample = SAMPLES[route]
    describe(route, () => {
      it('refuses the form without its token with 403 and changes nothing', async () => {
        if (!sample) throw new Error(`No sample for ${route}: add one to SAMPLES in this file.`)
        const world = await makeWorld()
        const post = await sample.post(world)
        const browser = await browserFor(world, Boolean(post.anonymous))
        const before = await settledSnapshot()
        const response = await send(post, browser.cookie(), null)
        expect(response.status, `${route} answered ${response.status}`).toBe(403)
        expect(response.headers.getSetCookie().filter((header) => header.startsWith('__session='))).toEqual([])
        expect(await snapshotData(portal.deps)).toEqual(before)
        // The password is untouched too (it lives with the identity provider).
        expect((await portal.deps.identity.signInWithPassword(world.owner.email, FACTORY_PASSWORD)).ok).toBe(true)
      })

      if (sample && !sample.notProvenValid) {
        it('accepts the same form with its token (the sample is otherwise valid)', async () => {
          const world = await makeWorld()
          const post = await sample.post(world)
          const browser = await browserFor(world, Boolean(post.anonymous))
          const response = await send(post, browser.cookie(), browser.token)
          expect(
            response.status,
            `${route} answered ${response.status}: ${(await response.text()).slice(0, 300)}`,
          ).toBeLessThan(400)
        })
      }
    })
  }
})

// The wizard file step's forms all post to the step's one action, told apart by `intent` (and the
// multipart upload): each is refused without its token and accepted with it.
const STEP_FILE_SAMPLES: Record<string, (w: World) => Promise<ActionPost>> = {
  upload: async (w) => ({ url: await stepOf(w), photo: 'mood.png' }),
  folder: async (w) => ({ url: await stepOf(w), fields: { intent: 'folder', name: 'Sketches' } }),
  attach: async (w) => ({
    url: await stepOf(w),
    fields: {
      intent: 'attach',
      file: await createFile(portal.deps, w.brand.key, w.owner.key, {
        purpose: 'style-file',
        status: 'available',
        name: 'Sent.pdf',
      }),
    },
  }),
  ...Object.fromEntries(
    (['rename', 'archive', 'delete', 'clone', 'move', 'down', 'download'] as const).map((intent) => [
      intent,
      async (w: World) => {
        const url = await stepOf(w)
        const style = url.split('/')[4]!
        const reference = await createFileReference(portal.deps, w.brand.key, style, w.owner.key)
        // A second file so the first can move down.
        await createFileReference(portal.deps, w.brand.key, style, w.owner.key, 'Other.pdf')
        const extra = intent === 'rename' ? { name: 'Renamed' } : intent === 'move' ? { path: '' } : {}
        return { url, fields: { intent, reference, ...extra } }
      },
    ]),
  ),
}

async function stepOf(w: World) {
  return `/brand/${w.brand.key}/style/${await createStyleIn(portal.deps, w.brand.key, w.brand.collections[0]!)}/references`
}

describe('the file step forms without the CSRF token', () => {
  for (const [intent, sample] of Object.entries(STEP_FILE_SAMPLES)) {
    it(`${intent}: refused with 403 and changes nothing; accepted with its token`, async () => {
      const world = await makeWorld()
      const post = await sample(world)
      const browser = await browserFor(world, false)
      const before = await settledSnapshot()
      expect((await send(post, browser.cookie(), null)).status).toBe(403)
      expect(await snapshotData(portal.deps)).toEqual(before)
      const accepted = await send(post, browser.cookie(), browser.token)
      expect(accepted.status, (await accepted.text()).slice(0, 300)).toBeLessThan(400)
    })
  }
})

// The asset library's forms all post to its one action, told apart by `intent` (and the
// multipart upload): each is refused without its token and accepted with it.
const LIBRARY_SAMPLES: Record<string, (w: World) => Promise<ActionPost>> = {
  'create-bucket': async (w) => ({ url: `/brand/${w.brand.key}/assets_library`, fields: { intent: 'create-bucket' } }),
  upload: async (w) => {
    await createBucketWithFile(portal.deps, w.brand.key, w.owner.key)
    return { url: `/brand/${w.brand.key}/assets_library/Prints`, photo: 'print.png' }
  },
  ...Object.fromEntries(
    (['rename', 'move', 'delete'] as const).map((intent) => [
      intent,
      async (w: World) => {
        const bucket = await createBucketWithFile(portal.deps, w.brand.key, w.owner.key)
        const [logo] = await portal.deps.db
          .select()
          .from(assetEntries)
          .where(and(eq(assetEntries.bucketKey, bucket), eq(assetEntries.name, 'logo.png')))
        const extra = intent === 'rename' ? { name: 'mark.png' } : intent === 'move' ? { folder: 'Prints/' } : {}
        return { url: `/brand/${w.brand.key}/assets_library/Branding`, fields: { intent, item: logo!.key, ...extra } }
      },
    ]),
  ),
}

describe('the asset library forms without the CSRF token', () => {
  for (const [intent, sample] of Object.entries(LIBRARY_SAMPLES)) {
    it(`${intent}: refused with 403 and changes nothing; accepted with its token`, async () => {
      const world = await makeWorld()
      const post = await sample(world)
      const browser = await browserFor(world, false)
      const before = await settledSnapshot()
      expect((await send(post, browser.cookie(), null)).status).toBe(403)
      expect(await snapshotData(portal.deps)).toEqual(before)
      const accepted = await send(post, browser.cookie(), browser.token)
      expect(accepted.status, (await accepted.text()).slice(0, 300)).toBeLessThan(400)
      expect(accepted.headers.get('location')).not.toContain('dialog=')
    })
  }
})
