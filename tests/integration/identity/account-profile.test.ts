// The account's own profile over the JSON API (PUT and GET /api/account/model/{key}) and the
// onboarding moves behind the stepper, against a real database and the Auth emulator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { accounts, brands, grants, notifications } from '#db/schema'
import { DEMO_BRAND_KEY, demoAccountKey } from '#seed/seed'
import { newKey } from '#app/platform/ids'
import { actorForIdentity } from '#app/features/identity/accounts.server'
import { moveOnboarding } from '#app/features/teams/onboarding.server'
import { api, DEMO_PASSWORD, idTokenFor, startTestPortal, type TestPortal } from '#tests/support/portal'

let portal: TestPortal
let editorToken: string
let adminToken: string
const editorKey = demoAccountKey('editor')
const adminKey = demoAccountKey('admin')

beforeAll(async () => {
  portal = await startTestPortal()
  ;[editorToken, adminToken] = await Promise.all([
    idTokenFor(portal, 'editor@demo.test'),
    idTokenFor(portal, 'admin@demo.test'),
  ])
})
afterAll(() => portal?.destroy())

interface FreshUser {
  key: string
  uid: string
  email: string
  token: string
}

/** A new Firebase user with an account row and grants, as an accepted invite would leave it. */
async function freshUser(options: {
  status: string
  grants: { model: string; modelId: string; type: string }[]
  role?: string
  jobType?: string
}): Promise<FreshUser> {
  const key = newKey()
  const uid = `it-${key}`
  const email = `fresh-${key}@example.test`
  await portal.deps.identity.ensureUser({ uid, email, password: DEMO_PASSWORD, displayName: 'Fresh User' })
  await portal.deps.db.insert(accounts).values({
    key,
    firebaseUid: uid,
    email,
    name: 'Fresh User',
    first: 'Fresh',
    last: 'User',
    role: options.role ?? 'user',
    jobType: options.jobType ?? 'marketing',
    status: options.status,
    preferences: { brand: DEMO_BRAND_KEY },
  })
  for (const grant of options.grants) {
    await portal.deps.db.insert(grants).values({ key: newKey(), accountKey: key, brandKey: DEMO_BRAND_KEY, ...grant })
  }
  return { key, uid, email, token: await idTokenFor(portal, email) }
}

async function accountRow(key: string) {
  const [row] = await portal.deps.db.select().from(accounts).where(eq(accounts.key, key))
  return row!
}

const brandRead = { model: 'Brand', modelId: DEMO_BRAND_KEY, type: 'read' }

