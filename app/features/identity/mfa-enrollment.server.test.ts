import { createSession } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import { clearEnrollment, enrollmentStep, readEnrollment, saveEnrollment } from './mfa-enrollment.server'

describe('enrollmentStep', () => {
  it('follows the state, not the address', () => {
    const later = Date.now() + 60_000
    expect(enrollmentStep(null)).toBe('password')
    expect(enrollmentStep({ expiresAt: later })).toBe('password')
    expect(
      enrollmentStep({ expiresAt: later, secondFactor: { mfaPendingCredential: 'p', sessionInfo: 's', sentTo: 'x' } }),
    ).toBe('authenticate')
    expect(enrollmentStep({ expiresAt: later, idToken: 't' })).toBe('phone')
    expect(enrollmentStep({ expiresAt: later, idToken: 't', phone: { sessionInfo: 's', sentTo: 'x' } })).toBe('code')
  })
})

describe('the state in the session', () => {
  it('is read back until it expires, and cleared on demand', () => {
    const session = createSession()
    saveEnrollment(session, { idToken: 't' })
    expect(readEnrollment(session)?.idToken).toBe('t')
    session.set('mfaEnrollment', { ...readEnrollment(session), expiresAt: Date.now() - 1 })
    expect(readEnrollment(session)).toBeNull()
    saveEnrollment(session, { idToken: 't' })
    clearEnrollment(session)
    expect(readEnrollment(session)).toBeNull()
  })
})
