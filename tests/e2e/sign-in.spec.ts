// Sign-in, landing, sign-out and the session-expired dialog (access.md §2, §4, §8).
import { brandKeyByName, expect, signIn, test } from './fixtures'

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  const LANDINGS: [email: string, landing: RegExp, heading: string][] = [
    ['admin@demo.test', /\/brand\/[a-z0-9]+$/, 'Demo Brand'],
    ['editor@demo.test', /\/brand\/[a-z0-9]+$/, 'Demo Brand'],
    ['vsm@demo.test', /\/brands$/, 'Brands'],
    ['viewer@demo.test', /\/settings\/profile$/, 'Settings'],
    ['outsider@demo.test', /\/brand\/[a-z0-9]+$/, 'Other Brand'],
  ]

  for (const [email, landing, heading] of LANDINGS) {
    test(`${email} signs in and lands where the spec says`, async ({ page }) => {
      await signIn(page, email)
      await expect(page).toHaveURL(landing)
      await expect(page.getByTestId('page-title')).toHaveText(heading)
    })
  }

  test('an account still onboarding sees only the header, others the sidebar too', async ({ page }) => {
    await signIn(page, 'viewer@demo.test')
    await expect(page.getByRole('banner')).toBeVisible()
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toHaveCount(0)
    await page.context().clearCookies()
    await signIn(page, 'editor@demo.test')
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeVisible()
  })

  test('a wrong password shows the product message and keeps the user out', async ({ page }) => {
    await signIn(page, 'admin@demo.test', 'not-the-password', { expectSuccess: false })
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password')
    await expect(page).toHaveURL(/\/(\?index)?$/)
    await page.goto('/brands')
    await expect(page).toHaveURL(/\/\?redirectTo=%2Fbrands$/)
  })

  test('empty fields show the required messages', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByText('Email is required.')).toBeVisible()
    await expect(page.getByText('Password is required.')).toBeVisible()
  })

  test('a visitor is sent to sign in and back to where they were', async ({ page }) => {
    await page.goto('/brands?view=card')
    await expect(page).toHaveURL(/\/\?redirectTo=/)
    await page.getByLabel('Email').fill('admin@demo.test')
    await page.getByLabel('Password', { exact: true }).fill('Demo-passw0rd!')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/brands\?view=card$/)
  })

  test('logout asks for confirmation, then signs out', async ({ page }) => {
    await signIn(page, 'editor@demo.test')
    await page.getByRole('link', { name: 'Logout' }).click()
    await expect(page.getByText('Are you sure you want to logout?')).toBeVisible()
    await page.getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
    await page.goto('/brands')
    await expect(page).toHaveURL(/redirectTo/)
  })

  test('Remember me decides how long the session cookie lives', async ({ page, context }) => {
    await page.goto('/')
    await page.getByLabel('Email').fill('vsm@demo.test')
    await page.getByLabel('Password', { exact: true }).fill('Demo-passw0rd!')
    await page.getByLabel('Remember me').check()
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL(/\/brands$/)
    const remembered = (await context.cookies()).find((cookie) => cookie.name === '__session')
    expect(remembered?.httpOnly).toBe(true)
    expect(remembered?.sameSite).toBe('Lax')
    expect(remembered!.expires * 1000).toBeGreaterThan(Date.now() + 13 * 24 * 3600 * 1000)

    await context.clearCookies()
    await signIn(page, 'vsm@demo.test')
    const sessionOnly = (await context.cookies()).find((cookie) => cookie.name === '__session')
    expect(sessionOnly?.expires).toBe(-1)
  })

  test('a form post without the CSRF token is refused and changes nothing', async ({ page }) => {
    await signIn(page, 'admin@demo.test')
    const key = await brandKeyByName(page, 'Demo Brand')
    const forged = await page.request.post(`/brand/${key}/edit?edit=profile`, {
      form: { intent: 'profile', name: 'Hijacked', legal_name: 'Hijacked' },
    })
    expect(forged.status()).toBe(403)
    const brand = (await (await page.request.get(`/api/brand/model/${key}`)).json()) as { data: { name: string } }
    expect(brand.data.name).toBe('Demo Brand')
  })

  test('Reset Session swaps in a fresh session cookie and keeps the user signed in', async ({ page, context }) => {
    await signIn(page, 'admin@demo.test')
    const before = (await context.cookies()).find((cookie) => cookie.name === '__session')?.value
    await page.locator('summary', { hasText: 'Profile menu' }).click()
    await page.getByRole('button', { name: 'Reset Session' }).click()
    await expect(page.getByTestId('toast')).toHaveText(/Your session has been refreshed./)
    await expect(page.getByTestId('page-title')).toHaveText('Demo Brand')
    const after = (await context.cookies()).find((cookie) => cookie.name === '__session')?.value
    expect(after).toBeTruthy()
    expect(after).not.toBe(before)
    await page.goto('/brands')
    await expect(page.getByTestId('page-title')).toHaveText('Brands')
  })

  test('the forgot-password link leads to a page that exists', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('link', { name: 'Forgot password' }).click()
    await expect(page).toHaveURL(/\/password-reset$/)
    await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible()
  })
})

test.describe('with JavaScript', () => {
  test('the login form validates in the browser with the same messages', async ({ page }) => {
    await page.goto('/')
    await page.getByLabel('Email').focus()
    await page.getByLabel('Email').blur()
    await expect(page.getByText('Email is required.')).toBeVisible()
  })

  test('an expired session opens the undismissable refresh dialog on the next data request', async ({
    page,
    context,
    baseURL,
  }) => {
    await signIn(page, 'admin@demo.test')
    await expect(page.getByTestId('page-title')).toHaveText('Demo Brand')
    await context.addCookies([{ name: '__session', value: 'expired.session.cookie', url: baseURL! }])
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Company Profile' }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toContainText('Your session has expired. Refresh session?')
    await expect(dialog.getByRole('link', { name: 'Close' })).toHaveCount(0)
    await dialog.getByRole('button', { name: 'Refresh session' }).click()
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  })

  test('a permission error shows its dialog with Go Back', async ({ page }) => {
    await signIn(page, 'editor@demo.test')
    await expect(page.getByTestId('page-title')).toHaveText('Demo Brand')
    await page.goto('/brands/create')
    const dialog = page.getByRole('dialog')
    await expect(dialog).toContainText('permission error: Only an account admin can create a brand.')
    await expect(dialog.getByRole('link', { name: 'Go Back' })).toBeVisible()
  })
})
