// The Enable Two-Factor Auth dialog between its steps (password → phone → code, with the SMS
// check of an existing phone first when there is one). Kept in the signed, httpOnly `__ui`
// cookie, never in a form field, and only for a few minutes: the ID token it holds is what lets
// the provider enrol a phone.
import type { Session } from '@remix-run/node'

const KEY = 'mfaEnrollment'
export const ENROLLMENT_TTL_MS = 10 * 60 * 1000

export type EnrollmentStep = 'password' | 'authenticate' | 'phone' | 'code'

export interface EnrollmentState {
  expiresAt: number
  /** From the password re-check (and the existing phone's code, when there is one). */
  idToken?: string
  /** An account that already has a phone proves it before adding another. */
  secondFactor?: { mfaPendingCredential: string; sessionInfo: string; sentTo: string }
  /** Set once the SMS code has gone to the new phone. */
  phone?: { sessionInfo: string; sentTo: string }
}

export function readEnrollment(session: Session): EnrollmentState | null {
  const value = session.get(KEY) as EnrollmentState | undefined
  if (!value || typeof value !== 'object' || typeof value.expiresAt !== 'number') return null
  return value.expiresAt > Date.now() ? value : null
}

export function saveEnrollment(session: Session, state: Omit<EnrollmentState, 'expiresAt'>): void {
  session.set(KEY, { ...state, expiresAt: Date.now() + ENROLLMENT_TTL_MS })
}

export function clearEnrollment(session: Session): void {
  session.unset(KEY)
}

/** Where the dialog stands: the state decides, whatever `?step=` the address claims. */
export function enrollmentStep(state: EnrollmentState | null): EnrollmentStep {
  if (!state) return 'password'
  if (!state.idToken) return state.secondFactor ? 'authenticate' : 'password'
  return state.phone ? 'code' : 'phone'
}
