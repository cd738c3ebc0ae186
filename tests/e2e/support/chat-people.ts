// People of a brand of their own, signed in, for the chat specs: each test makes its members so
// Demo Brand's conversations stay as they are.
import type { Browser, Page } from '@playwright/test'
import { expect, signIn } from '../fixtures'
import { createMember, type NewBrand, type NewMember } from './users'

const PASSWORD = 'Linen-Harbour-Spool-64'
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`

/** A member of `brand` with this name and job type. */
export async function member(baseURL: string, brand: NewBrand, first: string, last: string, jobType: string) {
  return createMember(baseURL, {
    email: `${first.toLowerCase()}-${unique()}@spec.test`,
    password: PASSWORD,
    first,
    last,
    jobType,
    brand: brand.key,
  })
}

/** A page of a browser context of its own, signed in as `who`. */
export async function signedIn(
  browser: Browser,
  baseURL: string,
  who: NewMember,
  javaScriptEnabled = true,
): Promise<Page> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled })
  const page = await context.newPage()
  await signIn(page, who.email, who.password)
  return page
}

/** The page's socket is connected (the frame marks it) and a conversation on screen follows its room. */
export async function live(page: Page) {
  await expect(page.locator('html[data-realtime="connected"]')).toHaveCount(1)
  const conversations = page.getByTestId('conversation')
  if ((await conversations.count()) > 0) await expect(conversations.first()).toHaveAttribute('data-live', 'true')
}
