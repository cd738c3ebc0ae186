// The provider's calls made through firebase-admin: checking ID tokens, creating, updating and
// removing users, ending their sessions, and minting an ID token for Reset Session.
import { getApps, initializeApp, type App } from 'firebase-admin/app'
import { getAuth, type Auth } from 'firebase-admin/auth'
import type { ToolkitConnection } from './rest.server'
import { IdentityError, type IdentityProvider } from '#app/platform/identity-provider'
import type { FirebaseIdentityOptions } from '#app/platform/identity-provider'

/** firebase-admin's Auth for this project, one app per project (the Auth emulator when set). */
export function adminAuth(options: FirebaseIdentityOptions): Auth {
  if (options.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = options.emulatorHost
  const appName = `portal-${options.projectId}`
  const app: App =
    getApps().find((candidate) => candidate.name === appName) ??
    initializeApp({ projectId: options.projectId }, appName)
  return getAuth(app)
}

type AdminCalls = Pick<
  IdentityProvider,
  'verifyIdToken' | 'ensureUser' | 'revokeSessions' | 'freshIdToken' | 'createUser' | 'deleteUser' | 'updatePassword'
>

export function adminCalls(
  connection: ToolkitConnection,
  auth: Auth,
  /** ensureUser tries the password first, so a user that already matches keeps its sessions. */
  signInWithPassword: IdentityProvider['signInWithPassword'],
): AdminCalls {
  const { restBase, apiKey } = connection
  return {
    async verifyIdToken(idToken) {
      const decoded = await auth.verifyIdToken(idToken, true)
      return { uid: decoded.uid, email: decoded.email ?? '', emailVerified: decoded.email_verified === true }
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
      const signIn = await signInWithPassword(email, password)
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

    async updatePassword(uid, newPassword) {
      await auth.updateUser(uid, { password: newPassword })
    },
  }
}
