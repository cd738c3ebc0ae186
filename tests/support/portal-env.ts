// The environment of an in-process test portal (tests/support/portal.ts), shared with the global
// setup, which starts one such portal on the template database to seed the demo workspace once.
import { parseEnv, type Env } from '#app/env.server'

export const TEST_SESSION_SECRET = 'integration-tests-session-secret'

export function testPortalEnv(input: {
  dataDir: string
  databaseUrl: string
  projectId: string
  emulatorHost: string
  env?: Record<string, string>
}): Env {
  return parseEnv({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: input.dataDir,
    FIREBASE_PROJECT_ID: input.projectId,
    FIREBASE_AUTH_EMULATOR_HOST: input.emulatorHost,
    SESSION_SECRET: TEST_SESSION_SECRET,
    DATABASE_URL: input.databaseUrl,
    ...input.env,
  })
}
