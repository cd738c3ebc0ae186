// The password limits at their exact bounds, each with its own accounts and addresses:
// - reset e-mails per client address: 30 an hour to any addresses, the 31st refused;
// - reset e-mails per e-mail address: 5 an hour from any client addresses, the 6th refused;
// - wrong current passwords when changing it: 10 in 15 minutes are checked, the 11th attempt is
//   refused even with the right password, and nothing changes;
// - breach-check calls per client address: 300 in 15 minutes, the 301st refused.
// A refused request is not counted: the stored count stays at the bound.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rateLimits } from '#db/schema'
import {
  ACCOUNT_TEMPORARILY_DISABLED,
  RESET_EMAIL_SENT,
  TOO_MANY_RESET_REQUESTS,
  WRONG_CURRENT_PASSWORD,
} from '#app/features/identity/identity-messages'
import {
  CHANGE_PASSWORD_LIMIT,
  CHECKPWNED_LIMIT,
  changePassword,
  checkPwnedPrefix,
  requestPasswordReset,
  RESET_LIMITS,
} from '#app/features/identity/passwords.server'
import { actorOf, createAccount, FACTORY_PASSWORD } from '#tests/support/factories'
import { startTestPortal, type TestPortal } from '#tests/support/portal'

let portal: TestPortal

beforeAll(async () => {
  portal = await startTestPortal()
})
afterAll(() => portal?.destroy())

const stamp = () => randomUUID().slice(0, 8)
const countOf = async (bucket: string) =>
  (await portal.deps.db.select().from(rateLimits).where(eq(rateLimits.bucket, bucket)))[0]?.count

describe('password limits at their exact bounds', () => {
  it('are the numbers the rules say', () => {
    expect(RESET_LIMITS.perAddress.limit).toBe(30)
    expect(RESET_LIMITS.perEmail.limit).toBe(5)
    expect(CHANGE_PASSWORD_LIMIT.limit).toBe(10)
    expect(CHECKPWNED_LIMIT.limit).toBe(300)
  })

  it('sends 30 reset e-mails from one client address, to any addresses, and refuses the 31st', async () => {
    const ip = `10.31.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`
    const run = stamp()
    for (let i = 1; i <= 30; i++) {
      const email = `reset-${run}-${i}@sweep.test`
      await expect(requestPasswordReset(portal.deps, { email, ip }), `request ${i}`).resolves.toEqual({
        message: RESET_EMAIL_SENT,
      })
    }
    await expect(requestPasswordReset(portal.deps, { email: `reset-${run}-31@sweep.test`, ip })).rejects.toMatchObject({
      type: 'RateLimited',
      status: 429,
      message: TOO_MANY_RESET_REQUESTS,
    })
    expect(await countOf(`reset:ip:${ip}`)).toBe(30)
    // The refused request never reached its e-mail's own count.
    expect(await countOf(`reset:email:reset-${run}-31@sweep.test`)).toBeUndefined()
  })

  it('sends 5 reset e-mails to one address, from any client addresses, and refuses the 6th', async () => {
    const email = `reset-one-${stamp()}@sweep.test`
    for (let i = 1; i <= 5; i++) {
      await expect(requestPasswordReset(portal.deps, { email, ip: `10.32.1.${i}` })).resolves.toEqual({
        message: RESET_EMAIL_SENT,
      })
    }
    await expect(requestPasswordReset(portal.deps, { email, ip: '10.32.1.6' })).rejects.toMatchObject({
      type: 'RateLimited',
      status: 429,
      message: TOO_MANY_RESET_REQUESTS,
    })
    expect(await countOf(`reset:email:${email}`)).toBe(5)
  })

  it('checks 10 wrong current passwords and refuses the 11th attempt, even with the right one', async () => {
    const account = await createAccount(portal.deps, { name: 'Changer' })
    const actor = await actorOf(portal.deps, account)
    const change = (oldPassword: string) =>
      changePassword(portal.deps, actor, { oldPassword, newPassword: 'Velvet-Hem-2041-sweep' }).catch(
        (error: unknown) => error,
      )
    for (let i = 1; i <= 10; i++) {
      expect(await change(`wrong-${i}`), `attempt ${i}`).toMatchObject({
        type: 'ValidationError',
        status: 400,
        message: WRONG_CURRENT_PASSWORD,
      })
    }
    expect(await change(FACTORY_PASSWORD)).toMatchObject({
      type: 'RateLimited',
      status: 429,
      message: ACCOUNT_TEMPORARILY_DISABLED,
    })
    expect(await countOf(`change-password:${actor.key}`)).toBe(10)
    // The password is unchanged.
    expect((await portal.deps.identity.signInWithPassword(account.email, FACTORY_PASSWORD)).ok).toBe(true)
  })

  it('answers 300 breach checks from one client address and refuses the 301st', async () => {
    const ip = `10.33.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`
    for (let i = 1; i <= 300; i++) {
      const answer = await checkPwnedPrefix(portal.deps, { prefix: 'ABCDE', ip }).then(
        () => 'answered',
        (error: unknown) => error,
      )
      if (answer !== 'answered') expect(answer, `check ${i}`).toBe('answered')
    }
    await expect(checkPwnedPrefix(portal.deps, { prefix: 'ABCDE', ip })).rejects.toMatchObject({
      type: 'RateLimited',
      status: 429,
      message: 'Too many requests. Please try again later.',
    })
    expect(await countOf(`checkpwned:ip:${ip}`)).toBe(300)
  }, 60_000)
})
