// The breach check against a local stand-in of the Have I Been Pwned range API (HIBP_API_URL):
// a tiny HTTP server on 127.0.0.1 answers `GET /range/{prefix}` the way the real one does with
// Add-Padding, i.e. with made-up suffixes of count 0 mixed in. A padding entry is not a breach;
// a suffix with a count is. Checked at every layer: the service, the public checkpwned call, the
// browser's check, and sign-up, which refuses a breached password on the server.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { accounts } from '#db/schema'
import { sha1Hex } from '#app/infra/breach-corpus.server'
import { isPasswordBreached } from '#app/features/identity/breach.server'
import { isBreachedPassword } from '#app/features/identity/pwned-check'
import { api, startTestPortal, type TestPortal } from '#tests/support/portal'
import { createBrand, createInvite } from '#tests/support/factories'

// Strong passwords that the shipped corpus does not know: only the stub can call them breached.
const BREACHED = 'Quiet-Meadow-Lantern-52'
const PADDED = 'Silent-Orchard-Kettle-71'
const UNKNOWN = 'Amber-Thistle-Compass-38'

const breached = sha1Hex(BREACHED)
const padded = sha1Hex(PADDED)

/** What the stub answers per prefix: real entries and padding, in the API's "SUFFIX:COUNT" lines. */
function rangeBody(prefix: string): string {
  const lines: string[] = []
  for (let i = 0; i < 5; i++) lines.push(`${(i.toString(16) + 'F'.repeat(35)).slice(0, 35)}:0`)
  if (breached.startsWith(prefix)) lines.push(`${breached.slice(5)}:42`)
  if (padded.startsWith(prefix)) lines.push(`${padded.slice(5)}:0`)
  return lines.join('\r\n')
}

let stub: http.Server
let stubUrl: string
const requests: { url: string; padding: string | undefined }[] = []
let portal: TestPortal

beforeAll(async () => {
  stub = http.createServer((req, res) => {
    requests.push({ url: req.url ?? '', padding: req.headers['add-padding'] as string | undefined })
    const match = /^\/range\/([0-9A-F]{5})$/.exec(req.url ?? '')
    if (!match) {
      res.writeHead(404).end()
      return
    }
    res.writeHead(200, { 'content-type': 'text/plain' }).end(rangeBody(match[1]!))
  })
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve))
  stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`
  portal = await startTestPortal({ env: { HIBP_API_URL: stubUrl } })
})
afterAll(async () => {
  await portal?.destroy()
  await new Promise((resolve) => stub?.close(resolve))
})

describe('breach check with the range API', () => {
  it('counts a suffix with a count as breached, and a padding entry (count 0) as not', async () => {
    expect(await isPasswordBreached(portal.deps, BREACHED)).toBe(true)
    expect(await isPasswordBreached(portal.deps, PADDED)).toBe(false)
    expect(await isPasswordBreached(portal.deps, UNKNOWN)).toBe(false)
  })

  it('sends only the 5-character prefix, and asks for padding', async () => {
    requests.length = 0
    await isPasswordBreached(portal.deps, BREACHED)
    expect(requests).toEqual([{ url: `/range/${breached.slice(0, 5)}`, padding: 'true' }])
  })

  it('answers checkpwned with the breached suffix and without the padding', async () => {
    const hit = await api(portal, 'POST', '/api/account/method/checkpwned', { body: { prefix: breached.slice(0, 5) } })
    expect(hit.status).toBe(200)
    expect(hit.body.data).toContain(breached.slice(5))
    const pad = await api(portal, 'POST', '/api/account/method/checkpwned', { body: { prefix: padded.slice(0, 5) } })
    expect(pad.status).toBe(200)
    expect(pad.body.data).not.toContain(padded.slice(5))
    expect((pad.body.data as string[]).some((suffix) => suffix.startsWith('0FFFF'))).toBe(false)
  })

  it('warns in the browser for the breached password only', async () => {
    const toPortal: typeof fetch = (input, init) => fetch(new URL(String(input), portal.url), init)
    expect(await isBreachedPassword(BREACHED, toPortal)).toBe(true)
    expect(await isBreachedPassword(PADDED, toPortal)).toBe(false)
  })

  it('refuses sign-up with the breached password and accepts the padded one', async () => {
    const brand = await createBrand(portal.deps)
    const invite = await createInvite(portal.deps, brand.key)
    const signUp = (password: string) =>
      api(portal, 'POST', '/api/account/method/signup', {
        body: { email: invite.email, first: 'Range', last: 'Checked', password, invite: invite.token },
      })
    const refused = await signUp(BREACHED)
    expect(refused.status).toBe(400)
    expect(refused.body.error?.message).toMatch(/breach/i)
    expect(await portal.deps.db.select().from(accounts).where(eq(accounts.email, invite.email))).toHaveLength(0)
    expect((await signUp(PADDED)).status).toBe(200)
    expect(await portal.deps.db.select().from(accounts).where(eq(accounts.email, invite.email))).toHaveLength(1)
  })
})