describe('PUT /api/account/model/{key}', () => {
  it('updates the caller’s own account and stores every field', async () => {
    const answer = await api(portal, 'PUT', `/api/account/model/${editorKey}`, {
      token: editorToken,
      body: {
        name: 'Dana Draper',
        title: 'Head of Design',
        department: 'design',
        username: 'dana_d',
        employee_number: '004711',
        language: 'en/fr',
        country: 'FRA',
        date_format: 'DD/MM/YYYY',
        contact_number: '+33 1 23 45 67 89',
        mobile_number: '+33 6 12 34 56 78',
        features: { preferences: false },
        mfa: false,
      },
    })
    expect(answer.status).toBe(200)
    expect(answer.body.data).toMatchObject({ key: editorKey, KIND: 'Account', name: 'Dana Draper', language: 'en/fr' })
    const row = await accountRow(editorKey)
    expect(row).toMatchObject({
      name: 'Dana Draper',
      first: 'Dana',
      last: 'Draper',
      title: 'Head of Design',
      department: 'design',
      username: 'dana_d',
      employeeNumber: '004711',
      language: 'en/fr',
      country: 'FRA',
      dateFormat: 'DD/MM/YYYY',
      contactNumber: '+33 1 23 45 67 89',
      mobileNumber: '+33 6 12 34 56 78',
      features: { preferences: false },
    })
  })

  it('answers GET for the caller’s own account, with initials when there is no picture', async () => {
    const answer = await api(portal, 'GET', `/api/account/model/${editorKey}`, { token: editorToken })
    expect(answer.status).toBe(200)
    expect(answer.body.data).toMatchObject({ key: editorKey, email: 'editor@demo.test', picture: null })
  })

  it('refuses to read or change another account', async () => {
    const before = await accountRow(adminKey)
    const put = await api(portal, 'PUT', `/api/account/model/${adminKey}`, {
      token: editorToken,
      body: { title: 'Hijacked' },
    })
    expect(put).toMatchObject({ status: 403, body: { error: { type: 'PermissionError' } } })
    const get = await api(portal, 'GET', `/api/account/model/${adminKey}`, { token: editorToken })
    expect(get.status).toBe(403)
    expect((await accountRow(adminKey)).title).toBe(before.title)
  })

  it('lets only an account admin change the role or the account type', async () => {
    const role = await api(portal, 'PUT', `/api/account/model/${editorKey}`, {
      token: editorToken,
      body: { role: 'admin' },
    })
    expect(role).toEqual({
      status: 403,
      body: { error: { type: 'PermissionError', message: 'Only an account admin can change the role.' } },
    })
    const jobType = await api(portal, 'PUT', `/api/account/model/${editorKey}`, {
      token: editorToken,
      body: { job_type: 'admin' },
    })
    expect(jobType.status).toBe(403)
    expect(await accountRow(editorKey)).toMatchObject({ role: 'user', jobType: 'designer' })

    // Sending the unchanged value is not a change.
    const same = await api(portal, 'PUT', `/api/account/model/${editorKey}`, {
      token: editorToken,
      body: { role: 'user', job_type: 'designer' },
    })
    expect(same.status).toBe(200)

    const admin = await api(portal, 'PUT', `/api/account/model/${adminKey}`, {
      token: adminToken,
      body: { job_type: 'delegate' },
    })
    expect(admin.status).toBe(200)
    expect((await accountRow(adminKey)).jobType).toBe('delegate')
    await api(portal, 'PUT', `/api/account/model/${adminKey}`, { token: adminToken, body: { job_type: 'admin' } })
  })

  it('refuses bad input with the spec message and changes nothing', async () => {
    const before = await accountRow(editorKey)
    const answer = await api(portal, 'PUT', `/api/account/model/${editorKey}`, {
      token: editorToken,
      body: { title: 'Changed', employee_number: '12-ab' },
    })
    expect(answer).toEqual({
      status: 400,
      body: {
        error: {
          type: 'ValidationError',
          message: 'employee_number: Invalid Employee Number. Numeric value expected.',
        },
      },
    })
    const after = await accountRow(editorKey)
    expect(after.title).toBe(before.title)
    expect(after.employeeNumber).toBe(before.employeeNumber)

    for (const [body, message] of [
      [{ username: 'two words' }, 'username: Invalid Username. Alphanumeric characters expected.'],
      [{ date_format: 'YYYY-MM-DD' }, 'date_format: Select MM/DD/YYYY or DD/MM/YYYY.'],
      [{ country: 'Atlantis' }, 'country: Select a country from the list.'],
      [{ lines: ['x'] }, 'lines: Access to lines is given by invites and Manage Team, not by the account.'],
      [{ email: 'new@example.test' }, 'email: Unrecognized key: "email"'],
      [{}, 'Nothing to update: send at least one field.'],
    ] as const) {
      const bad = await api(portal, 'PUT', `/api/account/model/${editorKey}`, { token: editorToken, body })
      expect(bad, JSON.stringify(body)).toEqual({ status: 400, body: { error: { type: 'ValidationError', message } } })
    }
  })

  it('keeps a preferred brand only among the caller’s brands', async () => {
    const answer = await api(portal, 'PUT', `/api/account/model/${editorKey}`, {
      token: editorToken,
      body: { preferences: { brand: 'not-my-brand' } },
    })
    expect(answer.status).toBe(404)
    expect((await accountRow(editorKey)).preferences).toEqual({ brand: DEMO_BRAND_KEY })
  })

  it('finishes onboarding with status onboarded, posts Onboarding Complete, and never goes back', async () => {
    const user = await freshUser({ status: 'onboarding-personal', grants: [brandRead] })
    const forward = await api(portal, 'PUT', `/api/account/model/${user.key}`, {
      token: user.token,
      body: { status: 'onboarded' },
    })
    expect(forward.status).toBe(200)
    expect((await accountRow(user.key)).status).toBe('onboarded')
    const stored = await portal.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.accountKey, user.key), eq(notifications.action, 'Onboarding Complete')))
    expect(stored).toHaveLength(1)
    const flat = await api(portal, 'GET', '/api/notification/method/notifications_flat', { token: user.token })
    expect(flat.body.data).toEqual([expect.objectContaining({ action: 'Onboarding Complete', read: false })])

    const back = await api(portal, 'PUT', `/api/account/model/${user.key}`, {
      token: user.token,
      body: { status: 'onboarding-personal' },
    })
    expect(back.status).toBe(409)
    expect((await accountRow(user.key)).status).toBe('onboarded')
  })
})

