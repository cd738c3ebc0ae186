// The shared setup of the atelier-references integration tests
// (tests/integration/atelier/atelier-references*.test.ts): one portal per test file, its people and the
// helpers the tests share.
import type { ReferenceView } from '#app/features/atelier/references.server'
import { pipelineSettled, type FileView } from '#app/features/files/files.server'
import { styles } from '#db/schema'
import { DEMO_BRAND_KEY } from '#seed/seed'
import { api, sessionCookieFor, startTestPortal, type ApiAnswer, type TestPortal } from '#tests/support/portal'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, expect } from 'vitest'

export let portal: TestPortal
export let editor: string
export let viewer: string
export let outsider: string

/**
 * Starts this world for the calling test file (its hooks run in that file): files share one
 * module graph per worker, so a hook written at the top of this module would run in the first
 * file only.
 */
export function setUpAtelierReferencesWorld() {
  beforeAll(async () => {
    portal = await startTestPortal()
    ;[editor, viewer, outsider] = await Promise.all([
      sessionCookieFor(portal, 'editor@demo.test'),
      sessionCookieFor(portal, 'viewer@demo.test'),
      sessionCookieFor(portal, 'outsider@demo.test'),
    ])
  })
  afterAll(() => portal?.destroy())
}

export const square = (size = 400, colour = '#7c2d12') =>
  sharp({ create: { width: size, height: size, channels: 3, background: colour } })
    .png()
    .toBuffer()
export const DXF = Buffer.from(
  '  0\nSECTION\n  2\nENTITIES\n  0\nLINE\n  8\n0\n 10\n0.0\n 20\n0.0\n 11\n10.0\n 21\n10.0\n  0\nENDSEC\n  0\nEOF\n',
)

/** Sends a file through the plain upload call (purpose style-file) and waits for its check. */
export async function upload(bytes: Buffer, name: string, cookie = editor): Promise<FileView> {
  const form = new FormData()
  form.set('file', new Blob([new Uint8Array(bytes)]), name)
  const response = await fetch(`${portal.url}/api/file/method/upload?brand=${DEMO_BRAND_KEY}&purpose=style-file`, {
    method: 'POST',
    headers: { cookie },
    body: form,
  })
  const body = (await response.json()) as { data: FileView }
  expect(response.status, JSON.stringify(body)).toBe(200)
  await pipelineSettled(portal.deps)
  return body.data
}

export const data = <T>(answer: ApiAnswer) => answer.body.data as T
export const post = (path: string, body: unknown, cookie = editor) =>
  api(portal, 'POST', `/api/${path}`, { cookie, body })
export const put = (path: string, body: unknown, cookie = editor) =>
  api(portal, 'PUT', `/api/${path}`, { cookie, body })
export const get = (path: string, cookie = editor) => api(portal, 'GET', `/api/${path}`, { cookie })
export const del = (path: string, cookie = editor) => api(portal, 'DELETE', `/api/${path}`, { cookie })

export async function fileReference(
  style: string,
  fields: Record<string, unknown> = {},
  bytes?: Buffer,
  name = 'front.png',
) {
  const file = await upload(bytes ?? (await square()), name)
  const answer = await post('reference/model', { style, brand: DEMO_BRAND_KEY, file: file.key, ...fields })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return data<ReferenceView>(answer)
}

export const styleRow = async (key: string) =>
  (await portal.deps.db.select().from(styles).where(eq(styles.key, key)))[0]!
export const listKeys = async (query: string, cookie = editor) => {
  const answer = await get(`reference/query/style/?${query}`, cookie)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return data<ReferenceView[]>(answer).map((ref) => ref.key)
}
