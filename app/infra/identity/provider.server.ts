// Firebase Authentication behind a small interface: password sign-in through the Identity
// Toolkit REST API (so the login form works without JavaScript), session cookies and token checks
// through firebase-admin. Locally the same calls go to the Auth emulator.
import { getApps, initializeApp, type App } from 'firebase-admin/app'
import { getAuth, type Auth } from 'firebase-admin/auth'
import { identityErrorCode, type IdentityErrorCode } from '#app/lib/identity-messages'
import { maskPhoneNumber } from '#app/lib/phone'

export type SignInErrorCode =
  | 'auth/user-not-found'
  | 'auth/wrong-password'
  | 'auth/invalid-credential'
  | 'auth/too-many-requests'
  | 'auth/user-disabled'
  | 'auth/unknown'

export type SignInResult =
  | { ok: true; uid: string; email: string; emailVerified: boolean; idToken: string; refreshToken: string }
  | { ok: false; code: SignInErrorCode; providerMessage: string }
  | MultiFactorRequired

/** The password was right, but the account has a second factor: the sign-in goes on with it. */
export interface MultiFactorRequired {
  ok: false
  code: 'auth/multi-factor-auth-required'
  providerMessage: string
  /** Proof of the first factor, valid for a few minutes; never shown to the browser. */
  mfaPendingCredential: string
  factors: MfaFactor[]
}

/** An enrolled second factor (SMS), with its phone number masked. */
export interface MfaFactor {
  mfaEnrollmentId: string
  displayName: string
  phoneInfo: string
  /** ISO time of enrolment, when the provider says. */
  enrolledAt: string | null
}

export type MfaErrorCode =
  | 'auth/invalid-verification-code'
  | 'auth/missing-verification-code'
  | 'auth/code-expired'
  | 'auth/invalid-phone-number'
  | 'auth/unverified-email'
  | 'auth/invalid-multi-factor-session'
  | 'auth/second-factor-already-in-use'
  | 'auth/requires-recent-login'
  | 'auth/too-many-requests'
  | 'auth/unknown'

/** A multi-factor call's answer: its value, or the provider's error code and message. */
export type MfaResult<T> = { ok: true; value: T } | { ok: false; code: MfaErrorCode; providerMessage: string }

export interface VerifiedIdentity {
  uid: string
  email: string
  /** The provider vouches for the e-mail; only then may it link the user to an account. */
  emailVerified: boolean
}

/** A fresh ID token from a refresh token (Secure Token API). */
export type RefreshResult =
  | { ok: true; uid: string; idToken: string; refreshToken: string }
  | { ok: false; code: 'auth/invalid-refresh-token' | 'auth/user-disabled' | 'auth/unknown'; providerMessage: string }

export interface IdentityProvider {
  readonly projectId: string
  /**
   * True with the Auth emulator: its ID tokens carry no signature and firebase-admin does not
   * check one, so a token proves nothing by itself (docs/decisions/027).
   */
  readonly emulated: boolean
  signInWithPassword(email: string, password: string): Promise<SignInResult>
  /** Throws when the token is malformed, expired or revoked (signature checked with a real project). */
  verifyIdToken(idToken: string): Promise<VerifiedIdentity>
  /** Exchanges a refresh token for a fresh ID token (and the refresh token to use next). */
  refreshIdToken(refreshToken: string): Promise<RefreshResult>
  /**
   * Creates the user with this uid, or brings its e-mail and password in line when they differ
   * (without touching a user that already matches, which would end its sessions).
   */
  ensureUser(user: { uid: string; email: string; password: string; displayName: string }): Promise<void>
  revokeSessions(uid: string): Promise<void>
  /** A new ID token for a user, minted through a custom token (Reset Session). */
  freshIdToken(uid: string): Promise<string>