describe('onboarding moves', () => {
  async function actorOf(user: FreshUser) {
    return actorForIdentity(portal.deps, { uid: user.uid, email: user.email })
  }

  it('walks an editor through the four steps: Skip, Continue, Finish', async () => {
    const user = await freshUser({
      status: 'onboarding-personal',
      jobType: 'designer',
      grants: [
        { model: 'Brand', modelId: DEMO_BRAND_KEY, type: 'editor' },
        { model: 'Collection', modelId: 'collection-1', type: 'editor' },
      ],
    })
    const actor = await actorOf(user)

    // Skip leaves the status alone.
    expect(await moveOnboarding(portal.deps, actor, { step: 'company', intent: 'skip' })).toEqual({
      redirectTo: '/settings/profile',
      finished: false,
    })
    expect((await accountRow(user.key)).status).toBe('onboarding-personal')

    // Continue needs the step's page saved first.
    await expect(moveOnboarding(portal.deps, actor, { step: 'personal', intent: 'continue' })).rejects.toThrow(
      'Fill in Title, Department and press Update before you continue.',
    )
    await portal.deps.db
      .update(accounts)
      .set({ title: 'Designer', department: 'design' })
      .where(eq(accounts.key, user.key))
    expect(await moveOnboarding(portal.deps, actor, { step: 'personal', intent: 'continue' })).toEqual({
      redirectTo: '/settings/security',
      finished: false,
    })
    expect((await accountRow(user.key)).status).toBe('onboarding-security')
    await moveOnboarding(portal.deps, actor, { step: 'security', intent: 'continue' })
    expect((await accountRow(user.key)).status).toBe('onboarding-branding')

    // Finish on the last step: onboarded, the notification, products filtered by the first grant.
    expect(await moveOnboarding(portal.deps, actor, { step: 'branding', intent: 'continue' })).toEqual({
      redirectTo: `/brand/${DEMO_BRAND_KEY}/products?collections=collection-1`,
      finished: true,
    })
    expect((await accountRow(user.key)).status).toBe('onboarded')
    const [note] = await portal.deps.db.select().from(notifications).where(eq(notifications.accountKey, user.key))
    expect(note).toMatchObject({ action: 'Onboarding Complete', brandKey: DEMO_BRAND_KEY })
    await expect(moveOnboarding(portal.deps, actor, { step: 'branding', intent: 'continue' })).rejects.toThrow(
      'Onboarding is already complete.',
    )
  })

  it('continues the company step only with each of its required fields stored', async () => {
    const complete = {
      name: 'Onboarding Co',
      legalName: 'Onboarding Co Ltd',
      address: { street: '1 Main Street', suite: 'Floor 2', country: 'FRA' },
    }
    // One brand per missing field, each with everything else filled in.
    const cases: [label: string, brand: typeof complete][] = [
      ['Profile Name', { ...complete, name: ' ' }],
      ['Legal Name', { ...complete, legalName: '' }],
      ['Address 1', { ...complete, address: { ...complete.address, street: '' } }],
      ['Address 2', { ...complete, address: { ...complete.address, suite: '' } }],
      ['Country', { ...complete, address: { ...complete.address, country: '' } }],
      ['', complete],
    ]
    for (const [missing, fields] of cases) {
      const brandKey = newKey()
      await portal.deps.db.insert(brands).values({ key: brandKey, ...fields })
      const user = await freshUser({ status: 'onboarding-personal', jobType: 'designer', grants: [] })
      await portal.deps.db
        .insert(grants)
        .values({ key: newKey(), accountKey: user.key, brandKey, model: 'Brand', modelId: brandKey, type: 'editor' })
      const move = moveOnboarding(portal.deps, await actorOf(user), {
        step: 'company',
        intent: 'continue',
        brand: brandKey,
      })
      if (missing) {
        await expect(move, missing).rejects.toThrow(`Fill in ${missing} and press Update before you continue.`)
      } else {
        await expect(move).resolves.toEqual({ redirectTo: '/settings/profile', finished: false })
      }
    }
  })

  it('gives a read member only the personal steps and sends an owner home', async () => {
    const reader = await freshUser({ status: 'onboarding-personal', grants: [brandRead] })
    await expect(
      moveOnboarding(portal.deps, await actorOf(reader), { step: 'company', intent: 'skip' }),
    ).rejects.toMatchObject({ type: 'PermissionError' })
    expect(await moveOnboarding(portal.deps, await actorOf(reader), { step: 'security', intent: 'skip' })).toEqual({
      redirectTo: `/brand/${DEMO_BRAND_KEY}/products`,
      finished: true,
    })

    const owner = await freshUser({
      status: 'onboarding-branding',
      role: 'admin',
      jobType: 'admin',
      grants: [{ model: 'Brand', modelId: DEMO_BRAND_KEY, type: 'owner' }],
    })
    expect(await moveOnboarding(portal.deps, await actorOf(owner), { step: 'branding', intent: 'continue' })).toEqual({
      redirectTo: `/brand/${DEMO_BRAND_KEY}`,
      finished: true,
    })
  })
})
