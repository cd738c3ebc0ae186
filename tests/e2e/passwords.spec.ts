// Password and e-mail flows in the browser (access.md §2 public screens, §4 "Password reset", §5,
// §8): forgot password → the emulator's reset code → reset screen (breached refused) → success →
// sign in; e-mail verification; the e-mail link forwarder; Change Password. Each test uses its
// own fresh member, never a demo account.
import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { latestOobCode } from '../support/emulator'
import { e2eEnvironment, expect, signIn, test } from './fixtures'
import { createMember, type NewBrand } from './support/users'

const BREACHED = 'The password has previously appeared in a data breach. Please use a more secure alternative.'
const SENT = 'If you have a user account with us, you should receive an email with instructions'
const START_PASSWORD = 'Stitch-and-Seam-81'

function freshEmail(prefix: string) {
  return `${prefix}-${randomUUID().slice(0, 8)}@e2e-passwords.test`
}

/** A fresh member of the test's own brand (Demo Brand's team stays as the other specs expect it). */
async function newMember(baseURL: string | undefined, brand: NewBrand, prefix: string) {
  return createMember(baseURL!, { email: freshEmail(prefix), password: START_PASSWORD, brand: brand.key })
}

async function oobCode(email: string, requestType: 'PASSWORD_RESET' | 'VERIFY_EMAIL') {
  const { emulatorHost, projectId } = e2eEnvironment()
  const code = await latestOobCode(emulatorHost, projectId, email, requestType)
  if (!code) throw new Error(`no ${requestType} code for ${email}`)
  return code.oobCode
}