  // -- Multi-factor (SMS second factor) -----------------------------------------------------
  /** Sends the SMS code of the chosen factor during sign-in; the answer holds its sessionInfo. */
  startMfaSignIn(mfaPendingCredential: string, mfaEnrollmentId: string): Promise<MfaResult<{ sessionInfo: string }>>
  /** Checks the SMS code; on success the sign-in is complete and an ID token is issued. */
  finalizeMfaSignIn(
    mfaPendingCredential: string,
    sessionInfo: string,
    code: string,
  ): Promise<MfaResult<{ uid: string; email: string; emailVerified: boolean; idToken: string; refreshToken: string }>>
  /**
   * Sends an SMS code to a new phone number. Needs an ID token from a password sign-in (a custom
   * token is not a first factor) and a verified e-mail.
   */
  startEnrollment(idToken: string, phoneNumber: string): Promise<MfaResult<{ sessionInfo: string }>>
  /** Checks the SMS code and enrols the phone as a second factor. */
  finalizeEnrollment(
    idToken: string,
    sessionInfo: string,
    code: string,
    displayName: string,
  ): Promise<MfaResult<{ idToken: string }>>
  listFactors(uid: string): Promise<MfaFactor[]>
  /** Removes one enrolled factor (an administrative change: the signed-in user asked for it). */
  unenroll(uid: string, mfaEnrollmentId: string): Promise<void>

  // --- Sign-up from an invite (docs/decisions/014-sign-up.md) --------------------------------
  /** Creates a new user; a taken e-mail fails with code `auth/email-already-exists`. */
  createUser(user: { email: string; password: string; displayName: string }): Promise<{ uid: string }>
  /** Removes a user again, when the account could not be created after all. */
  deleteUser(uid: string): Promise<void>

  // -------------------------------------------------------------------------------------------
  // Password and e-mail action codes (access.md §4 "Password reset", §2 /verify-email). The
  // provider sends the e-mails; its templates link to {APP_URL}/user-management.

  /** Asks the provider to e-mail a password-reset link; unknown addresses fail with user-not-found. */
  sendPasswordResetEmail(email: string): Promise<ActionCodeResult<{ email: string }>>
  /** Checks a reset code without using it up; answers the e-mail it was issued for. */
  verifyPasswordResetCode(oobCode: string): Promise<ActionCodeResult<{ email: string }>>
  /** Sets the new password with a reset code (the code is used up). */
  confirmPasswordReset(oobCode: string, newPassword: string): Promise<ActionCodeResult<{ email: string }>>
  /** E-mails a verification link to the signed-in user of this ID token. */
  sendEmailVerification(idToken: string): Promise<ActionCodeResult<{ email: string }>>
  /** Applies an e-mail verification code: the user's e-mail counts as verified. */
  applyEmailVerification(oobCode: string): Promise<ActionCodeResult<{ email: string }>>
  /** Sets the password of a user directly (the caller has checked the old one). Ends the user's sessions. */
  updatePassword(uid: string, newPassword: string): Promise<void>
}

/** A provider refusal with Firebase's code (`auth/email-already-exists`, ...) and message. */
export class IdentityError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
    this.name = 'IdentityError'
  }
}

export type ActionCodeResult<T> = ({ ok: true } & T) | { ok: false; code: IdentityErrorCode; providerMessage: string }

export interface FirebaseIdentityOptions {
  projectId: string
  apiKey?: string
  /** host:port of the Auth emulator; omitted means real Firebase. */
  emulatorHost?: string
}

// Text the Firebase client SDK shows for auth/too-many-requests; the spec asks for the provider's.
const TOO_MANY_REQUESTS_TEXT =
  'Access to this account has been temporarily disabled due to many failed login attempts. You can immediately restore it by resetting your password or you can try again later.'

