// Walks every route of the JSON API, taken from the router's own list, as someone who must be
// refused: without a session (401), as an outsider to the brand (404 or 403), and, for every
// write, as a read member of the brand and as an admin whose only access is a read grant through
// a team (403 or 404). Demo Brand objects and objects made by factories are both targets; after
// each refusal the database must hold exactly what it held before. A route added to the router without a
// sample in tests/support/route-samples.ts fails this test until one is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { endpoints } from '#app/api/endpoints/index.server'
import type { Endpoint } from '#app/platform/api/endpoint.server'
import { api, sessionCookieFor, startTestPortal, type ApiAnswer, type TestPortal } from '#tests/support/portal'
import { snapshotData } from '#tests/support/db-snapshot'
import {
  createBrand,
  createInvite,
  createMember,
  createNotification,
  createTeam,
  createAccount,
  createReference,
  createStyle,
  createDirectChat,
  addTeamMember,
} from '#tests/support/factories'
import { createListing } from '#tests/support/catalogue-factories'
import { createFile } from '#tests/support/file-factories'
import { createMedia } from '#tests/support/media-factories'
import { createFolder, createPattern } from '#tests/support/atelier-factories'
import { createMaterial, createMaterialImage } from '#tests/support/material-factories'
import { createBucketWithFile } from '#tests/support/asset-factories'
import {
  SAMPLES,
  demoTargets,
  isWrite,
  routeId,
  uploadedSpreadsheet,
  type Probe,
  type Targets,
} from '#tests/support/route-samples'

let portal: TestPortal
let png: Buffer
let demo: Targets
let made: Targets
const cookies = {} as Record<'outsider' | 'demoReader' | 'madeReader' | 'teamAdmin', string>

async function call(endpoint: Endpoint, probe: Probe, cookie?: string): Promise<ApiAnswer> {
  const pathname = `/api/${probe.path}`
  if (!probe.image) return api(portal, endpoint.verb, pathname, { cookie, body: probe.body })
  const form = new FormData()
  form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'logo.png')
  const response = await fetch(`${portal.url}${pathname}`, {
    method: endpoint.verb,
    headers: cookie ? { cookie } : {},
    body: form,
  })
  return { status: response.status, body: (await response.json()) as ApiAnswer['body'] }
}

async function expectRefused(endpoint: Endpoint, targets: Targets, cookie: string, who: string) {
  const sample = SAMPLES[routeId(endpoint)]!
  const before = await snapshotData(portal.deps)
  const answer = await call(endpoint, sample.probe!(targets), cookie)
  const refused = answer.status === 403 || answer.status === 404 || Boolean(sample.alsoRefused?.(answer))
  expect(refused, `${routeId(endpoint)} as ${who} answered ${answer.status} ${JSON.stringify(answer.body)}`).toBe(true)
  expect(await snapshotData(portal.deps), `${routeId(endpoint)} as ${who} changed the database`).toEqual(before)
}

