// An invite link is its token, the address it was sent to, its status and its brand: each part
// changed alone refuses the acceptance and leaves the invite and the account's grants as they
// were. A token one character off is not found (404); the token of an invite another account has
// accepted is not found (404); an invite of an archived brand is not found (404) until the brand
// is restored; an invite for another address is refused (403). The invite as sent is accepted.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { brands, grants, invites } from '#db/schema'
import { createAccount, createBrand, createInvite, FACTORY_PASSWORD, type BrandFixture } from '#tests/support/factories'
import { api, idTokenFor, startTestPortal, type TestPortal } from '#tests/support/portal'

const NOT_FOUND = 'Invite Not Found. Please ask a team Admin to send you a new invite.'

let portal: TestPortal
let brand: BrandFixture

beforeAll(async () => {
  portal = await startTestPortal()
  brand = await createBrand(portal.deps, { lines: 0 })
})
afterAll(() => portal?.destroy())

/** An account that signs in through the API, with its bearer token. */
async function invitee(name: string) {
  const account = await createAccount(portal.deps, { name })
  return { ...account, bearer: await idTokenFor(portal, account.email, FACTORY_PASSWORD) }
}

const accept = (token: string, bearer: string) =>
  api(portal, 'GET', `/api/app/method/accept_invite?token=${encodeURIComponent(token)}`, { token: bearer })

const inviteRow = async (key: string) => (await portal.deps.db.select().from(invites).where(eq(invites.key, key)))[0]!
const grantsOf = (accountKey: string, brandKey: string) =>
  portal.deps.db
    .select()
    .from(grants)
    .where(and(eq(grants.accountKey, accountKey), eq(grants.brandKey, brandKey)))

/** The token with one character changed. */
const oneOff = (token: string) => `${token.slice(0, 20)}${token[20] === 'A' ? 'B' : 'A'}${token.slice(21)}`

describe('an invite link, part by part', () => {
  it('is accepted as sent', async () => {
    const person = await invitee('Whole')
    const invite = await createInvite(portal.deps, brand.key, { email: person.email })
    const answer = await accept(invite.token, person.bearer)
    expect(answer.status).toBe(200)
    expect(answer.body.data).toMatchObject({ brandKey: brand.key, alreadyAccepted: false })
    expect(await inviteRow(invite.key)).toMatchObject({ status: 'accepted', acceptedBy: person.key })
    expect(await grantsOf(person.key, brand.key)).toHaveLength(1)
  })

  it('is not found with one character of its token changed', async () => {
    const person = await invitee('Token')
    const invite = await createInvite(portal.deps, brand.key, { email: person.email })
    expect(await accept(oneOff(invite.token), person.bearer)).toEqual({
      status: 404,
      body: { error: { type: 'NotFound', message: NOT_FOUND } },
    })
    expect(await inviteRow(invite.key)).toMatchObject({ status: 'pending', acceptedBy: null })
    expect(await grantsOf(person.key, brand.key)).toEqual([])
  })

  it('is refused for an account of another address', async () => {
    const [person, other] = [await invitee('Addressee'), await invitee('Other')]
    const invite = await createInvite(portal.deps, brand.key, { email: person.email })
    expect(await accept(invite.token, other.bearer)).toEqual({
      status: 403,
      body: {
        error: {
          type: 'PermissionError',
          message: `This invite was sent to ${person.email}. Sign in with that e-mail address to accept it.`,
        },
      },
    })
    expect(await inviteRow(invite.key)).toMatchObject({ status: 'pending', acceptedBy: null })
    expect(await grantsOf(other.key, brand.key)).toEqual([])
  })

  it('is not found once another account accepted it, and answers the same landing to the one that did', async () => {
    const [first, second] = [await invitee('First'), await invitee('Second')]
    const invite = await createInvite(portal.deps, brand.key, {
      email: first.email,
      status: 'accepted',
      acceptedBy: first.key,
    })
    expect(await accept(invite.token, second.bearer)).toEqual({
      status: 404,
      body: { error: { type: 'NotFound', message: NOT_FOUND } },
    })
    expect(await grantsOf(second.key, brand.key)).toEqual([])
    expect((await accept(invite.token, first.bearer)).body.data).toMatchObject({ alreadyAccepted: true })
    expect(await inviteRow(invite.key)).toMatchObject({ status: 'accepted', acceptedBy: first.key })
  })

  it('is not found while its brand is archived, and accepted once it is restored', async () => {
    const archived = await createBrand(portal.deps, { lines: 0 })
    const person = await invitee('Archived')
    const invite = await createInvite(portal.deps, archived.key, { email: person.email })
    await portal.deps.db.update(brands).set({ archivedAt: new Date() }).where(eq(brands.key, archived.key))
    expect(await accept(invite.token, person.bearer)).toEqual({
      status: 404,
      body: { error: { type: 'NotFound', message: NOT_FOUND } },
    })
    expect(await inviteRow(invite.key)).toMatchObject({ status: 'pending', acceptedBy: null })
    expect(await grantsOf(person.key, archived.key)).toEqual([])
    // The landing does not show it either.
    const parsed = await api(portal, 'GET', `/api/invite/method/parse?token=${invite.token}`)
    expect(parsed).toEqual({ status: 404, body: { error: { type: 'NotFound', message: NOT_FOUND } } })

    await portal.deps.db.update(brands).set({ archivedAt: null }).where(eq(brands.key, archived.key))
    expect((await accept(invite.token, person.bearer)).status).toBe(200)
    expect(await grantsOf(person.key, archived.key)).toHaveLength(1)
  })
})
