// Fresh users and brands for end-to-end tests, made through the JSON API as a real client would
// (no database shortcuts): admin@demo.test creates brands and invites, the invitee signs up.
// A spec that edits a brand uses one made here, so Demo Brand stays as every spec expects it.
import { request } from '@playwright/test'

const ADMIN = { email: 'admin@demo.test', password: 'Demo-passw0rd!' }

export interface NewMember {
  email: string
  password: string
  accountKey: string
}

interface Envelope<T> {
  data?: T
  error?: { type: string; message: string }
}

type Call = <T>(method: 'GET' | 'POST' | 'PUT', path: string, data: unknown, token?: string) => Promise<T>

/** Runs `work` with an API caller and the ID token of admin@demo.test. */
async function asAdmin<T>(baseURL: string, work: (call: Call, idToken: string) => Promise<T>): Promise<T> {
  const context = await request.newContext({ baseURL })
  try {
    const call: Call = async <R>(method: string, path: string, data: unknown, token?: string): Promise<R> => {
      const response = await context.fetch(path, {
        method,
        data,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      })
      const body = (await response.json()) as Envelope<R>
      if (!response.ok() || body.error || body.data === undefined) {
        throw new Error(`${method} ${path} failed (${response.status()}): ${body.error?.message ?? 'no data'}`)
      }
      return body.data
    }
    const { idToken } = await call<{ idToken: string }>('POST', '/api/account/method/login', ADMIN)
    return await work(call, idToken)
  } finally {
    await context.dispose()
  }
}

export interface NewBrand {
  key: string
  name: string
}

/**
 * A new brand owned by admin@demo.test (role admin), with company profile `fields` as PUT
 * /api/brand/model/{key} takes them (legal_name, address, contact, ...).
 */
export async function createBrand(
  baseURL: string,
  input: { name?: string; fields?: Record<string, unknown> } = {},
): Promise<NewBrand> {
  const name = input.name ?? `Spec Brand ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`
  return asAdmin(baseURL, async (call, idToken) => {
    const brand = await call<NewBrand>('POST', '/api/brand/model/', { name }, idToken)
    if (input.fields) await call('PUT', `/api/brand/model/${brand.key}`, input.fields, idToken)
    return { key: brand.key, name: brand.name }
  })
}

/**
 * Creates an account with a grant on Demo Brand, or on `brand` when given: invited by
 * admin@demo.test (job type `designer` unless told otherwise, which gives an editor grant), then
 * signed up with `password`. The password must pass the strict rule and must not be a breached one.
 */
export async function createMember(
  baseURL: string,
  input: {
    email: string
    password: string
    first?: string
    last?: string
    jobType?: string
    lines?: string[]
    collections?: string[]
    /** Grants beyond the job type's level (an editor grant on one line of a read member). */
    grants?: { model: string; model_id: string; type: string }[]
    /** The brand to join (default Demo Brand); admin@demo.test must own it. */
    brand?: string
  },
): Promise<NewMember> {
  return asAdmin(baseURL, async (call, idToken) => {
    let brandKey = input.brand
    if (!brandKey) {
      const brands = await call<{ key: string; name: string }[]>('GET', '/api/brand/query/user/', undefined, idToken)
      brandKey = brands.find((brand) => brand.name === 'Demo Brand')?.key
      if (!brandKey) throw new Error('Demo Brand is not visible to admin@demo.test')
    }

    const first = input.first ?? 'Test'
    const last = input.last ?? 'Member'
    const invite = await call<{ url: string }>(
      'POST',
      '/api/invite/model/',
      {
        brand: brandKey,
        email: input.email,
        first_name: first,
        last_name: last,
        job_type: input.jobType ?? 'designer',
        lines: input.lines ?? [],
        collections: input.collections ?? [],
        ...(input.grants && { grants: input.grants }),
      },
      idToken,
    )
    const token = new URL(invite.url).searchParams.get('token')
    if (!token) throw new Error(`the invite URL has no token: ${invite.url}`)

    const signedUp = await call<{ account: { key: string; email: string } }>('POST', '/api/account/method/signup/', {
      email: input.email,
      password: input.password,
      first,
      last,
      invite: token,
    })
    return { email: signedUp.account.email, password: input.password, accountKey: signedUp.account.key }
  })
}

/**
 * Puts a demo account's current brand (preferences.brand) back to `brand`. Opening a brand's home
 * page remembers it (docs/decisions/038), which changes where the account lands after sign-in:
 * a test that opens a brand as a demo account whose seed choice differs restores it afterwards.
 */
export async function setCurrentBrand(baseURL: string, email: string, brand: string | null, password = ADMIN.password) {
  const context = await request.newContext({ baseURL })
  try {
    const login = await context.post('/api/account/method/login', { data: { email, password } })
    const { data } = (await login.json()) as Envelope<{ idToken: string; account: { key: string } }>
    if (!data) throw new Error(`sign-in of ${email} failed (${login.status()})`)
    const answer = await context.put(`/api/account/model/${data.account.key}`, {
      data: { preferences: { brand } },
      headers: { authorization: `Bearer ${data.idToken}` },
    })
    if (!answer.ok()) throw new Error(`could not set the current brand of ${email} (${answer.status()})`)
  } finally {
    await context.dispose()
  }
}

/** Updates the company profile of a brand owned by admin@demo.test, which notifies its other members. */
export async function updateBrandAsAdmin(baseURL: string, brandKey: string, fields: Record<string, unknown>) {
  await asAdmin(baseURL, (call, idToken) => call('PUT', `/api/brand/model/${brandKey}`, fields, idToken))
}
