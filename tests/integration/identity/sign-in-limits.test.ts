// Failed sign-ins are limited per account and per client address; a success clears the account's
// count. Limits are lowered here so the test stays short.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { SignInRefused } from '#app/platform/errors'
import { signInWithPassword, MESSAGES } from '#app/features/identity/auth.server'
import { DEMO_PASSWORD, startTestPortal, type TestPortal } from '#tests/support/portal'

let portal: TestPortal

beforeAll(async () => {
  portal = await startTestPortal({ env: { LOGIN_LIMIT_ACCOUNT: '3', LOGIN_LIMIT_IP: '5' } })
})
afterAll(() => portal?.destroy())

const attempt = (email: string, password: string, ip: string) =>
  signInWithPassword(portal.deps, { email, password, remember: false, ip })
/** A sign-in that must be refused (it throws SignInRefused). */
const refused = (email: string, password: string, ip: string) =>
  expect(attempt(email, password, ip)).rejects.toBeInstanceOf(SignInRefused)

it('locks an account after too many failures, even for the right password', async () => {
  await expect(attempt('editor@demo.test', 'wrong-1', '10.0.0.1')).rejects.toMatchObject({
    status: 401,
    message: 'Invalid email or password',
  })
  await refused('editor@demo.test', 'wrong-2', '10.0.0.2')
  await refused('EDITOR@demo.test', 'wrong-3', '10.0.0.3')
  const locked = attempt('editor@demo.test', DEMO_PASSWORD, '10.0.0.4')
  await expect(locked).rejects.toMatchObject({ status: 429, reason: 'limited', message: MESSAGES.tooManyForAccount })
  expect(MESSAGES.tooManyForAccount).toBe('Too many failed login attempts. Reset your password.')
})

it('resets the account count after a successful sign-in', async () => {
  await refused('vsm@demo.test', 'wrong-1', '10.0.1.1')
  await refused('vsm@demo.test', 'wrong-2', '10.0.1.1')
  expect((await attempt('vsm@demo.test', DEMO_PASSWORD, '10.0.1.2')).ok).toBe(true)
  await refused('vsm@demo.test', 'wrong-3', '10.0.1.3')
  await refused('vsm@demo.test', 'wrong-4', '10.0.1.3')
  expect((await attempt('vsm@demo.test', DEMO_PASSWORD, '10.0.1.4')).ok).toBe(true)
})

it('limits one client address across accounts', async () => {
  for (let i = 0; i < 5; i++) await refused(`nobody-${i}@demo.test`, 'wrong', '10.9.9.9')
  const limited = attempt('admin@demo.test', DEMO_PASSWORD, '10.9.9.9')
  await expect(limited).rejects.toMatchObject({ status: 429, message: MESSAGES.tooManyForAddress })
  expect((await attempt('admin@demo.test', DEMO_PASSWORD, '10.9.9.10')).ok).toBe(true)
})
