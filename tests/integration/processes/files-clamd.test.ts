// The clamd path of the scanner: with CLAMD_SOCKET set, every file the built-in checks pass is
// sent to ClamAV's clamd, whose verdict decides. clamd runs on tests/fixtures/clamav, which
// knows the EICAR test file and one harmless image only clamd flags.
import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_BRAND_KEY } from '#seed/seed'
import { pipelineSettled, type FileView } from '#app/features/files/files.server'
import { api, sessionCookieFor, startTestPortal, type TestPortal } from '#tests/support/portal'
import { SIGNATURE_DIR, startTestClamd, type TestClamd } from '#tests/support/clamd'
import sharp from 'sharp'

const clamd = await startTestClamd()
if ('missing' in clamd) console.warn(`Skipping the clamd tests: ${clamd.missing}.`)

describe.skipIf('missing' in clamd)('uploads scanned by clamd', () => {
  const running = clamd as TestClamd
  let portal: TestPortal
  let editor: string

  beforeAll(async () => {
    portal = await startTestPortal({ env: { CLAMD_SOCKET: running.socket } })
    editor = await sessionCookieFor(portal, 'editor@demo.test')
  })
  afterAll(async () => {
    await portal?.destroy()
    await running.stop()
  })

  async function upload(bytes: Buffer, name: string): Promise<FileView> {
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(bytes)]), name)
    const response = await fetch(`${portal.url}/api/file/method/upload?brand=${DEMO_BRAND_KEY}&purpose=listing-media`, {
      method: 'POST',
      headers: { cookie: editor },
      body: form,
    })
    expect(response.status).toBe(200)
    const { data } = (await response.json()) as { data: FileView }
    await pipelineSettled(portal.deps)
    return (await api(portal, 'GET', `/api/file/model/${data.key}`, { cookie: editor })).body.data as FileView
  }

  it('quarantines a file only clamd knows, with clamd’s verdict', async () => {
    const flagged = fs.readFileSync(`${SIGNATURE_DIR}/flagged-by-clamd.png`)
    expect(await upload(flagged, 'SN1_SKU1_side.png')).toMatchObject({
      status: 'quarantined',
      urls: null,
      scan_result: { verdict: 'infected', check: 'clamd', detail: 'Portal-Test-Signature.UNOFFICIAL' },
    })
  })

  it('makes a file clamd passes available, saying clamd checked it', async () => {
    const photo = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#0f766e' } })
      .jpeg()
      .toBuffer()
    expect(await upload(photo, 'SN1_SKU1_front.jpg')).toMatchObject({
      status: 'available',
      scan_result: { verdict: 'clean', check: 'clamd' },
    })
  })
})

describe('a clamd that cannot be reached', () => {
  let portal: TestPortal
  beforeAll(async () => {
    portal = await startTestPortal({ env: { CLAMD_SOCKET: '/nonexistent/clamd.sock' } })
  })
  afterAll(() => portal?.destroy())

  it('leaves the file in quarantine: a scan that did not happen is not a clean scan', async () => {
    const editor = await sessionCookieFor(portal, 'editor@demo.test')
    const photo = await sharp({ create: { width: 30, height: 40, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer()
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(photo)]), 'a.png')
    const response = await fetch(`${portal.url}/api/file/method/upload?brand=${DEMO_BRAND_KEY}&purpose=listing-media`, {
      method: 'POST',
      headers: { cookie: editor },
      body: form,
    })
    const { data } = (await response.json()) as { data: FileView }
    await pipelineSettled(portal.deps)
    const file = (await api(portal, 'GET', `/api/file/model/${data.key}`, { cookie: editor })).body.data
    expect(file).toMatchObject({ status: 'quarantined', scan_result: { verdict: 'error', check: 'clamd' } })
  })
})
