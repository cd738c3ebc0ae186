// The notification centre: with JavaScript off, a member of a brand of the test's own sees its
// notifications and marks one read, all read, clears one (by its target) and all, each a form;
// with JavaScript, the bell's dot goes out live when another tab marks everything read.
import type { Page } from '@playwright/test'
import { brandKeyByName, expect, signIn, test } from './fixtures'
import { updateBrandAsAdmin, type NewBrand, type NewMember } from './support/users'

interface FlatNotification {
  key: string
  action: string
  read: boolean
  targetId: string
}

/** What the database holds for the signed-in member, through the API. */
async function storedFor(page: Page): Promise<FlatNotification[]> {
  const answer = await page.request.get('/api/notification/method/notifications_flat')
  expect(answer.status()).toBe(200)
  return ((await answer.json()) as { data: FlatNotification[] }).data
}

/**
 * Three notifications for the member: two brand updates by Ada Admin (one target: the brand) and
 * Onboarding Complete (no brand, the member's own account as target).
 */
async function notificationsFor(page: Page, baseURL: string, brand: NewBrand, member: NewMember) {
  const finished = await page.request.put(`/api/account/model/${member.accountKey}`, {
    data: { status: 'onboarded' },
  })
  expect(finished.status()).toBe(200)
  await updateBrandAsAdmin(baseURL, brand.key, { year_established: '2013' })
  await updateBrandAsAdmin(baseURL, brand.key, { year_established: '2014' })
  expect((await storedFor(page)).map((n) => n.action).sort()).toEqual([
    'Onboarding Complete',
    'updated the brand profile of',
    'updated the brand profile of',
  ])
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the centre lists notifications; mark read, mark all read, clear one and clear all are forms', async ({
    page,
    baseURL,
    ownBrand,
    signInAsNewMember,
  }) => {
    const member = await signInAsNewMember(ownBrand)
    await notificationsFor(page, baseURL!, ownBrand, member)

    await page.goto(`/brand/${ownBrand.key}/notifications`)
    await expect(page.getByTestId('page-title')).toHaveText('Notifications')
    const rows = page.getByTestId('notification')
    await expect(rows).toHaveCount(3)
    await expect(page.getByTestId('unread-count')).toHaveText('3 unread')
    await expect(rows.first()).toContainText(`Ada Admin updated the brand profile of ${ownBrand.name}`)
    await expect(rows.first().locator('time')).toHaveText(/^\d\d [A-Z][a-z]{2} \d{1,2}(am|pm)$/)
    await page.screenshot({ path: 'test-results/notification-centre.png', fullPage: true })

    // Mark one read: Onboarding Complete.
    const onboarding = rows.filter({ hasText: 'Onboarding Complete' })
    await onboarding.getByRole('button', { name: /^Mark read/ }).click()
    await expect(page.getByTestId('toast')).toHaveText(/Notification marked as read\./)
    await expect(page).toHaveURL(new RegExp(`/brand/${ownBrand.key}/notifications$`))
    await expect(onboarding).toHaveAttribute('data-read', 'true')
    await expect(onboarding.getByRole('button', { name: /^Mark read/ })).toHaveCount(0)
    await expect(page.getByTestId('unread-count')).toHaveText('2 unread')
    expect((await storedFor(page)).map((n) => [n.action, n.read]).sort()).toEqual([
      ['Onboarding Complete', true],
      ['updated the brand profile of', false],
      ['updated the brand profile of', false],
    ])

    // Mark all read.
    await page.getByRole('button', { name: 'Mark all as read' }).click()
    await expect(page.getByTestId('toast')).toHaveText(/All notifications marked as read\./)
    await expect(page.getByTestId('unread-count')).toHaveText('You are all caught up.')
    await expect(page.getByTestId('unread-dot')).toHaveCount(0)
    await expect(page.getByTestId('bell-dot')).toHaveCount(0)
    expect((await storedFor(page)).every((n) => n.read)).toBe(true)

    // Clear one: both brand updates share their target, so both go.
    await rows
      .filter({ hasText: 'updated the brand profile of' })
      .first()
      .getByRole('button', { name: /^Clear/ })
      .click()
    await expect(page.getByTestId('toast')).toHaveText(/Notification cleared\./)
    await expect(rows).toHaveCount(1)
    await expect(rows.first()).toContainText('Onboarding Complete')
    expect((await storedFor(page)).map((n) => n.action)).toEqual(['Onboarding Complete'])

    // Clear all.
    await page.getByRole('button', { name: 'Clear all' }).click()
    await expect(page.getByTestId('toast')).toHaveText(/All notifications cleared\./)
    await expect(rows).toHaveCount(0)
    await expect(page.getByRole('main').getByText('No notifications yet.')).toBeVisible()
    expect(await storedFor(page)).toEqual([])
  })
})

test('the bell dot goes out live when another tab marks all read', async ({
  page,
  baseURL,
  ownBrand,
  signInAsNewMember,
}) => {
  const member = await signInAsNewMember(ownBrand)
  await notificationsFor(page, baseURL!, ownBrand, member)
  await page.goto(`/brand/${ownBrand.key}`)
  await expect(page.locator('html[data-realtime="connected"]')).toHaveCount(1)
  await expect(page.getByTestId('bell-dot')).toBeVisible()
  const navigations: string[] = []
  page.on('framenavigated', (frame) => navigations.push(frame.url()))

  const other = await page.context().newPage()
  await other.goto(`/brand/${ownBrand.key}/notifications`)
  await other.getByRole('button', { name: 'Mark all as read' }).click()
  await expect(other.getByTestId('unread-count')).toHaveText('You are all caught up.')

  await expect(page.getByTestId('bell-dot')).toHaveCount(0)
  expect(navigations).toEqual([])
  expect((await storedFor(page)).every((n) => n.read)).toBe(true)
  // The panel shows them read too, and its link leads to the centre.
  await page.getByLabel('Notifications', { exact: true }).click()
  await page.getByTestId('bell-panel').getByRole('link', { name: 'View all' }).click()
  await expect(page).toHaveURL(new RegExp(`/brand/${ownBrand.key}/notifications$`))
  await expect(page.getByTestId('notification')).toHaveCount(3)
  await other.close()
})

test('a comment notice names the sender once, and its link opens the thread that holds the comment', async ({
  page,
}) => {
  await signIn(page, 'editor@demo.test')
  const brand = await brandKeyByName(page, 'Demo Brand')
  await page.goto(`/brand/${brand}/notifications`)
  const notice = page.getByTestId('notification').filter({ hasText: 'commented on' })
  await expect(notice).toContainText(
    'Victor Sample commented on a pin on Render front v2.png “Lowered it in the pattern; a new render follows tomorrow morning.”',
  )
  await notice.getByRole('link', { name: 'a pin on Render front v2.png' }).click()
  await expect(page).toHaveURL(/\/style\/[^/]+\/samples\/[^/?]+\?pin=demo-pin-collar#comments$/)
  await expect(page.locator('#comments')).toContainText(
    'Lowered it in the pattern; a new render follows tomorrow morning.',
  )
})