// Texts the Firebase client SDK shows for these codes; the spec asks for the provider's message.
const MFA_ERRORS: Record<string, { code: MfaErrorCode; message: string }> = {
  INVALID_CODE: {
    code: 'auth/invalid-verification-code',
    message:
      'The SMS verification code used to create the phone auth credential is invalid. Please resend the verification code sms and be sure to use the verification code provided by the user.',
  },
  MISSING_CODE: {
    code: 'auth/missing-verification-code',
    message: 'The phone auth credential was created with an empty SMS verification code.',
  },
  SESSION_EXPIRED: {
    code: 'auth/code-expired',
    message: 'The SMS code has expired. Please re-send the verification code to try again.',
  },
  INVALID_SESSION_INFO: {
    code: 'auth/code-expired',
    message: 'The SMS code has expired. Please re-send the verification code to try again.',
  },
  INVALID_PHONE_NUMBER: {
    code: 'auth/invalid-phone-number',
    message:
      'The format of the phone number provided is incorrect. Please enter the phone number in a format that can be parsed into E.164 format. E.164 phone numbers are written in the format [+][country code][subscriber number including area code].',
  },
  UNVERIFIED_EMAIL: { code: 'auth/unverified-email', message: 'The operation requires a verified email.' },
  INVALID_MFA_PENDING_CREDENTIAL: {
    code: 'auth/invalid-multi-factor-session',
    message: 'The request does not contain a valid proof of first factor successful sign-in.',
  },
  SECOND_FACTOR_EXISTS: {
    code: 'auth/second-factor-already-in-use',
    message: 'The second factor is already enrolled on this account.',
  },
  CREDENTIAL_TOO_OLD_LOGIN_AGAIN: {
    code: 'auth/requires-recent-login',
    message:
      'This operation is sensitive and requires recent authentication. Log in again before retrying this request.',
  },
  TOKEN_EXPIRED: {
    code: 'auth/requires-recent-login',
    message:
      'This operation is sensitive and requires recent authentication. Log in again before retrying this request.',
  },
  INVALID_ID_TOKEN: {
    code: 'auth/requires-recent-login',
    message:
      'This operation is sensitive and requires recent authentication. Log in again before retrying this request.',
  },
  TOO_MANY_ATTEMPTS_TRY_LATER: {
    code: 'auth/too-many-requests',
    message: 'We have blocked all requests from this device due to unusual activity. Try again later.',
  },
}

function mfaError(raw: string): { ok: false; code: MfaErrorCode; providerMessage: string } {
  const known = MFA_ERRORS[raw.split(' ')[0] ?? '']
  return known
    ? { ok: false, code: known.code, providerMessage: known.message }
    : { ok: false, code: 'auth/unknown', providerMessage: raw }
}

interface RestMfaInfo {
  mfaEnrollmentId?: string
  displayName?: string
  phoneInfo?: string
  enrolledAt?: string
}

function toFactor(info: RestMfaInfo): MfaFactor {
  return {
    mfaEnrollmentId: info.mfaEnrollmentId ?? '',
    displayName: info.displayName ?? '',
    phoneInfo: maskPhoneNumber(info.phoneInfo ?? ''),
    enrolledAt: info.enrolledAt ?? null,
  }
}

const REST_ERRORS: Record<string, SignInErrorCode> = {
  EMAIL_NOT_FOUND: 'auth/user-not-found',
  INVALID_PASSWORD: 'auth/wrong-password',
  INVALID_LOGIN_CREDENTIALS: 'auth/invalid-credential',
  INVALID_EMAIL: 'auth/invalid-credential',
  TOO_MANY_ATTEMPTS_TRY_LATER: 'auth/too-many-requests',
  USER_DISABLED: 'auth/user-disabled',
}

/**
 * The claims of a JWT, read without checking its signature: only for a token the provider has
 * just handed us, or one whose hash we recorded when we handed it out.
 */
