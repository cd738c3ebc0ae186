import { describe, expect, it } from 'vitest'
import { parseEnv } from './env.server'

describe('parseEnv', () => {
  it('refuses production on the Auth emulator unless ALLOW_AUTH_EMULATOR is set', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/ALLOW_AUTH_EMULATOR=true/)
    expect(parseEnv({ NODE_ENV: 'production', ALLOW_AUTH_EMULATOR: 'true' }).useAuthEmulator).toBe(true)
    const real = { NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'brand-portal', FIREBASE_API_KEY: 'key' } as const
    expect(parseEnv(real).useAuthEmulator).toBe(false)
    expect(parseEnv({ NODE_ENV: 'development' }).useAuthEmulator).toBe(true)
  })

  it('seeds the demo workspace by default only outside production', () => {
    expect(parseEnv({ NODE_ENV: 'development' }).SEED_DEMO).toBe(true)
    expect(parseEnv({ NODE_ENV: 'test' }).SEED_DEMO).toBe(true)
    expect(parseEnv({ NODE_ENV: 'production', ALLOW_AUTH_EMULATOR: 'true' }).SEED_DEMO).toBe(false)
    expect(parseEnv({ NODE_ENV: 'production', ALLOW_AUTH_EMULATOR: 'true', SEED_DEMO: 'true' }).SEED_DEMO).toBe(true)
    expect(parseEnv({ NODE_ENV: 'development', SEED_DEMO: 'false' }).SEED_DEMO).toBe(false)
  })
})
