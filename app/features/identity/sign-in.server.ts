// The sign-in flow, step by step, for the login page and the JSON API alike: password (with the
// human check and limits of auth.server.ts), then for an account with SMS verification the
// factor choice and the code (docs/decisions/019, 029). Between steps the flow is a
// PendingSignIn; the page keeps it in its signed `__ui` cookie, the API hands it to the client
// sealed (encrypted and authenticated), so the provider's pending credential is never readable.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import { AppError, invalidSession, SignInRefused } from '#app/platform/errors'
import { LoginSchema } from '#app/features/identity/login-schemas'
import { SecondFactorChoiceSchema, VerificationCodeSchema } from '#app/features/identity/mfa-schemas'
import { syncAccountOnLogin } from './accounts.server'
import { finishSecondFactor, sendSecondFactorCode, signInWithPassword, type SignedIn } from './auth.server'
import type { ServiceDeps } from '#app/platform/context.server'
import type { MfaFactor } from '#app/platform/identity-provider'
import { recordIssuedIdToken } from './sessions.server'
import { parseOrThrow } from '#app/platform/validation.server'

const CHOOSE_FACTOR = 'Choose the phone that should receive the code.'

/** The provider's pending credential lasts a few minutes; so does ours. */
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

/**
 * Where a step left the sign-in. A refused step throws SignInRefused (docs/decisions/047); its
 * message belongs under the form of the step, unless the error names another (`form`).
 */
export type SignInStep =
  | { kind: 'signed-in'; signedIn: SignedIn; remember: boolean; redirectTo?: string; inviteToken?: string }
  | { kind: 'second-factor'; pending: PendingSignIn }
  /** The pending sign-in is gone (expired, or never started): start again with the password. */
  | { kind: 'expired' }

/** A code or a resend asked before a known phone was chosen: back to the factor choice. */
const chooseFactor = () => new SignInRefused('ValidationError', CHOOSE_FACTOR, { reason: 'factor', form: 'factor' })

type StepContext = { remember: boolean; redirectTo?: string; inviteToken?: string }

/** Step 1: e-mail and password. With one phone enrolled, its code goes out at once. */
export async function startSignIn(
  deps: ServiceDeps,
  input: {
    email: string
    password: string
    remember: boolean
    ip: string
    humanCheck?: unknown
    redirectTo?: string
    inviteToken?: string
  },
): Promise<SignInStep> {
  const context: StepContext = {
    remember: input.remember,
    redirectTo: input.redirectTo,
    inviteToken: input.inviteToken,
  }
  const outcome = await signInWithPassword(deps, input)
  if (outcome.ok) return { kind: 'signed-in', signedIn: outcome, ...context }
  const pending: PendingSignIn = {
    email: outcome.email,
    mfaPendingCredential: outcome.mfaPendingCredential,
    factors: outcome.factors,
    ...context,
    expiresAt: Date.now() + PENDING_SIGN_IN_TTL_MS,
  }
  const only = outcome.factors.length === 1 ? outcome.factors[0] : undefined
  if (!only) return { kind: 'second-factor', pending }
  const sent = await sendSecondFactorCode(deps, {
    mfaPendingCredential: pending.mfaPendingCredential,
    mfaEnrollmentId: only.mfaEnrollmentId,
    email: pending.email,
    ip: input.ip,
  })
  return {
    kind: 'second-factor',
    pending: { ...pending, chosen: { mfaEnrollmentId: only.mfaEnrollmentId, sessionInfo: sent.sessionInfo } },
  }
}

/**
 * Step 2: sends the code to the chosen phone, or again to the one chosen before (`resend`).
 * Unknown factors are refused; the SMS limits apply.
 */
export async function sendSignInCode(
  deps: ServiceDeps,
  pending: PendingSignIn | null,
  input: { factor?: string; resend?: boolean; ip: string },
): Promise<SignInStep> {
  if (!isLive(pending)) return { kind: 'expired' }
  const factorId = input.resend ? pending.chosen?.mfaEnrollmentId : input.factor
  if (!factorId || !pending.factors.some((factor) => factor.mfaEnrollmentId === factorId)) throw chooseFactor()
  const sent = await sendSecondFactorCode(deps, {
    mfaPendingCredential: pending.mfaPendingCredential,
    mfaEnrollmentId: factorId,
    email: pending.email,
    ip: input.ip,
  })
  return {
    kind: 'second-factor',
    pending: { ...pending, chosen: { mfaEnrollmentId: factorId, sessionInfo: sent.sessionInfo } },
  }
}

/** Step 3: the SMS code. A wrong code counts as a failed sign-in. */
export async function verifySignInCode(
  deps: ServiceDeps,
  pending: PendingSignIn | null,
  input: { code: string; ip: string },
): Promise<SignInStep> {
  if (!isLive(pending)) return { kind: 'expired' }
  if (!pending.chosen) throw chooseFactor()
  const signedIn = await finishSecondFactor(deps, {
    email: pending.email,
    mfaPendingCredential: pending.mfaPendingCredential,
    sessionInfo: pending.chosen.sessionInfo,
    code: input.code,
    ip: input.ip,
    inviteToken: pending.inviteToken,
  })
  const { remember, redirectTo, inviteToken } = pending
  return { kind: 'signed-in', signedIn, remember, redirectTo, inviteToken }
}

function isLive(pending: PendingSignIn | null): pending is PendingSignIn {
  return Boolean(pending && typeof pending.expiresAt === 'number' && pending.expiresAt > Date.now())
}

