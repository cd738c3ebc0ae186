// The login page keeps a pending two-step sign-in (app/features/identity/sign-in.server.ts) between
// requests in the signed, httpOnly `__ui` cookie, never in a form field: it holds the proof that
// the password was right and where the SMS code went.
import type { Session } from '@remix-run/node'
import type { PendingSignIn } from '#app/features/identity/sign-in.server'

const KEY = 'pendingSignIn'

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
