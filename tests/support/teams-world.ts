// The shared setup of the teams integration tests (tests/integration/teams/teams*.test.ts): one portal per
// test file, its people and the helpers the tests share.
import { newKey } from '#app/platform/ids'
import { accounts, collections, grants, lines } from '#db/schema'
import { DEMO_BRAND_KEY } from '#seed/seed'
import {
  DEMO_PASSWORD,
  sessionCookieFor,
  startTestPortal,
  type ApiAnswer,
  type TestPortal,
} from '#tests/support/portal'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll } from 'vitest'

export let portal: TestPortal
export let adminCookie: string
export let editorCookie: string
export let viewerCookie: string
export let outsiderCookie: string
export let lineKey: string
export let otherLineKey: string
export let collectionKey: string

/** A fresh account with grants, signed up in the emulator with the demo password. */
export async function createMember(
  name: string,
  memberGrants: { brand: string; model?: string; modelId?: string; type: string }[],
  over: Partial<typeof accounts.$inferInsert> = {},
) {
  const key = newKey()
  const email = `${name.toLowerCase()}-${key}@team.test`
  const uid = `it-${key}`
  await portal.deps.identity.ensureUser({ uid, email, password: DEMO_PASSWORD, displayName: name })
  await portal.deps.db.insert(accounts).values({
    key,
    firebaseUid: uid,
    email,
    name: `${name} Member`,
    first: name,
    last: 'Member',
    jobType: 'designer',
    status: 'onboarded',
    department: 'design',
    ...over,
  })
  for (const grant of memberGrants) {
    await portal.deps.db.insert(grants).values({
      key: newKey(),
      accountKey: key,
      brandKey: grant.brand,
      model: grant.model ?? 'Brand',
      modelId: grant.modelId ?? grant.brand,
      type: grant.type,
    })
  }
  return { key, email, uid }
}

export const data = <T>(answer: ApiAnswer) => answer.body.data as T
export type Listed = { key: string; email: string; grants: { model: string; model_id: string; type: string }[] }
export type TeamAnswer = {
  key: string
  KIND: string
  name: string
  model: string
  model_id: string
  grants: { model: string; model_id: string; type: string }[]
  members: { key: string }[]
}

/**
 * Starts this world for the calling test file (its hooks run in that file): files share one
 * module graph per worker, so a hook written at the top of this module would run in the first
 * file only.
 */
export function setUpTeamsWorld() {
  beforeAll(async () => {
    portal = await startTestPortal()
    ;[adminCookie, editorCookie, viewerCookie, outsiderCookie] = await Promise.all([
      sessionCookieFor(portal, 'admin@demo.test'),
      sessionCookieFor(portal, 'editor@demo.test'),
      sessionCookieFor(portal, 'viewer@demo.test'),
      sessionCookieFor(portal, 'outsider@demo.test'),
    ])
    const demoLines = await portal.deps.db.select().from(lines).where(eq(lines.brandKey, DEMO_BRAND_KEY))
    lineKey = demoLines[0]!.key
    otherLineKey = demoLines[1]!.key
    const demoCollections = await portal.deps.db
      .select()
      .from(collections)
      .where(eq(collections.brandKey, DEMO_BRAND_KEY))
    collectionKey = demoCollections[0]!.key
  })
  afterAll(() => portal?.destroy())
}
