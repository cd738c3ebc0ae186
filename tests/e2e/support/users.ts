// Fresh users for end-to-end tests: the owner of Demo Brand invites the address through the JSON
// API and the invitee signs up through it, as a real invitee would (no database shortcuts).
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

/**
 * Creates an account with a grant on Demo Brand (or `brand`): invited by admin@demo.test (job type `designer`
 * unless told otherwise, which gives an editor grant), then signed up with `password`. The
 * password must pass the strict rule and must not be a breached one.
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
    /** The brand the invite is for, by name; Demo Brand unless told otherwise. */
    brand?: string
  },
): Promise<NewMember> {
  const context = await request.newContext({ baseURL })
  try {
    const call = async <T>(method: 'GET' | 'POST', path: string, data: unknown, token?: string): Promise<T> => {
      const response = await context.fetch(path, {
        method,
        data,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      })
      const body = (await response.json()) as Envelope<T>
      if (!response.ok() || body.error || body.data === undefined) {
        throw new Error(`${method} ${path} failed (${response.status()}): ${body.error?.message ?? 'no data'}`)
      }
      return body.data
    }

    const { idToken } = await call<{ idToken: string }>('POST', '/api/account/method/login', ADMIN)
    const brands = await call<{ key: string; name: string }[]>('GET', '/api/brand/query/user/', undefined, idToken)
    const brandName = input.brand ?? 'Demo Brand'
    const demo = brands.find((brand) => brand.name === brandName)
    if (!demo) throw new Error(`${brandName} is not visible to admin@demo.test`)

    const first = input.first ?? 'Test'
    const last = input.last ?? 'Member'
    const invite = await call<{ url: string }>(
      'POST',
      '/api/invite/model/',
      {
        brand: demo.key,
        email: input.email,
        first_name: first,
        last_name: last,
        job_type: input.jobType ?? 'designer',
        lines: input.lines ?? [],
        collections: input.collections ?? [],
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
  } finally {
    await context.dispose()
  }
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
