import { describe, expect, it } from 'vitest'
import {
  ACCOUNT_TEMPORARILY_DISABLED,
  RESET_EMAIL_SENT,
  actionCodeProblem,
  identityErrorCode,
  providerText,
  resetRequestAnswer,
} from './identity-messages'

describe('identity provider errors', () => {
  it('reads Identity Toolkit error strings, with or without detail', () => {
    expect(identityErrorCode('EMAIL_NOT_FOUND')).toBe('auth/user-not-found')
    expect(identityErrorCode('INVALID_OOB_CODE')).toBe('auth/invalid-action-code')
    expect(identityErrorCode('EXPIRED_OOB_CODE')).toBe('auth/expired-action-code')
    expect(identityErrorCode('WEAK_PASSWORD : Password should be at least 6 characters')).toBe('auth/weak-password')
    expect(identityErrorCode('USER_DISABLED')).toBe('auth/user-disabled')
    expect(identityErrorCode('SOMETHING_NEW')).toBe('auth/unknown')
  })

  it('answers a reset request the same for known and unknown addresses', () => {
    expect(resetRequestAnswer({ ok: true })).toEqual({ kind: 'sent', message: RESET_EMAIL_SENT })
    expect(resetRequestAnswer({ ok: false, code: 'auth/user-not-found' })).toEqual({
      kind: 'sent',
      message: RESET_EMAIL_SENT,
    })
    expect(RESET_EMAIL_SENT).toBe('If you have a user account with us, you should receive an email with instructions')
  })

  it('gives a disabled or throttled account the spec text', () => {
    for (const code of ['auth/user-disabled', 'auth/too-many-requests'] as const) {
      expect(resetRequestAnswer({ ok: false, code })).toEqual({
        kind: 'refused',
        message: ACCOUNT_TEMPORARILY_DISABLED,
      })
      expect(actionCodeProblem(code)).toBe(ACCOUNT_TEMPORARILY_DISABLED)
    }
  })

  it("shows a refused code in the provider's readable words", () => {
    expect(actionCodeProblem('auth/invalid-action-code')).toBe(
      'The action code is invalid. This can happen if the code is malformed, expired, or has already been used.',
    )
    expect(actionCodeProblem('auth/expired-action-code')).toBe('The action code has expired.')
    expect(providerText('auth/unknown')).toBe('Something went wrong, please contact support')
  })
})