export function tokenClaims(jwt: string): Record<string, unknown> {
  try {
    const payload = jwt.split('.')[1] ?? ''
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

export function createFirebaseIdentity(options: FirebaseIdentityOptions): IdentityProvider {
  if (options.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = options.emulatorHost
  const appName = `portal-${options.projectId}`
  const app: App =
    getApps().find((candidate) => candidate.name === appName) ??
    initializeApp({ projectId: options.projectId }, appName)
  const auth: Auth = getAuth(app)
  const restBase = options.emulatorHost
    ? `http://${options.emulatorHost}/identitytoolkit.googleapis.com/v1`
    : 'https://identitytoolkit.googleapis.com/v1'
  const apiKey = options.apiKey ?? 'emulator-api-key'
  const restBaseV2 = restBase.replace(/\/v1$/, '/v2')
  const secureTokenBase = options.emulatorHost
    ? `http://${options.emulatorHost}/securetoken.googleapis.com/v1`
    : 'https://securetoken.googleapis.com/v1'

  /** POST to the Identity Toolkit; a network failure reads as an unknown provider error. */
  async function callToolkit(
    url: string,
    body: unknown,
  ): Promise<{ ok: true; body: Record<string, unknown> } | { ok: false; raw: string }> {
    try {
      const response = await fetch(`${url}?key=${encodeURIComponent(apiKey)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      })
      const json = (await response.json().catch(() => ({}))) as Record<string, unknown> & {
        error?: { message?: string }
      }
      if (!response.ok) return { ok: false, raw: json.error?.message ?? `HTTP ${response.status}` }
      return { ok: true, body: json }
    } catch (error) {
      return { ok: false, raw: String(error) }
    }
  }

  const provider: IdentityProvider = {
    projectId: options.projectId,
    emulated: Boolean(options.emulatorHost),

    async signInWithPassword(email, password) {
      let response: Response
      try {
        response = await fetch(`${restBase}/accounts:signInWithPassword?key=${encodeURIComponent(apiKey)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password, returnSecureToken: true }),
          signal: AbortSignal.timeout(15_000),
        })
      } catch (error) {
        return { ok: false, code: 'auth/unknown', providerMessage: String(error) }
      }
      const body = (await response.json().catch(() => ({}))) as {
        localId?: string
        email?: string
        idToken?: string
        refreshToken?: string
        mfaPendingCredential?: string
        mfaInfo?: RestMfaInfo[]
        error?: { message?: string }
      }
      if (response.ok && body.mfaPendingCredential) {
        return {
          ok: false,
          code: 'auth/multi-factor-auth-required',
          providerMessage: 'A second factor is required to sign in.',
          mfaPendingCredential: body.mfaPendingCredential,
          factors: (body.mfaInfo ?? []).filter((info) => info.mfaEnrollmentId).map(toFactor),
        }
      }
      if (response.ok && body.idToken && body.localId) {
        return {
          ok: true,
          uid: body.localId,
          email: body.email ?? email,
          // Read from the token the provider has just answered, over its own connection.
          emailVerified: tokenClaims(body.idToken).email_verified === true,
          idToken: body.idToken,
          refreshToken: body.refreshToken ?? '',
        }
      }
      const raw = body.error?.message ?? 'UNKNOWN'
      const code = REST_ERRORS[raw.split(' ')[0] ?? ''] ?? 'auth/unknown'
      return {
        ok: false,
        code,
        providerMessage: code === 'auth/too-many-requests' ? TOO_MANY_REQUESTS_TEXT : raw,
      }
    },

    async verifyIdToken(idToken) {
      const decoded = await auth.verifyIdToken(idToken, true)
      return { uid: decoded.uid, email: decoded.email ?? '', emailVerified: decoded.email_verified === true }
    },

    async refreshIdToken(refreshToken) {
      let response: Response
      try {
        response = await fetch(`${secureTokenBase}/token?key=${encodeURIComponent(apiKey)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }).toString(),
          signal: AbortSignal.timeout(15_000),
        })
      } catch (error) {
        return { ok: false, code: 'auth/unknown', providerMessage: String(error) }
      }
      const body = (await response.json().catch(() => ({}))) as {
        id_token?: string
        refresh_token?: string
        user_id?: string
        error?: { message?: string }
      }
      if (response.ok && body.id_token && body.user_id) {
        return { ok: true, uid: body.user_id, idToken: body.id_token, refreshToken: body.refresh_token ?? refreshToken }
      }
      const raw = body.error?.message ?? `HTTP ${response.status}`
      const code = raw.startsWith('USER_DISABLED')
        ? 'auth/user-disabled'
        : /^(INVALID_REFRESH_TOKEN|TOKEN_EXPIRED|USER_NOT_FOUND|MISSING_REFRESH_TOKEN|INVALID_GRANT_TYPE)/.test(raw)
          ? 'auth/invalid-refresh-token'
          : 'auth/unknown'
      return { ok: false, code, providerMessage: raw }
    },

    async ensureUser({ uid, email, password, displayName }) {
      const existing = await auth.getUser(uid).catch((error: { code?: string }) => {
        if (error.code === 'auth/user-not-found') return null
        throw error
      })
      if (!existing) {
        try {
          await auth.createUser({ uid, email, password, displayName, emailVerified: true })
        } catch (createError) {
          // Two processes seeding one emulator at once: the other one won.
          if ((createError as { code?: string }).code !== 'auth/uid-already-exists') throw createError
        }
        return
      }
      // Changing a password revokes the user's sessions, so only touch it when it differs.
      const signIn = await provider.signInWithPassword(email, password)
      if (existing.email === email && signIn.ok) return
      await auth.updateUser(uid, { email, password, displayName, emailVerified: true })
    },

    revokeSessions(uid) {
      return auth.revokeRefreshTokens(uid)
    },

    async freshIdToken(uid) {
      const customToken = await auth.createCustomToken(uid)
      const response = await fetch(`${restBase}/accounts:signInWithCustomToken?key=${encodeURIComponent(apiKey)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: customToken, returnSecureToken: true }),
        signal: AbortSignal.timeout(15_000),
      })
      const body = (await response.json().catch(() => ({}))) as { idToken?: string; error?: { message?: string } }
      if (!response.ok || !body.idToken)
        throw new Error(`custom token sign-in failed: ${body.error?.message ?? response.status}`)
      return body.idToken
    },

    // -- Multi-factor (SMS second factor) ---------------------------------------------------
    async startMfaSignIn(mfaPendingCredential, mfaEnrollmentId) {
      const answer = await callToolkit(`${restBaseV2}/accounts/mfaSignIn:start`, {
        mfaPendingCredential,
        mfaEnrollmentId,
        phoneSignInInfo: {},
      })
      if (!answer.ok) return mfaError(answer.raw)
      const sessionInfo = (answer.body.phoneResponseInfo as { sessionInfo?: string } | undefined)?.sessionInfo
      return sessionInfo ? { ok: true, value: { sessionInfo } } : mfaError('no sessionInfo')
    },

    async finalizeMfaSignIn(mfaPendingCredential, sessionInfo, code) {
      const answer = await callToolkit(`${restBaseV2}/accounts/mfaSignIn:finalize`, {
        mfaPendingCredential,
        phoneVerificationInfo: { sessionInfo, code },
      })
      if (!answer.ok) return mfaError(answer.raw)
      const idToken = answer.body.idToken
      if (typeof idToken !== 'string') return mfaError('no idToken')
      const identity = await auth.verifyIdToken(idToken)
      const refreshToken = typeof answer.body.refreshToken === 'string' ? answer.body.refreshToken : ''
      return {
        ok: true,
        value: {
          uid: identity.uid,
          email: identity.email ?? '',
          emailVerified: identity.email_verified === true,
          idToken,
          refreshToken,
        },
      }
    },

    async startEnrollment(idToken, phoneNumber) {
      const answer = await callToolkit(`${restBaseV2}/accounts/mfaEnrollment:start`, {
        idToken,
        phoneEnrollmentInfo: { phoneNumber },
      })
      if (!answer.ok) return mfaError(answer.raw)
      const sessionInfo = (answer.body.phoneSessionInfo as { sessionInfo?: string } | undefined)?.sessionInfo
      return sessionInfo ? { ok: true, value: { sessionInfo } } : mfaError('no sessionInfo')
    },

    async finalizeEnrollment(idToken, sessionInfo, code, displayName) {
      const answer = await callToolkit(`${restBaseV2}/accounts/mfaEnrollment:finalize`, {
        idToken,
        displayName,
        phoneVerificationInfo: { sessionInfo, code },
      })
      if (!answer.ok) return mfaError(answer.raw)
      const fresh = answer.body.idToken
      return { ok: true, value: { idToken: typeof fresh === 'string' ? fresh : idToken } }
    },

    async listFactors(uid) {
      const user = await auth.getUser(uid)
      return (user.multiFactor?.enrolledFactors ?? []).map((factor) => ({
        mfaEnrollmentId: factor.uid,
        displayName: factor.displayName ?? '',
        phoneInfo: maskPhoneNumber((factor as { phoneNumber?: string }).phoneNumber ?? ''),
        enrolledAt: factor.enrollmentTime ? new Date(factor.enrollmentTime).toISOString() : null,
      }))
    },

    async unenroll(uid, mfaEnrollmentId) {
      const user = await auth.getUser(uid)
      const remaining = (user.multiFactor?.enrolledFactors ?? []).filter((factor) => factor.uid !== mfaEnrollmentId)
      await auth.updateUser(uid, {
        multiFactor: {
          enrolledFactors: remaining.length
            ? remaining.map((factor) => ({
                uid: factor.uid,
                factorId: 'phone' as const,
                phoneNumber: (factor as { phoneNumber?: string }).phoneNumber ?? '',
                displayName: factor.displayName,
                enrollmentTime: factor.enrollmentTime,
              }))
            : null,
        },
      })
    },

    // --- Sign-up from an invite -------------------------------------------------------------
    async createUser({ email, password, displayName }) {
      try {
        // The invite link reached this mailbox, so the address counts as verified.
        const user = await auth.createUser({ email, password, displayName, emailVerified: true })
        return { uid: user.uid }
      } catch (error) {
        const { code, message } = error as { code?: string; message?: string }
        throw new IdentityError(code ?? 'auth/unknown', message ?? String(error))
      }
    },

    async deleteUser(uid) {
      await auth.deleteUser(uid).catch((error: { code?: string }) => {
        if (error.code !== 'auth/user-not-found') throw error
      })
    },

    // -------------------------------------------------------------------------------------------
    // Password and e-mail action codes, through the Identity Toolkit REST API.

    async sendPasswordResetEmail(email) {
      const answer = await callRest('accounts:sendOobCode', { requestType: 'PASSWORD_RESET', email })
      return answer.ok ? { ok: true, email: String(answer.body.email ?? email) } : answer
    },

    async verifyPasswordResetCode(oobCode) {
      // resetPassword with only the code checks it and answers its e-mail without using it up.
      const answer = await callRest('accounts:resetPassword', { oobCode })
      return answer.ok ? { ok: true, email: String(answer.body.email ?? '') } : answer
    },

    async confirmPasswordReset(oobCode, newPassword) {
      const answer = await callRest('accounts:resetPassword', { oobCode, newPassword })
      return answer.ok ? { ok: true, email: String(answer.body.email ?? '') } : answer
    },

    async sendEmailVerification(idToken) {
      const answer = await callRest('accounts:sendOobCode', { requestType: 'VERIFY_EMAIL', idToken })
      return answer.ok ? { ok: true, email: String(answer.body.email ?? '') } : answer
    },

    async applyEmailVerification(oobCode) {
      const answer = await callRest('accounts:update', { oobCode })
      return answer.ok ? { ok: true, email: String(answer.body.email ?? '') } : answer
    },

    async updatePassword(uid, newPassword) {
      await auth.updateUser(uid, { password: newPassword })
    },
  }

  /** One Identity Toolkit call; provider errors come back as codes, never as exceptions. */
  async function callRest(
    method: string,
    payload: Record<string, unknown>,
  ): Promise<
    { ok: true; body: Record<string, unknown> } | { ok: false; code: IdentityErrorCode; providerMessage: string }
  > {
    let response: Response
    try {
      response = await fetch(`${restBase}/${method}?key=${encodeURIComponent(apiKey)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(15_000),
      })
    } catch (error) {
      return { ok: false, code: 'auth/unknown', providerMessage: String(error) }
    }
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown> & {
      error?: { message?: string }
    }
    if (response.ok) return { ok: true, body }
    const raw = body.error?.message ?? `HTTP ${response.status}`
    return { ok: false, code: identityErrorCode(raw), providerMessage: raw }
  }

  return provider
}
