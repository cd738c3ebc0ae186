// Firebase Authentication behind a small interface: password sign-in through the Identity
// Toolkit REST API (so the login form works without JavaScript), session cookies and token checks
// through firebase-admin. Locally the same calls go to the Auth emulator.
import { getApps, initializeApp, type App } from 'firebase-admin/app'
import { getAuth, type Auth } from 'firebase-admin/auth'

export type SignInErrorCode =
  | 'auth/user-not-found'
  | 'auth/wrong-password'
  | 'auth/invalid-credential'
  | 'auth/too-many-requests'
  | 'auth/user-disabled'
  | 'auth/multi-factor-auth-required'
  | 'auth/unknown'

export type SignInResult =
  | { ok: true; uid: string; email: string; idToken: string; refreshToken: string }
  | { ok: false; code: SignInErrorCode; providerMessage: string }

export interface VerifiedIdentity {
  uid: string
  email: string
}

export interface IdentityProvider {
  readonly projectId: string
  signInWithPassword(email: string, password: string): Promise<SignInResult>
  createSessionCookie(idToken: string, expiresInMs: number): Promise<string>
  /** Throws when the cookie is malformed, expired or revoked. */
  verifySessionCookie(sessionCookie: string): Promise<VerifiedIdentity>
  /** Throws when the token is malformed, expired or revoked. */
  verifyIdToken(idToken: string): Promise<VerifiedIdentity>
  /**
   * Creates the user with this uid, or brings its e-mail and password in line when they differ
   * (without touching a user that already matches, which would end its sessions).
   */
  ensureUser(user: { uid: string; email: string; password: string; displayName: string }): Promise<void>
  revokeSessions(uid: string): Promise<void>
  /** A new ID token for a user, minted through a custom token (Reset Session). */
  freshIdToken(uid: string): Promise<string>

  // --- Sign-up from an invite (docs/decisions/014-sign-up.md) --------------------------------
  /** Creates a new user; a taken e-mail fails with code `auth/email-already-exists`. */
  createUser(user: { email: string; password: string; displayName: string }): Promise<{ uid: string }>
  /** Removes a user again, when the account could not be created after all. */
  deleteUser(uid: string): Promise<void>
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

export interface FirebaseIdentityOptions {
  projectId: string
  apiKey?: string
  /** host:port of the Auth emulator; omitted means real Firebase. */
  emulatorHost?: string
}

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

  const provider: IdentityProvider = {
    projectId: options.projectId,

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
        error?: { message?: string }
      }
      if (response.ok && body.mfaPendingCredential) {
        return { ok: false, code: 'auth/multi-factor-auth-required', providerMessage: 'Second factor required' }
      }
      if (response.ok && body.idToken && body.localId) {
        return {
          ok: true,
          uid: body.localId,
          email: body.email ?? email,
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

    createSessionCookie(idToken, expiresInMs) {
      return auth.createSessionCookie(idToken, { expiresIn: expiresInMs })
    },

    async verifySessionCookie(sessionCookie) {
      const decoded = await auth.verifySessionCookie(sessionCookie, true)
      return { uid: decoded.uid, email: decoded.email ?? '' }
    },

    async verifyIdToken(idToken) {
      const decoded = await auth.verifyIdToken(idToken, true)
      return { uid: decoded.uid, email: decoded.email ?? '' }
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
  }
  return provider
}