beforeAll(async () => {
  portal = await startTestPortal()
  const { deps } = portal
  const notificationOf = async (accountKey: string, brandKey: string) => {
    const made = await createNotification(deps, accountKey, { brand: brandKey })
    return { notification: made.key, notificationTarget: made.targetId }
  }
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
    .png()
    .toBuffer()

  demo = await demoTargets(deps)

  // A brand of the factories, with an owner, a member on a line team, a reader, and an admin
  // (job type and role) whose only access is a read grant through a team.
  const brand = await createBrand(deps, { lines: 2, collectionsPerLine: 1 })
  const madeStyle = await createStyle(deps, brand.key)
  const owner = await createMember(deps, [{ brand: brand.key, type: 'owner' }], { name: 'Owner' })
  const member = await createMember(deps, [{ brand: brand.key, type: 'read' }], { name: 'Member' })
  const lineTeam = await createTeam(deps, brand.key, { model: 'Line', modelId: brand.lines[0]!.key })
  await addTeamMember(deps, lineTeam, member.key)
  const reader = await createMember(deps, [{ brand: brand.key, type: 'read' }], { name: 'Reader' })
  const teamAdmin = await createAccount(deps, { name: 'Teamadmin', fields: { role: 'admin', jobType: 'admin' } })
  await createTeam(deps, brand.key, {
    grants: [{ model: 'Brand', model_id: brand.key, type: 'read' }],
    members: [teamAdmin.key],
  })
  made = {
    brand: brand.key,
    line: brand.lines[0]!.key,
    collection: brand.collections[0]!,
    team: lineTeam.key,
    invite: await createInvite(deps, brand.key, { createdBy: owner.key }),
    account: member.key,
    ...(await notificationOf(member.key, brand.key)),
    reference: await createReference(deps, brand.key),
    style: madeStyle,
    pattern: await createPattern(deps, brand.key, madeStyle),
    folder: await createFolder(deps, brand.key, madeStyle),
    ...(await createDirectChat(deps, brand.key, [member.key, owner.key])),
    listing: (await createListing(deps, brand.key, { styleKey: madeStyle, lineKey: brand.lines[0]!.key })).key,
    spreadsheet: await uploadedSpreadsheet(deps, brand.key, owner.key),
    file: await createFile(deps, brand.key, member.key),
    media: '',
    attachedMedia: '',
    material: await createMaterial(deps, brand.key, [madeStyle]),
    materialImage: await createMaterialImage(deps, brand.key),
    bucket: await createBucketWithFile(deps, brand.key, owner.key),
    libraryUpload: await createFile(deps, brand.key, member.key, { purpose: 'asset-library', status: 'available' }),
  }
  made.media = (await createMedia(deps, brand.key)).key
  made.attachedMedia = (await createMedia(deps, brand.key, { listingKey: made.listing, position: 2 })).key

  ;[cookies.outsider, cookies.demoReader, cookies.madeReader, cookies.teamAdmin] = await Promise.all([
    sessionCookieFor(portal, 'outsider@demo.test'),
    sessionCookieFor(portal, 'viewer@demo.test'),
    sessionCookieFor(portal, reader.email),
    sessionCookieFor(portal, teamAdmin.email),
  ])
})

afterAll(() => portal?.destroy())

describe('every JSON API route', () => {
  it('has a sample here, and every sample still names a route', () => {
    const ids = endpoints.map(routeId)
    const missing = ids.filter((id) => !SAMPLES[id])
    expect(
      missing,
      `Add a sample for ${missing.join(', ')} to SAMPLES in tests/support/route-samples.ts: ` +
        'a probe with real keys of the targets and a body that would otherwise be valid, ' +
        'or `own` with the reason the route has nothing of another account to refuse.',
    ).toEqual([])
    expect(Object.keys(SAMPLES).filter((id) => !ids.includes(id))).toEqual([])
  })

  for (const endpoint of endpoints) {
    const id = routeId(endpoint)
    describe(id, () => {
      const sample = () => {
        const found = SAMPLES[id]
        if (!found) throw new Error(`No sample for ${id}: add one to SAMPLES in tests/support/route-samples.ts.`)
        return found
      }

      if (endpoint.auth) {
        it('refuses a call without a session with 401', async () => {
          const found = sample()
          const probe = found.probe ? found.probe(demo) : { path: endpoint.path.replace(/\/+$/, '') }
          const answer = await call(endpoint, probe)
          expect(answer, id).toMatchObject({ status: 401, body: { error: { type: 'AuthNoSession' } } })
        })
      }

      it('refuses an outsider on Demo Brand and on a brand of the factories (404/403)', async () => {
        if (sample().own) return expect(sample().probe).toBeUndefined()
        await expectRefused(endpoint, demo, cookies.outsider, 'outsider on Demo Brand')
        await expectRefused(endpoint, made, cookies.outsider, 'outsider on a factory brand')
        // The admin of the team below holds nothing on Demo Brand.
        await expectRefused(endpoint, demo, cookies.teamAdmin, 'team admin on Demo Brand')
      })

      if (isWrite(endpoint)) {
        it('refuses a write to a read member and to an admin who only reads through a team (403/404)', async () => {
          if (sample().own) return expect(sample().probe).toBeUndefined()
          if (sample().readersMay) return expect(sample().probe).toBeDefined()
          await expectRefused(endpoint, demo, cookies.demoReader, 'read member of Demo Brand')
          await expectRefused(endpoint, made, cookies.madeReader, 'read member of a factory brand')
          await expectRefused(endpoint, made, cookies.teamAdmin, 'admin reading through a team')
        })
      }
    })
  }
})
