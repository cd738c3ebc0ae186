// The server as `npm start` and the Docker image run it: compiled into build/server.mjs, without
// the TypeScript loader. It starts on a new data folder, serves the sign-in page and the API,
// makes an uploaded photo's thumbnail in its image process, and starts again on the same data.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { DEMO_BRAND_KEY } from '#seed/seed'
import { signInAs, spawnPortal } from '../../../scripts/spawn-portal'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-compiled-'))
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

describe('the compiled server', () => {
  it('builds, starts with demo data, serves pages and the API, and starts again on its data', async () => {
    execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'pipe' })
    expect(fs.readFileSync('build/server.mjs', 'utf8')).not.toMatch(/from "#app\//)
    for (const start of ['first', 'again']) {
      const portal = await spawnPortal(`compiled-${start}`, { compiled: true, dataDir })
      try {
        expect(portal.output()).toContain('Brand portal is running')
        const page = await fetch(`${portal.baseURL}/`)
        expect(page.status).toBe(200)
        expect(await page.text()).toContain('Sign in')
        const version = await fetch(`${portal.baseURL}/api/app/method/check_version`)
        expect(((await version.json()) as { data: { version: number } }).data.version).toBe(3)
        if (start === 'first') {
          await uploadPhoto(portal.baseURL)
          await expectJsonLog(portal)
        }
      } finally {
        await portal.stop()
      }
    }
  }, 240_000)
})

/**
 * Not at a terminal, the portal writes JSON lines only, its start too, and one access line per
 * request with the request's id (also answered in X-Request-Id).
 */
async function expectJsonLog(portal: Awaited<ReturnType<typeof spawnPortal>>) {
  const answer = await fetch(`${portal.baseURL}/api/app/method/check_version?token=not-for-the-log`, {
    headers: { 'x-request-id': 'compiled-test-0001' },
  })
  expect(answer.headers.get('x-request-id')).toBe('compiled-test-0001')
  const lines = () =>
    portal
      .output()
      .split('\n')
      .filter((line) => line.trim() !== '')
  await expect.poll(() => lines().some((line) => line.includes('compiled-test-0001'))).toBe(true)
  const notJson = lines().filter((line) => {
    try {
      return typeof JSON.parse(line) !== 'object'
    } catch {
      return true
    }
  })
  expect(notJson).toEqual([])
  const entries = lines().map((line) => JSON.parse(line) as Record<string, unknown>)
  expect(entries.find((entry) => String(entry.msg).startsWith('Brand portal is running: http'))).toBeTruthy()
  expect(entries.find((entry) => entry.requestId === 'compiled-test-0001')).toMatchObject({
    msg: 'request',
    method: 'GET',
    route: '/api/app/method/check_version',
    status: 200,
  })
  expect(portal.output()).not.toContain('not-for-the-log')
}

interface FileReply {
  data: { key: string; status: string; urls: { thumbnail: string | null } | null }
}

/** A photo sent as a chat attachment: available with its 300 × 400 thumbnail, made by the image process. */
async function uploadPhoto(baseURL: string) {
  const cookie = await signInAs(baseURL, 'editor@demo.test')
  const photo = await sharp({ create: { width: 1200, height: 1600, channels: 3, background: '#8a6f5a' } })
    .jpeg()
    .toBuffer()
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'look-01.jpg')
  const sent = await fetch(`${baseURL}/api/file/method/upload?brand=${DEMO_BRAND_KEY}&purpose=chat-attachment`, {
    method: 'POST',
    body: form,
    headers: { cookie, origin: baseURL },
  })
  expect(sent.status).toBe(200)
  const { key } = ((await sent.json()) as FileReply).data
  const file = async () =>
    ((await (await fetch(`${baseURL}/api/file/model/${key}`, { headers: { cookie } })).json()) as FileReply).data
  await expect.poll(async () => (await file()).status, { timeout: 30_000 }).toBe('available')
  const thumbnail = await fetch(new URL((await file()).urls!.thumbnail!, baseURL), { headers: { cookie } })
  const size = await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata()
  expect([size.width, size.height]).toEqual([300, 400])
}
