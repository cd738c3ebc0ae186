// The identity provider behind a small interface (Firebase Authentication today, implemented in
// app/infra/identity/): what the services may ask of it, and the shapes of its answers.

/** The provider's refusals of account actions (reset links, e-mail checks, password changes). */
export type IdentityErrorCode =
  | 'auth/user-not-found'
  | 'auth/user-disabled'
  | 'auth/invalid-action-code'
  | 'auth/expired-action-code'
  | 'auth/weak-password'
  | 'auth/invalid-email'
  | 'auth/too-many-requests'
  | 'auth/user-token-expired'
  | 'auth/operation-not-allowed'
  | 'auth/quota-exceeded'
  | 'auth/unknown'

// Identity Toolkit REST errors look like "INVALID_OOB_CODE" or "WEAK_PASSWORD : Password should…".
const REST_CODES: Record<string, IdentityErrorCode> = {
  EMAIL_NOT_FOUND: 'auth/user-not-found',
  USER_NOT_FOUND: 'auth/user-not-found',
  USER_DISABLED: 'auth/user-disabled',
  INVALID_OOB_CODE: 'auth/invalid-action-code',
  EXPIRED_OOB_CODE: 'auth/expired-action-code',
  WEAK_PASSWORD: 'auth/weak-password',
  INVALID_EMAIL: 'auth/invalid-email',
  MISSING_EMAIL: 'auth/invalid-email',
  TOO_MANY_ATTEMPTS_TRY_LATER: 'auth/too-many-requests',
  RESET_PASSWORD_EXCEED_LIMIT: 'auth/too-many-requests',
  INVALID_ID_TOKEN: 'auth/user-token-expired',
  TOKEN_EXPIRED: 'auth/user-token-expired',
  CREDENTIAL_TOO_OLD_LOGIN_AGAIN: 'auth/user-token-expired',
  OPERATION_NOT_ALLOWED: 'auth/operation-not-allowed',
  PASSWORD_LOGIN_DISABLED: 'auth/operation-not-allowed',
  QUOTA_EXCEEDED: 'auth/quota-exceeded',
}

export function identityErrorCode(restMessage: string): IdentityErrorCode {
  const head = restMessage.split(':')[0]!.trim().split(' ')[0] ?? ''
  return REST_CODES[head] ?? 'auth/unknown'
}

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

/** How the portal reaches Firebase Authentication (or its emulator). */
export interface FirebaseIdentityOptions {
  projectId: string
  apiKey?: string
  /** host:port of the Auth emulator; omitted means real Firebase. */
  emulatorHost?: string
}
