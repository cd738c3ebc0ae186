// SMS two-step verification in the security settings (access.md §2 "Settings: Security", §4
// "Other states"): list the enrolled phones, enrol one in three steps (password again, phone
// number, SMS code) and unenrol. Every use case acts for the signed-in actor on their own
// identity only. See docs/decisions/019-sms-two-step-verification.md.
import { eq } from 'drizzle-orm'
import { accounts } from '#db/schema'
import { AppError, notFound } from '#app/lib/errors'
import { WRONG_CURRENT_PASSWORD } from '#app/lib/identity-messages'
import { maskPhoneNumber } from '#app/lib/phone'
import type { Actor } from './accounts.server'
import { allowSmsSend, countFailure, limitedOutcome, MESSAGES } from './auth.server'
import type { ServiceDeps } from './context.server'
import type { MfaFactor } from '#app/infra/identity/provider.server'

export const MFA_MESSAGES = {
  enrolled: 'Enrollment Successful',
  unenrolled: 'Successfully Unenrolled Factor',
  verifyEmailFirst: 'Please check your account for email verification',
} as const

export type StepFailure = { ok: false; message: string; status: number; backToPassword?: boolean; locked?: boolean }

/** The actor's enrolled phones, masked, oldest first. */
export async function listSecondFactors(deps: ServiceDeps, actor: Actor): Promise<MfaFactor[]> {
  const factors = await deps.identity.listFactors(actor.firebaseUid)
  return factors.sort((a, b) => (a.enrolledAt ?? '').localeCompare(b.enrolledAt ?? ''))
}

/**
 * Step 1: the password must sign in again. Its ID token (a password sign-in: enrolment refuses
 * any other) carries the next steps. An account that already has a phone answers with the
 * second step of sign-in instead. Wrong passwords count against the account like sign-ins do.
 */
export async function confirmPasswordForEnrollment(
  deps: ServiceDeps,
  actor: Actor,
  input: { password: string; ip: string },
): Promise<
  | { ok: true; idToken: string }
  | { ok: 'second-factor'; mfaPendingCredential: string; factors: MfaFactor[] }
  | StepFailure
> {
  const limited = await limitedOutcome(deps, actor.email, input.ip)
  if (limited && !limited.ok) return { ok: false, message: limited.message, status: 429, locked: true }
  const result = await deps.identity.signInWithPassword(actor.email, input.password)
  if (result.ok) return { ok: true, idToken: result.idToken }
  if (result.code === 'auth/multi-factor-auth-required') {
    return { ok: 'second-factor', mfaPendingCredential: result.mfaPendingCredential, factors: result.factors }
  }
  if (result.code === 'auth/too-many-requests') return { ok: false, message: result.providerMessage, status: 429 }
  if (result.code === 'auth/unknown') return { ok: false, message: MESSAGES.unexpected, status: 400 }
  await countFailure(deps, actor.email, input.ip)
  // The account is the signed-in one, so only the password can be wrong (access.md §8 wording).
  return { ok: false, message: WRONG_CURRENT_PASSWORD, status: 400 }
}

/** Step 1b, for an account that already has a phone: that phone's SMS code completes the check. */
export async function confirmSecondFactorForEnrollment(
  deps: ServiceDeps,
  actor: Actor,
  input: { mfaPendingCredential: string; sessionInfo: string; code: string; ip: string },
): Promise<{ ok: true; idToken: string } | StepFailure> {
  const result = await deps.identity.finalizeMfaSignIn(input.mfaPendingCredential, input.sessionInfo, input.code)
  if (!result.ok) {
    if (result.code === 'auth/invalid-verification-code') await countFailure(deps, actor.email, input.ip)
    return {
      ok: false,
      message: result.providerMessage,
      status: 400,
      backToPassword: result.code !== 'auth/invalid-verification-code',
    }
  }
  if (result.value.uid !== actor.firebaseUid) throw new AppError('PermissionError', 'Not your account.')
  return { ok: true, idToken: result.value.idToken }
}

/**
 * Step 2: sends the SMS code to the new phone (E.164). Any number can be typed here, so the sends
 * count against the account's and the address's SMS limits like sign-in codes do.
 */