/** Asks the emulator for a verification e-mail for a user, as the provider's client would. */
async function requestVerificationCode(email: string, password: string) {
  const { emulatorHost } = e2eEnvironment()
  const base = `http://${emulatorHost}/identitytoolkit.googleapis.com/v1`
  const post = async (method: string, body: unknown) => {
    const response = await fetch(`${base}/${method}?key=e2e`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    expect(response.ok).toBe(true)
    return (await response.json()) as { idToken?: string }
  }
  const { idToken } = await post('accounts:signInWithPassword', { email, password, returnSecureToken: true })
  await post('accounts:sendOobCode', { requestType: 'VERIFY_EMAIL', idToken })
  return oobCode(email, 'VERIFY_EMAIL')
}

async function fillNewPassword(page: Page, password: string, confirm = password) {
  await page.getByLabel('New Password').fill(password)
  await page.getByLabel('Confirm Password').fill(confirm)
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('forgot password → reset with the e-mailed code → sign in with the new password', async ({
    page,
    baseURL,
    ownBrand,
  }) => {
    const member = await newMember(baseURL, ownBrand, 'reset')

    await page.goto('/')
    await page.getByRole('link', { name: 'Forgot password' }).click()
    await expect(page).toHaveURL(/\/password-reset$/)
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await expect(page.getByText('Email is required.')).toBeVisible()
    await page.getByLabel('Email').fill('not-an-address')
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await expect(page.getByText('Please enter a valid email!')).toBeVisible()

    // An unknown address hears exactly what a known one hears.
    await page.getByLabel('Email').fill(freshEmail('nobody'))
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await expect(page.getByRole('status')).toHaveText(SENT)
    await page.getByLabel('Email').fill(member.email)
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await expect(page.getByRole('status')).toHaveText(SENT)
    await page.screenshot({ path: 'test-results/passwords-forgot.png', fullPage: true })

    // The e-mail link points at /user-management, which forwards to the reset screen.
    const code = await oobCode(member.email, 'PASSWORD_RESET')
    await page.goto(`/user-management?mode=resetPassword&oobCode=${encodeURIComponent(code)}`)
    await expect(page).toHaveURL(/\/reset-password\/\?code=/)
    await expect(page.getByText(member.email)).toBeVisible()
    await expect(page.getByLabel('I have read and accepted the terms and conditions')).toBeVisible()

    await page.getByRole('button', { name: 'Reset password' }).click()
    await expect(page.getByText('Enter a new password')).toBeVisible()
    await expect(page.getByText('Confirm your new password')).toBeVisible()

    await fillNewPassword(page, 'Velvet-Hem-2041', 'Velvet-Hem-2042')
    await page.getByRole('button', { name: 'Reset password' }).click()
    await expect(page.getByText('New password and confirm password not matching!')).toBeVisible()

    await fillNewPassword(page, 'weakpassword')
    await page.getByRole('button', { name: 'Reset password' }).click()
    await expect(
      page.getByText('Password must contain one uppercase, one lowercase, one number and one special character'),
    ).toBeVisible()

    await fillNewPassword(page, 'Password123!')
    await page.getByRole('button', { name: 'Reset password' }).click()
    await expect(page.getByText(BREACHED)).toBeVisible()
    await page.screenshot({ path: 'test-results/passwords-reset-breached.png', fullPage: true })

    // Terms left unticked: shown, not enforced.
    await fillNewPassword(page, 'Velvet-Hem-2041')
    await page.getByRole('button', { name: 'Reset password' }).click()
    await expect(page.getByTestId('reset-success')).toBeVisible()
    await page.screenshot({ path: 'test-results/passwords-reset-done.png', fullPage: true })
    await page.getByRole('link', { name: 'Login' }).click()
    await expect(page).toHaveURL(/\/$/)

    await signIn(page, member.email, START_PASSWORD, { expectSuccess: false })
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password')
    await signIn(page, member.email, 'Velvet-Hem-2041')
    await expect(page).not.toHaveURL(/\/$/)
  })

  test('a used or broken reset link says Invalid Link!', async ({ page }) => {
    await page.goto('/reset-password')
    await expect(page.getByRole('heading', { name: 'Invalid Link!' })).toBeVisible()
    await page.goto('/reset-password?code=not-a-code')
    await expect(page.getByRole('heading', { name: 'Invalid Link!' })).toBeVisible()
    await expect(page.getByRole('alert')).toHaveText(/The action code is invalid/)
    await page.getByRole('link', { name: 'Request a new link' }).click()
    await expect(page).toHaveURL(/\/password-reset$/)
  })

  test('verify e-mail: the link verifies once; no code or an unknown mode is an Invalid Link!', async ({
    page,
    baseURL,
    ownBrand,
  }) => {
    const member = await newMember(baseURL, ownBrand, 'verify')
    const code = await requestVerificationCode(member.email, START_PASSWORD)

    await page.goto(`/user-management?mode=verifyEmail&oobCode=${encodeURIComponent(code)}`)
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByTestId('toast')).toHaveText('Email Verified')

    await page.goto(`/verify-email?code=${encodeURIComponent(code)}`)
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByTestId('toast')).toHaveText(/The action code is invalid/)

    await page.goto('/verify-email')
    await expect(page.getByRole('heading', { name: 'Invalid Link!' })).toBeVisible()
    await page.goto('/user-management?mode=recoverEmail&oobCode=abc')
    await expect(page.getByRole('heading', { name: 'Invalid Link!' })).toBeVisible()
  })

  test('Change Password: wrong current and breached refused, then changed and still signed in', async ({
    page,
    baseURL,
    ownBrand,
  }) => {
    const member = await newMember(baseURL, ownBrand, 'change')
    await signIn(page, member.email, START_PASSWORD)
    await page.goto('/settings/security')
    await expect(page.getByRole('heading', { name: 'Password and Authentication' }).first()).toBeVisible()
    await page.getByRole('link', { name: 'Change Password' }).click()
    await expect(page).toHaveURL(/\/settings\/security\/password$/)
    const dialog = page.getByRole('dialog', { name: 'Change Password' })
    await expect(dialog).toBeVisible()

    await dialog.getByLabel('Current Password').fill('not-my-password')
    await fillNewPassword(page, 'Velvet-Hem-2041')
    await dialog.getByRole('button', { name: 'Change Password' }).click()
    await expect(dialog.getByText('Wrong password')).toBeVisible()

    await dialog.getByLabel('Current Password').fill(START_PASSWORD)
    await fillNewPassword(page, 'Password123!')
    await dialog.getByRole('button', { name: 'Change Password' }).click()
    await expect(dialog.getByText(BREACHED)).toBeVisible()
    await page.screenshot({ path: 'test-results/passwords-change-breached.png', fullPage: true })

    await dialog.getByLabel('Current Password').fill(START_PASSWORD)
    await fillNewPassword(page, 'Velvet-Hem-2041')
    await dialog.getByRole('button', { name: 'Change Password' }).click()
    await expect(page).toHaveURL(/\/settings\/security$/)
    await expect(page.getByTestId('toast')).toHaveText('Password changed successfully')

    // Still signed in with the fresh session; the new password is the one that works.
    await page.goto('/brands')
    await expect(page).toHaveURL(/\/brands$/)
    await page.context().clearCookies()
    await signIn(page, member.email, START_PASSWORD, { expectSuccess: false })
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password')
    await signIn(page, member.email, 'Velvet-Hem-2041')
  })
})

test.describe('with JavaScript', () => {
  test('the reset screen warns about a breached password before it is sent', async ({ page, baseURL, ownBrand }) => {
    const member = await newMember(baseURL, ownBrand, 'reset-js')
    await page.goto('/password-reset')
    await page.getByLabel('Email').fill(member.email)
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await expect(page.getByRole('status')).toHaveText(SENT)

    const code = await oobCode(member.email, 'PASSWORD_RESET')
    const checks: string[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('/api/account/method/checkpwned')) checks.push(request.postData() ?? '')
    })
    await page.goto(`/reset-password?code=${encodeURIComponent(code)}`)
    await page.getByLabel('New Password').fill('Password123!')
    await expect(page.getByText(BREACHED)).toBeVisible()
    // Only a 5-character hash prefix left the browser.
    expect(checks.length).toBeGreaterThan(0)
    for (const body of checks) expect(JSON.parse(body)).toEqual({ prefix: expect.stringMatching(/^[0-9A-F]{5}$/) })

    await fillNewPassword(page, 'Velvet-Hem-2041')
    await expect(page.getByText(BREACHED)).toBeHidden()
    await page.getByRole('button', { name: 'Reset password' }).click()
    await expect(page.getByTestId('reset-success')).toBeVisible()
  })
})
