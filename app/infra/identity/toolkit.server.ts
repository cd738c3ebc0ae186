// The provider's calls made over the Identity Toolkit REST API: password sign-in (so the login
// form works without JavaScript), refreshing an ID token, and the password and e-mail action codes
// (access.md §4 "Password reset", §2 /verify-email; the provider's templates link to
// {APP_URL}/user-management).
import { callRest, type ToolkitConnection } from './rest.server'
import { toFactor, type RestMfaInfo } from './mfa.server'
import { tokenClaims, type IdentityProvider, type SignInErrorCode } from '#app/platform/identity-provider'

// Text the Firebase client SDK shows for auth/too-many-requests; the spec asks for the provider's.
const TOO_MANY_REQUESTS_TEXT =
  'Access to this account has been temporarily disabled due to many failed login attempts. You can immediately restore it by resetting your password or you can try again later.'

const REST_ERRORS: Record<string, SignInErrorCode> = {
  EMAIL_NOT_FOUND: 'auth/user-not-found',
  INVALID_PASSWORD: 'auth/wrong-password',
  INVALID_LOGIN_CREDENTIALS: 'auth/invalid-credential',
  INVALID_EMAIL: 'auth/invalid-credential',
  TOO_MANY_ATTEMPTS_TRY_LATER: 'auth/too-many-requests',
  USER_DISABLED: 'auth/user-disabled',
}

type ToolkitCalls = Pick<
  IdentityProvider,
  | 'signInWithPassword'
  | 'refreshIdToken'
  | 'sendPasswordResetEmail'
  | 'verifyPasswordResetCode'
  | 'confirmPasswordReset'
  | 'sendEmailVerification'
  | 'applyEmailVerification'
>

export function toolkitCalls(connection: ToolkitConnection): ToolkitCalls {
  const { restBase, secureTokenBase, apiKey } = connection
  return {
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

    async sendPasswordResetEmail(email) {
      const answer = await callRest(connection, 'accounts:sendOobCode', { requestType: 'PASSWORD_RESET', email })
      return answer.ok ? { ok: true, email: String(answer.body.email ?? email) } : answer
    },

    async verifyPasswordResetCode(oobCode) {
      // resetPassword with only the code checks it and answers its e-mail without using it up.
      const answer = await callRest(connection, 'accounts:resetPassword', { oobCode })
      return answer.ok ? { ok: true, email: String(answer.body.email ?? '') } : answer
    },

    async confirmPasswordReset(oobCode, newPassword) {
      const answer = await callRest(connection, 'accounts:resetPassword', { oobCode, newPassword })
      return answer.ok ? { ok: true, email: String(answer.body.email ?? '') } : answer
    },

    async sendEmailVerification(idToken) {
      const answer = await callRest(connection, 'accounts:sendOobCode', { requestType: 'VERIFY_EMAIL', idToken })
      return answer.ok ? { ok: true, email: String(answer.body.email ?? '') } : answer
    },

    async applyEmailVerification(oobCode) {
      const answer = await callRest(connection, 'accounts:update', { oobCode })
      return answer.ok ? { ok: true, email: String(answer.body.email ?? '') } : answer
    },
  }
}
