// Which identity provider the portal talks to: a real Firebase project, an Auth emulator someone
// else runs, or one this process starts and stops (DATA_DIR/auth-emulator).
import type { Env } from '#app/env.server'
import path from 'node:path'
import { startAuthEmulator, type RunningEmulator } from '../auth-emulator.server'
import { createFirebaseIdentity } from './firebase.server'
import type { IdentityProvider } from '#app/platform/identity-provider'

export async function startIdentity(
  env: Env,
  log: (m: string) => void,
): Promise<{ identity: IdentityProvider; emulator: RunningEmulator | null }> {
  if (!env.useAuthEmulator) {
    return {
      identity: createFirebaseIdentity({ projectId: env.firebaseProjectId, apiKey: env.FIREBASE_API_KEY }),
      emulator: null,
    }
  }
  if (env.FIREBASE_AUTH_EMULATOR_HOST) {
    // An emulator someone else runs (tests, or `firebase emulators:start` by hand).
    return {
      identity: createFirebaseIdentity({
        projectId: env.firebaseProjectId,
        emulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST,
      }),
      emulator: null,
    }
  }
  log('Starting the Firebase Auth emulator…')
  const emulator = await startAuthEmulator({
    dir: path.join(env.DATA_DIR, 'auth-emulator'),
    projectId: env.firebaseProjectId,
    port: env.AUTH_EMULATOR_PORT,
    persist: true,
  })
  log(`Auth emulator ready at http://${emulator.host}`)
  return {
    identity: createFirebaseIdentity({ projectId: env.firebaseProjectId, emulatorHost: emulator.host }),
    emulator,
  }
}
