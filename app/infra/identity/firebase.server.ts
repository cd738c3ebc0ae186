// Firebase Authentication as the portal's identity provider: password sign-in through the
// Identity Toolkit REST API (so the login form works without JavaScript), session checks and user
// changes through firebase-admin. Locally the same calls go to the Auth emulator.
import { adminAuth, adminCalls } from './admin.server'
import { mfaCalls } from './mfa.server'
import type { FirebaseIdentityOptions, IdentityProvider } from '#app/platform/identity-provider'
import { toolkitConnection } from './rest.server'
import { toolkitCalls } from './toolkit.server'

export type { FirebaseIdentityOptions }

export function createFirebaseIdentity(options: FirebaseIdentityOptions): IdentityProvider {
  const auth = adminAuth(options)
  const connection = toolkitConnection(options)
  const toolkit = toolkitCalls(connection)
  return {
    projectId: options.projectId,
    emulated: Boolean(options.emulatorHost),
    ...toolkit,
    ...adminCalls(connection, auth, toolkit.signInWithPassword),
    ...mfaCalls(connection, auth),
  }
}