/** What a client may know of a pending sign-in: masked numbers, nothing secret. */
export function pendingView(pending: PendingSignIn) {
  const chosen = pending.factors.find((factor) => factor.mfaEnrollmentId === pending.chosen?.mfaEnrollmentId)
  return {
    factors: pending.factors.map(({ mfaEnrollmentId, phoneInfo }) => ({ mfaEnrollmentId, phoneInfo })),
    sentTo: chosen?.phoneInfo ?? null,
  }
}

// ---------------------------------------------------------------------------------------------
// The API's handle on a pending sign-in: AES-256-GCM under a key derived from the server secret.

function pendingKey(deps: ServiceDeps): Buffer {
  return createHash('sha256').update(`pending-sign-in\n${deps.signingSecret}`).digest()
}

export function sealPendingSignIn(deps: ServiceDeps, pending: PendingSignIn): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', pendingKey(deps), iv)
  const body = Buffer.concat([cipher.update(JSON.stringify(pending), 'utf8'), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')
}

/** The pending sign-in of a sealed handle; null when altered, foreign or malformed. */
export function openPendingSignIn(deps: ServiceDeps, sealed: unknown): PendingSignIn | null {
  if (typeof sealed !== 'string' || sealed.length > 16_000) return null
  try {
    const raw = Buffer.from(sealed, 'base64url')
    const decipher = createDecipheriv('aes-256-gcm', pendingKey(deps), raw.subarray(0, 12))
    decipher.setAuthTag(raw.subarray(12, 28))
    const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')
    return JSON.parse(text) as PendingSignIn
  } catch {
    return null
  }
}

// ---------------------------------------------------------------------------------------------
// The JSON API (access.md §7): POST /api/account/method/login without a bearer token, and
// POST /api/account/method/idTokenFromRefreshToken. The second step's shape is in decision 029.

export type ApiSignInAnswer =
  | { account: SignedIn['account']; idToken: string; refreshToken: string; landing: string }
  | { mfa: { pending: string; factors: { mfaEnrollmentId: string; phoneInfo: string }[]; sentTo: string | null } }

/**
 * One call per step: `{email, password, remember?, captcha_value?, invite?}` starts; with the
 * answer's `mfa.pending`, `{mfa_pending, factor}` sends the code (`{mfa_pending, resend: true}`
 * again), and `{mfa_pending, code}` finishes. Refusals (SignInRefused) are errors of the envelope.
 */
export async function signInForApi(deps: ServiceDeps, body: unknown, ip: string): Promise<ApiSignInAnswer> {
  const fields = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>
  let step: SignInStep
  if ('mfa_pending' in fields) {
    const pending = openPendingSignIn(deps, fields.mfa_pending)
    if ('code' in fields) {
      const { code } = parseOrThrow(VerificationCodeSchema, { code: fields.code })
      step = await verifySignInCode(deps, pending, { code, ip })
    } else {
      const resend = fields.resend === true
      const factor = resend ? undefined : parseOrThrow(SecondFactorChoiceSchema, { factor: fields.factor }).factor
      step = await sendSignInCode(deps, pending, { factor, resend, ip })
    }
  } else {
    const input = parseOrThrow(LoginSchema, body)
    step = await startSignIn(deps, {
      email: input.email,
      password: input.password,
      remember: input.remember,
      ip,
      // The human check's answer, when one is asked after failed attempts (access.md §7).
      humanCheck: fields.captcha_value,
      // The token of a new invite lets a deactivated invitee back in (docs/decisions/025).
      inviteToken: typeof fields.invite === 'string' ? fields.invite : undefined,
    })
  }
  switch (step.kind) {
    case 'expired':
      throw new AppError('AuthInvalidSession', 'The verification has expired. Please sign in again.')
    case 'second-factor':
      return { mfa: { pending: sealPendingSignIn(deps, step.pending), ...pendingView(step.pending) } }
    case 'signed-in': {
      const { account, idToken, refreshToken, landing } = step.signedIn
      await recordIssuedIdToken(deps, idToken)
      return { account, idToken, refreshToken, landing }
    }
  }
}

export const REFRESH_TOKEN_INVALID = 'The refresh token is invalid or has expired. Please sign in again.'

/**
 * A fresh ID token for a refresh token, through the provider's Secure Token API. The account must
 * still be one that may sign in. `custom_token` is answered as null: a custom token would let
 * its holder mint ID tokens outside this call (decision 029).
 */
export async function idTokenFromRefreshToken(deps: ServiceDeps, body: unknown) {
  const refreshToken = (body as { refresh_token?: unknown } | null)?.refresh_token
  if (typeof refreshToken !== 'string' || refreshToken.trim() === '' || refreshToken.length > 4096) {
    throw new AppError('ValidationError', 'refresh_token: is required.')
  }
  const result = await deps.identity.refreshIdToken(refreshToken.trim())
  if (!result.ok) {
    if (result.code === 'auth/unknown') throw new AppError('UnexpectedError', 'Could not refresh the session.')
    throw new AppError('AuthInvalidSession', REFRESH_TOKEN_INVALID)
  }
  let synced: Awaited<ReturnType<typeof syncAccountOnLogin>>
  try {
    synced = await syncAccountOnLogin(deps, await deps.identity.verifyIdToken(result.idToken))
  } catch (error) {
    if (error instanceof AppError) throw error
    throw invalidSession()
  }
  await recordIssuedIdToken(deps, result.idToken)
  return {
    account: synced.account,
    idToken: result.idToken,
    refreshToken: result.refreshToken,
    custom_token: null,
  }
}
