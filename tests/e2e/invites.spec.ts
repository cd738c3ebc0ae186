// Invites end to end, without JavaScript (access.md §2 "Sign-up", §4 "Invite acceptance"): the
// owner invites, the e-mail lands in the outbox, the invitee signs up on the brand's landing and
// lands by the invite's first grant; the link then changes nothing. Every test uses new users.
import fs from 'node:fs'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import { demoKey } from '#app/platform/ids'
import { e2eEnvironment, expect, test } from './fixtures'
import { createMember } from './support/users'

const DEMO_BRAND = demoKey('brand:demo')
const SS26 = demoKey('collection:ss26')
const ESSENTIALS = demoKey('line:essentials')
const PASSWORD = 'Quiet-Harbour-57-lamps'
const NOT_FOUND = 'Invite Not Found. Please ask a team Admin to send you a new invite.'

const uniqueEmail = (name: string) => `${name}-${randomBytes(4).toString('hex')}@invitee.test`

async function call<T>(request: APIRequestContext, method: string, url: string, data?: unknown, token?: string) {
  const response = await request.fetch(url, {
    method,
    data,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
  const body = (await response.json()) as { data?: T; error?: { message: string } }
  expect(response.ok(), `${method} ${url}: ${body.error?.message}`).toBe(true)
  return body.data as T
}

async function tokenFor(request: APIRequestContext, email: string, password: string) {
  return (await call<{ idToken: string }>(request, 'POST', '/api/account/method/login', { email, password })).idToken
}

function mailTo(email: string): { subject: string; text: string; html: string } | undefined {
  const dir = e2eEnvironment().outboxDir
  if (!fs.existsSync(dir)) return undefined
  for (const name of fs.readdirSync(dir).filter((file) => file.endsWith('.json'))) {
    const mail = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as {
      to: string
      subject: string
      text: string
      html: string
    }
    if (mail.to === email) return mail
  }
  return undefined
}

/** The link of the e-mail, as a path on the portal under test. */
function linkIn(text: string): string {
  const match = /https?:\/\/\S+\/invite\?token=[A-Za-z0-9_-]+/.exec(text)
  if (!match) throw new Error(`no invite link in: ${text}`)
  const url = new URL(match[0])
  return `${url.pathname}${url.search}`
}

async function grantsOf(request: APIRequestContext, email: string, password: string) {
  const token = await tokenFor(request, email, password)
  const grants = await call<{ model: string; model_id: string; type: string }[]>(
    request,
    'GET',
    '/api/permission/query/grantee',
    undefined,
    token,
  )
  return grants.map((grant) => `${grant.model}:${grant.model_id}:${grant.type}`).sort()
}

async function expectToast(page: Page, text: string) {
  await expect(page.getByTestId('toast')).toContainText(text)
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('invite → e-mail → branded sign-up → lands by its first grant; a second use changes nothing', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const admin = await tokenFor(request, 'admin@demo.test', 'Demo-passw0rd!')
    const email = uniqueEmail('ines')
    const invite = await call<{ key: string }>(
      request,
      'POST',
      '/api/invite/model/',
      {
        brand: DEMO_BRAND,
        email,
        first_name: 'Ines',
        last_name: 'Invitee',
        job_type: 'marketing',
        collections: [SS26],
      },
      admin,
    )
    await call(request, 'POST', '/api/invite/method/email', { key: invite.key, path: `${baseURL}/invite` }, admin)

    const mail = mailTo(email)
    expect(mail?.subject).toBe('Ada Admin invited you to Demo Brand on Brand Portal')
    const link = linkIn(mail!.text)

    await page.goto(link)
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible()
    await expect(page.getByTestId('brand-panel')).toContainText('Demo Brand')
    await expect(page.getByLabel('Email')).toHaveValue(email)
    await expect(page.getByLabel('First name')).toHaveValue('Ines')
    await expect(page.getByLabel('Last name')).toHaveValue('Invitee')
    await expect(
      page.getByText('Password must contain one uppercase, one lowercase, one number and one special character'),
    ).toBeVisible()
    await page.screenshot({ path: test.info().outputPath('invite-landing.png'), fullPage: true })

    // The form's own rules first: a mismatch and a missing last name change nothing.
    await page.getByLabel('Last name').fill('')
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await page.getByLabel('Confirm password').fill(`${PASSWORD}x`)
    await page.getByRole('button', { name: 'Sign up' }).click()
    await expect(page.getByText('Confirm password does not match!')).toBeVisible()
    await expect(page.getByText('Last name is required')).toBeVisible()

    // A password that passes the rules but is known from breaches is refused by the server.
    await page.getByLabel('Last name').fill('Invitee')
    await page.getByLabel('Password', { exact: true }).fill('Password123!')
    await page.getByLabel('Confirm password').fill('Password123!')
    await page.getByRole('button', { name: 'Sign up' }).click()
    await expect(
      page.getByText('The password has previously appeared in a data breach. Please use a more secure alternative.'),
    ).toBeVisible()
    expect(new URL(page.url()).pathname).toBe('/invite')

    await page.getByLabel('Last name').fill('Invitee')
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await page.getByLabel('Confirm password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign up' }).click()
    await page.waitForURL((url) => url.pathname !== '/invite')
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(
      `/brand/${DEMO_BRAND}/products?collections=${SS26}`,
    )
    await expectToast(page, `${email} has been invited to Demo Brand`)
    await page.screenshot({ path: test.info().outputPath('invite-landed.png'), fullPage: true })

    const grantsAfterSignUp = await grantsOf(request, email, PASSWORD)
    expect(grantsAfterSignUp).toEqual([`Brand:${DEMO_BRAND}:editor`, `Collection:${SS26}:editor`].sort())

    // The same link again, signed out: the invite is used up.
    const visitor = await browser.newContext({ baseURL, javaScriptEnabled: false })
    const visitorPage = await visitor.newPage()
    await visitorPage.goto(link)
    await expect(visitorPage).toHaveURL(/\/$/)
    await expectToast(visitorPage, NOT_FOUND)
    await expect(visitorPage.getByTestId('toast')).not.toHaveClass(/toast-auto/)
    await visitorPage.screenshot({ path: test.info().outputPath('invite-used.png'), fullPage: true })
    await visitor.close()

    // And signed in as the invitee: the same landing, nothing new.
    await page.goto(link)
    await page.waitForURL(/\/products\?collections=/)
    expect(await grantsOf(request, email, PASSWORD)).toEqual(grantsAfterSignUp)
  })

  test('an invitee who already has an account signs in and the invite is accepted', async ({
    page,
    request,
    baseURL,
  }) => {
    const member = await createMember(baseURL!, { email: uniqueEmail('member'), password: PASSWORD, jobType: 'guest' })
    const admin = await tokenFor(request, 'admin@demo.test', 'Demo-passw0rd!')
    const invite = await call<{ url: string }>(
      request,
      'POST',
      '/api/invite/model/',
      { brand: DEMO_BRAND, email: member.email, first_name: 'Test', job_type: 'guest', lines: [ESSENTIALS] },
      admin,
    )
    const token = new URL(invite.url).searchParams.get('token')!

    // The sign-up landing sends an existing account to sign in, in the "invited" state.
    await page.goto(`/invite?token=${token}`)
    await expect(page).toHaveURL(new RegExp(`/\\?token=${token}$`))
    await expect(page.getByTestId('login-subtitle')).toHaveText(
      `You have been invited to Demo Brand. Sign in as ${member.email} to accept the invite.`,
    )
    await expect(page.getByLabel('Email')).toHaveValue(member.email)
    await page.screenshot({ path: test.info().outputPath('invite-sign-in.png'), fullPage: true })
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL(/\/products\?lines=/)
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(
      `/brand/${DEMO_BRAND}/products?lines=${ESSENTIALS}`,
    )
    await expectToast(page, `${member.email} has been invited to Demo Brand`)
    expect(await grantsOf(request, member.email, PASSWORD)).toContain(`Line:${ESSENTIALS}:read`)
  })

  test('an unknown or malformed invite link shows the persistent message', async ({ page }) => {
    await page.goto(`/invite?token=${'x'.repeat(43)}`)
    await expect(page).toHaveURL(/\/$/)
    await expectToast(page, NOT_FOUND)
    await page.goto('/register?token=broken')
    await expectToast(page, 'Error parsing invite. Please ask a team Admin to send you a new invite.')
  })
})

test.describe('with JavaScript', () => {
  test('the sign-up form checks the rules in the browser and signs up the same way', async ({ page, request }) => {
    const admin = await tokenFor(request, 'admin@demo.test', 'Demo-passw0rd!')
    const email = uniqueEmail('js')
    const invite = await call<{ url: string }>(
      request,
      'POST',
      '/api/invite/model/',
      { brand: DEMO_BRAND, email, first_name: 'Jay', last_name: 'Script', job_type: 'guest' },
      admin,
    )
    await page.goto(`/invite?token=${new URL(invite.url).searchParams.get('token')}`)
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await page.getByLabel('Confirm password').fill('something-else')
    await page.getByLabel('Confirm password').blur()
    await expect(page.getByText('Confirm password does not match!')).toBeVisible()
    await page.getByLabel('Confirm password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign up' }).click()
    await page.waitForURL(new RegExp(`/brand/${DEMO_BRAND}/products$`))
    await expectToast(page, `${email} has been invited to Demo Brand`)
  })
})
