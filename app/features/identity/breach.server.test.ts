import { describe, expect, it } from 'vitest'
import { parseEnv } from '#app/env.server'
import { sha1Hex } from '#app/infra/breach-corpus.server'
import { breachedSuffixes, isPasswordBreached } from './breach.server'

const deps = { env: parseEnv({ NODE_ENV: 'test' }) }

describe('breached-password corpus', () => {
  it('knows common passwords and their rule-passing shapes', async () => {
    expect(await isPasswordBreached(deps, 'password')).toBe(true)
    expect(await isPasswordBreached(deps, 'Password123!')).toBe(true)
    expect(await isPasswordBreached(deps, 'Sunshine2025!')).toBe(true)
  })

  it('does not flag a strong, unusual password', async () => {
    expect(await isPasswordBreached(deps, 'Tailor-made-Velvet-47')).toBe(false)
    expect(await isPasswordBreached(deps, 'Demo-passw0rd!')).toBe(false)
  })

  it('answers suffixes for a prefix, never whole hashes', async () => {
    const hash = sha1Hex('Password123!')
    const suffixes = await breachedSuffixes(deps, hash.slice(0, 5).toLowerCase())
    expect(suffixes).toContain(hash.slice(5))
    expect(suffixes.every((suffix) => suffix.length === 35)).toBe(true)
  })

  it('refuses anything but 5 hexadecimal characters', async () => {
    await expect(breachedSuffixes(deps, 'ABCDEF')).rejects.toThrow('prefix: must be')
    await expect(breachedSuffixes(deps, 'XYZ12')).rejects.toThrow('prefix: must be')
  })
})
