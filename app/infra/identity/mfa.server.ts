// The SMS second factor: sign-in and enrolment steps over the Identity Toolkit v2 REST API, the
// list and removal of enrolled factors through firebase-admin.
import type { Auth } from 'firebase-admin/auth'
import { maskPhoneNumber } from '#app/platform/phone'
import { callToolkit, type ToolkitConnection } from './rest.server'
import type { IdentityProvider, MfaErrorCode, MfaFactor } from '#app/platform/identity-provider'

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

export interface RestMfaInfo {
  mfaEnrollmentId?: string
  displayName?: string
  phoneInfo?: string
  enrolledAt?: string
}

export function toFactor(info: RestMfaInfo): MfaFactor {
  return {
    mfaEnrollmentId: info.mfaEnrollmentId ?? '',
    displayName: info.displayName ?? '',
    phoneInfo: maskPhoneNumber(info.phoneInfo ?? ''),
    enrolledAt: info.enrolledAt ?? null,
  }
}

type MfaCalls = Pick<
  IdentityProvider,
  'startMfaSignIn' | 'finalizeMfaSignIn' | 'startEnrollment' | 'finalizeEnrollment' | 'listFactors' | 'unenroll'
>

export function mfaCalls(connection: ToolkitConnection, auth: Auth): MfaCalls {
  const { restBaseV2 } = connection
  return {
    async startMfaSignIn(mfaPendingCredential, mfaEnrollmentId) {
      const answer = await callToolkit(connection, `${restBaseV2}/accounts/mfaSignIn:start`, {
        mfaPendingCredential,
        mfaEnrollmentId,
        phoneSignInInfo: {},
      })
      if (!answer.ok) return mfaError(answer.raw)
      const sessionInfo = (answer.body.phoneResponseInfo as { sessionInfo?: string } | undefined)?.sessionInfo
      return sessionInfo ? { ok: true, value: { sessionInfo } } : mfaError('no sessionInfo')
    },

    async finalizeMfaSignIn(mfaPendingCredential, sessionInfo, code) {
      const answer = await callToolkit(connection, `${restBaseV2}/accounts/mfaSignIn:finalize`, {
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
      const answer = await callToolkit(connection, `${restBaseV2}/accounts/mfaEnrollment:start`, {
        idToken,
        phoneEnrollmentInfo: { phoneNumber },
      })
      if (!answer.ok) return mfaError(answer.raw)
      const sessionInfo = (answer.body.phoneSessionInfo as { sessionInfo?: string } | undefined)?.sessionInfo
      return sessionInfo ? { ok: true, value: { sessionInfo } } : mfaError('no sessionInfo')
    },

    async finalizeEnrollment(idToken, sessionInfo, code, displayName) {
      const answer = await callToolkit(connection, `${restBaseV2}/accounts/mfaEnrollment:finalize`, {
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
  }
}