export async function startPhoneEnrollment(
  deps: ServiceDeps,
  actor: Actor,
  input: { idToken: string; phoneNumber: string; ip: string },
): Promise<{ ok: true; sessionInfo: string; sentTo: string } | StepFailure> {
  const problem = await tokenProblem(deps, actor, input.idToken)
  if (problem) return problem
  const refused = await allowSmsSend(deps, { email: actor.email, ip: input.ip })
  if (refused) return refused
  const started = await deps.identity.startEnrollment(input.idToken, input.phoneNumber)
  if (started.ok)
    return { ok: true, sessionInfo: started.value.sessionInfo, sentTo: maskPhoneNumber(input.phoneNumber) }
  if (started.code === 'auth/unverified-email') {
    // access.md §8: the verification e-mail goes out, and the user is told to look for it.
    await deps.identity.sendEmailVerification(input.idToken)
    return { ok: false, message: `${started.providerMessage} ${MFA_MESSAGES.verifyEmailFirst}`, status: 409 }
  }
  return {
    ok: false,
    message: started.providerMessage,
    status: 400,
    backToPassword: started.code === 'auth/requires-recent-login',
  }
}

/** Step 3: checks the SMS code; the phone is enrolled and the account's mfa switch turned on. */
export async function finishPhoneEnrollment(
  deps: ServiceDeps,
  actor: Actor,
  input: { idToken: string; sessionInfo: string; code: string; sentTo: string; ip: string },
): Promise<{ ok: true } | StepFailure> {
  const problem = await tokenProblem(deps, actor, input.idToken)
  if (problem) return problem
  const finished = await deps.identity.finalizeEnrollment(
    input.idToken,
    input.sessionInfo,
    input.code,
    `Phone ${input.sentTo.slice(-4)}`,
  )
  if (!finished.ok) {
    if (finished.code === 'auth/invalid-verification-code') await countFailure(deps, actor.email, input.ip)
    return {
      ok: false,
      message: finished.providerMessage,
      status: 400,
      backToPassword: finished.code === 'auth/requires-recent-login',
    }
  }
  await setMfaSwitch(deps, actor, true)
  return { ok: true }
}

/**
 * Removes one of the actor's phones; the mfa switch follows whether any phone is left. The
 * password is asked again: a second factor guards against a stolen session, so the session alone
 * must not be able to remove it. Wrong passwords count against the account like sign-ins do.
 */
export async function unenrollSecondFactor(
  deps: ServiceDeps,
  actor: Actor,
  input: { mfaEnrollmentId: string; password: string; ip: string },
): Promise<void> {
  const uid = actor.firebaseUid
  const factors = await deps.identity.listFactors(uid)
  if (!factors.some((factor) => factor.mfaEnrollmentId === input.mfaEnrollmentId)) throw notFound('Factor')
  const limited = await limitedOutcome(deps, actor.email, input.ip)
  if (limited && !limited.ok) throw new AppError('RateLimited', limited.message)
  const check = input.password ? await deps.identity.signInWithPassword(actor.email, input.password) : null
  // With a phone enrolled the provider answers "second factor required": the password was right.
  const right = check && (check.ok || check.code === 'auth/multi-factor-auth-required')
  if (!right) {
    if (check && !check.ok && check.code === 'auth/too-many-requests') {
      throw new AppError('RateLimited', check.providerMessage)
    }
    if (check && !check.ok && check.code === 'auth/unknown') throw new AppError('ValidationError', MESSAGES.unexpected)
    await countFailure(deps, actor.email, input.ip)
    throw new AppError('ValidationError', WRONG_CURRENT_PASSWORD, { password: [WRONG_CURRENT_PASSWORD] })
  }
  await deps.identity.unenroll(uid, input.mfaEnrollmentId)
  await setMfaSwitch(deps, actor, factors.length > 1)
}

async function setMfaSwitch(deps: ServiceDeps, actor: Actor, on: boolean): Promise<void> {
  await deps.db.update(accounts).set({ mfa: on, modified: new Date() }).where(eq(accounts.key, actor.key))
}

const RECENT_LOGIN_REQUIRED =
  'This operation is sensitive and requires recent authentication. Log in again before retrying this request.'

/**
 * The enrolment token must still be valid (else: back to the password step) and be the actor's
 * own (a token of someone else, say from a swapped cookie, is refused).
 */
async function tokenProblem(deps: ServiceDeps, actor: Actor, idToken: string): Promise<StepFailure | null> {
  let uid: string
  try {
    uid = (await deps.identity.verifyIdToken(idToken)).uid
  } catch {
    return { ok: false, message: RECENT_LOGIN_REQUIRED, status: 401, backToPassword: true }
  }
  if (uid !== actor.firebaseUid) throw new AppError('PermissionError', 'Not your account.')
  return null
}
