// The second step of signing in, between requests: the proof that the password was right and
// where the SMS code went. It lives in the signed, httpOnly `__ui` cookie, never in a form field,
// and expires after a few minutes (the provider's pending credential does too).
import type { Session } from '@remix-run/node'
import type { MfaFactor } from '#app/services/identity.server'

const KEY = 'pendingSignIn'
export const PENDING_SIGN_IN_TTL_MS = 5 * 60 * 1000

export interface PendingSignIn {
  email: string
  mfaPendingCredential: string
  factors: MfaFactor[]
  remember: boolean
  redirectTo?: string
  /** An invite link's token, accepted once the second step succeeds. */
  inviteToken?: string
  expiresAt: number
  /** Set once a code has been sent to one of the factors. */
  chosen?: { mfaEnrollmentId: string; sessionInfo: string }
}

export function readPendingSignIn(session: Session): PendingSignIn | null {
  const value = session.get(KEY) as PendingSignIn | undefined
  if (!value || typeof value !== 'object' || typeof value.expiresAt !== 'number') return null
  return value.expiresAt > Date.now() ? value : null
}

export function savePendingSignIn(session: Session, pending: PendingSignIn): void {
  session.set(KEY, pending)
}

export function clearPendingSignIn(session: Session): void {
  session.unset(KEY)
}
