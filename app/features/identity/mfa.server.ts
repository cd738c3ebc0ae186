// SMS two-step verification in the security settings (access.md §2 "Settings: Security", §4
// "Other states"): list the enrolled phones, enrol one in three steps (password again, phone
// number, SMS code) and unenrol. Every use case acts for the signed-in actor on their own
// identity only. See docs/decisions/019-sms-two-step-verification.md.
import { eq } from 'drizzle-orm'
import { accounts } from '#db/schema'
import { AppError, notFound } from '#app/platform/errors'
import { WRONG_CURRENT_PASSWORD } from '#app/features/identity/identity-messages'
import { maskPhoneNumber } from '#app/platform/phone'
import { allowSmsSend, countFailure, MESSAGES, refuseIfLimited } from './auth.server'
import type { ServiceDeps } from '#app/platform/context.server'
import type { MfaFactor } from '#app/platform/identity-provider'
import type { Actor } from '#app/platform/access/actor'

export const MFA_MESSAGES = {
  enrolled: 'Enrollment Successful',
  unenrolled: 'Successfully Unenrolled Factor',
  verifyEmailFirst: 'Please check your account for email verification',
} as const

/**
 * A refused step throws AppError. `AuthInvalidSession` means the enrolment's proof of the password
 * is no longer good (expired, or the provider wants a recent login): the dialog starts again at
 * the password step (access.md §8). Any other type keeps the user on the step.
 */
const startAgain = (message: string) => new AppError('AuthInvalidSession', message)

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
  { kind: 'confirmed'; idToken: string } | { kind: 'second-factor'; mfaPendingCredential: string; factors: MfaFactor[] }
> {
  await refuseIfLimited(deps, actor.email, input.ip)
  const result = await deps.identity.signInWithPassword(actor.email, input.password)
  if (result.ok) return { kind: 'confirmed', idToken: result.idToken }
  if (result.code === 'auth/multi-factor-auth-required') {
    return { kind: 'second-factor', mfaPendingCredential: result.mfaPendingCredential, factors: result.factors }
  }
  if (result.code === 'auth/too-many-requests') throw new AppError('RateLimited', result.providerMessage)
  if (result.code === 'auth/unknown') throw new AppError('ValidationError', MESSAGES.unexpected)
  await countFailure(deps, actor.email, input.ip)
  // The account is the signed-in one, so only the password can be wrong (access.md §8 wording).
  throw new AppError('ValidationError', WRONG_CURRENT_PASSWORD)
}

/** Step 1b, for an account that already has a phone: that phone's SMS code completes the check. */
export async function confirmSecondFactorForEnrollment(
  deps: ServiceDeps,
  actor: Actor,
  input: { mfaPendingCredential: string; sessionInfo: string; code: string; ip: string },
): Promise<{ idToken: string }> {
  const result = await deps.identity.finalizeMfaSignIn(input.mfaPendingCredential, input.sessionInfo, input.code)
  if (!result.ok) {
    if (result.code !== 'auth/invalid-verification-code') throw startAgain(result.providerMessage)
    await countFailure(deps, actor.email, input.ip)
    throw new AppError('ValidationError', result.providerMessage)
  }
  if (result.value.uid !== actor.firebaseUid) throw new AppError('PermissionError', 'Not your account.')
  return { idToken: result.value.idToken }
}

/**
 * Step 2: sends the SMS code to the new phone (E.164). Any number can be typed here, so the sends
 * count against the account's and the address's SMS limits like sign-in codes do.
 */
export async function startPhoneEnrollment(
  deps: ServiceDeps,
  actor: Actor,
  input: { idToken: string; phoneNumber: string; ip: string },
): Promise<{ sessionInfo: string; sentTo: string }> {
  await requireOwnToken(deps, actor, input.idToken)
  await allowSmsSend(deps, { email: actor.email, ip: input.ip })
  const started = await deps.identity.startEnrollment(input.idToken, input.phoneNumber)
  if (started.ok) return { sessionInfo: started.value.sessionInfo, sentTo: maskPhoneNumber(input.phoneNumber) }
  if (started.code === 'auth/unverified-email') {
    // access.md §8: the verification e-mail goes out, and the user is told to look for it.
    await deps.identity.sendEmailVerification(input.idToken)
    throw new AppError('Conflict', `${started.providerMessage} ${MFA_MESSAGES.verifyEmailFirst}`)
  }
  if (started.code === 'auth/requires-recent-login') throw startAgain(started.providerMessage)
  throw new AppError('ValidationError', started.providerMessage)
}

/** Step 3: checks the SMS code; the phone is enrolled and the account's mfa switch turned on. */
export async function finishPhoneEnrollment(
  deps: ServiceDeps,
  actor: Actor,
  input: { idToken: string; sessionInfo: string; code: string; sentTo: string; ip: string },
): Promise<void> {
  await requireOwnToken(deps, actor, input.idToken)
  const finished = await deps.identity.finalizeEnrollment(
    input.idToken,
    input.sessionInfo,
    input.code,
    `Phone ${input.sentTo.slice(-4)}`,
  )
  if (!finished.ok) {
    if (finished.code === 'auth/invalid-verification-code') await countFailure(deps, actor.email, input.ip)
    if (finished.code === 'auth/requires-recent-login') throw startAgain(finished.providerMessage)
    throw new AppError('ValidationError', finished.providerMessage)
  }
  await setMfaSwitch(deps, actor, true)
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
  await refuseIfLimited(deps, actor.email, input.ip)
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
async function requireOwnToken(deps: ServiceDeps, actor: Actor, idToken: string): Promise<void> {
  let uid: string
  try {
    uid = (await deps.identity.verifyIdToken(idToken)).uid
  } catch {
    throw startAgain(RECENT_LOGIN_REQUIRED)
  }
  if (uid !== actor.firebaseUid) throw new AppError('PermissionError', 'Not your account.')
}
