// Where a user lands after sign-in (access.md §2 "/ after login"), and which paths may send them
// back after it.
import type { Grant } from '#app/platform/access/grants'
import { hasBrandAbility } from '#app/platform/access/brand-access'

export interface LandingInput {
  status: string
  preferredBrand?: string | null
  grants: readonly Grant[]
}

export function landingPath({ status, preferredBrand, grants }: LandingInput): string {
  if (status.startsWith('onboarding')) return '/settings'
  if (preferredBrand && hasBrandAbility(grants, preferredBrand)) return `/brand/${encodeURIComponent(preferredBrand)}`
  return '/brands'
}

/** Only same-site absolute paths may be used to send a user back after sign-in. */
export function safeRedirectPath(target: string | null | undefined, fallback = '/'): string {
  if (!target || !target.startsWith('/')) return fallback
  // Browsers drop tabs and newlines and read `\` as `/`, so "/\t/evil" becomes "//evil": a path
  // holding any of them is refused, and what is left must stay on our own origin.
  const unsafe = (char: string) => char === '\\' || /\s/.test(char) || char.charCodeAt(0) < 0x20 || char === '\x7f'
  if ([...target].some(unsafe)) return fallback
  const base = 'http://portal.invalid'
  const resolved = new URL(target, base)
  return resolved.origin === base ? target : fallback
}
