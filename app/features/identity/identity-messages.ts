// What the identity provider's errors mean for a user, in the texts the spec gives (access.md §8
// "Authentication") or, where it says "the provider's message", in the wording the Firebase client
// SDK shows for that error. Pure, so the mapping is tested without a provider.

import { identityErrorCode, type IdentityErrorCode } from '#app/platform/identity-provider'

export { identityErrorCode, type IdentityErrorCode }

/** The answer to every reset request, known address or not, so the form reveals no accounts. */
export const RESET_EMAIL_SENT = 'If you have a user account with us, you should receive an email with instructions'

/** A disabled (or provider-throttled) account asking for a reset (access.md §8). */
export const ACCOUNT_TEMPORARILY_DISABLED =
  'Access to this account has been temporarily disabled due to many failed login attempts. You can immediately restore it by resetting your password or you can try again later.'

export const INVALID_LINK = 'Invalid Link!'
export const EMAIL_VERIFIED = 'Email Verified'
export const PASSWORD_CHANGED = 'Password changed successfully'
/** A wrong current password where the account is known (Change Password, the 2FA re-check). */
export const WRONG_CURRENT_PASSWORD = 'Wrong password'
export const TOO_MANY_RESET_REQUESTS = 'Too many requests. Please try again later.'

const PROVIDER_TEXT: Record<IdentityErrorCode, string> = {
  'auth/user-not-found': 'There is no user record corresponding to this identifier. The user may have been deleted.',
  'auth/user-disabled': 'The user account has been disabled by an administrator.',
  'auth/invalid-action-code':
    'The action code is invalid. This can happen if the code is malformed, expired, or has already been used.',
  'auth/expired-action-code': 'The action code has expired.',
  'auth/weak-password': 'The password must be 6 characters long or more.',
  'auth/invalid-email': 'The email address is badly formatted.',
  'auth/too-many-requests': ACCOUNT_TEMPORARILY_DISABLED,
  'auth/user-token-expired': "The user's credential is no longer valid. The user must sign in again.",
  'auth/operation-not-allowed': 'The given sign-in provider is disabled for this Firebase project.',
  'auth/quota-exceeded': "The project's quota for this operation has been exceeded.",
  'auth/unknown': 'Something went wrong, please contact support',
}

/** The provider's message in readable form (the spec's "provider's message"). */
export function providerText(code: IdentityErrorCode): string {
  return PROVIDER_TEXT[code]
}

/**
 * What the forgot-password form answers for a provider result. Unknown users get the same text as
 * known ones; a disabled or throttled account gets the spec's disabled-account text.
 */
export function resetRequestAnswer(result: { ok: true } | { ok: false; code: IdentityErrorCode }): {
  kind: 'sent' | 'refused'
  message: string
} {
  if (result.ok) return { kind: 'sent', message: RESET_EMAIL_SENT }
  switch (result.code) {
    case 'auth/user-not-found':
    case 'auth/invalid-email':
      return { kind: 'sent', message: RESET_EMAIL_SENT }
    case 'auth/user-disabled':
    case 'auth/too-many-requests':
      return { kind: 'refused', message: ACCOUNT_TEMPORARILY_DISABLED }
    default:
      return { kind: 'refused', message: providerText(result.code) }
  }
}

/** The text for a reset or verification code the provider refused. */
export function actionCodeProblem(code: IdentityErrorCode): string {
  if (code === 'auth/user-disabled' || code === 'auth/too-many-requests') return ACCOUNT_TEMPORARILY_DISABLED
  return providerText(code)
}
