// Shared Playwright fixtures: the base URL of this worker's portal (global setup starts one per
// worker), demo accounts,
// a sign-in that goes through the real login form, and for specs that edit a brand: a brand of
// their own (`ownBrand`) and a fresh member of it signed in (`signInAsNewMember`).
import { test as base, expect, type Page } from '@playwright/test'
import { createBrand, createMember, type NewBrand, type NewMember } from './support/users'

export const DEMO_PASSWORD = 'Demo-passw0rd!'
/** Passes the strict rule and is in no breach corpus. */
const MEMBER_PASSWORD = 'Linen-Harbour-Spool-64'

/** A company profile like Demo Brand's, so a spec reads the same values on its own brand. */
export const COMPANY_PROFILE = {
  legal_name: 'Spec Brand Ltd',
  year_established: '2012',
  address: {
    street: '12 Atelier Row',
    suite: 'Studio 4',
    city: 'Portland',
    state: 'OR',
    zip: '97205',
    country: 'United States',
  },
}

export const test = base.extend<{
  ownBrand: NewBrand
  signInAsNewMember: (brand: NewBrand, jobType?: string) => Promise<NewMember>
}>({
  baseURL: async ({}, use) => {
    await use(e2eEnvironment().baseURL)
  },
  // Every page a test opens is watched for what the browser refuses under our security headers
  // (an inline script without the nonce, a worker, an image source): one refusal fails the test.
  page: async ({ page }, use) => {
    const refusals: string[] = []
    page.on('console', (message) => {
      if (/Content[- ]Security[- ]Policy|Permissions-Policy/i.test(message.text())) refusals.push(message.text())
    })
    await use(page)
    expect(refusals, 'the browser refused something under the security headers').toEqual([])
  },
  /** A new brand owned by admin@demo.test with COMPANY_PROFILE, for this test alone. */
  ownBrand: async ({ baseURL }, use) => {
    await use(await createBrand(baseURL!, { fields: COMPANY_PROFILE }))
  },
  /** Invites a new account to the brand (designer: editor grant), signs it up and signs it in. */
  signInAsNewMember: async ({ baseURL, page }, use) => {
    await use(async (brand, jobType = 'designer') => {
      const email = `member-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}@spec.test`
      const member = await createMember(baseURL!, { email, password: MEMBER_PASSWORD, jobType, brand: brand.key })
      await signIn(page, member.email, member.password)
      return member
    })
  },
})

export { expect }

/**
 * Signs in through the login form (works with or without JavaScript) and, unless told the
 * attempt should fail, waits until the portal has left the login screen.
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, { expectSuccess = true } = {}) {
  await page.goto('/')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  if (expectSuccess) await page.waitForURL((url) => url.pathname !== '/')
}

/** The key of a brand as the signed-in user's API reports it. */
export async function brandKeyByName(page: Page, name: string): Promise<string> {
  const answer = await page.request.get('/api/brand/query/user/')
  const { data } = (await answer.json()) as { data: { key: string; name: string }[] }
  const brand = data.find((b) => b.name === name)
  if (!brand) throw new Error(`brand ${name} not visible`)
  return brand.key
}

export interface E2EPortal {
  baseURL: string
  dataDir: string
  emulatorHost: string
  projectId: string
}

/**
 * The portal of this worker (global setup starts one per worker): its address, where it keeps its
 * data, its Auth emulator and project.
 */
export function e2eEnvironment() {
  const portals = JSON.parse(process.env.E2E_PORTALS ?? '[]') as E2EPortal[]
  const portal = portals[Number(process.env.TEST_PARALLEL_INDEX ?? 0)]
  if (!portal) throw new Error('the global setup did not start a portal for this worker')
  return { ...portal, outboxDir: `${portal.dataDir}/outbox` }
}
