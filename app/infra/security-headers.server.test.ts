import { describe, expect, it } from 'vitest'
import { PERMISSIONS_POLICY, contentSecurityPolicy, newNonce } from './security-headers.server'

const directives = (policy: string) =>
  Object.fromEntries(policy.split('; ').map((d) => [d.split(' ')[0]!, d.split(' ').slice(1)]))

describe('contentSecurityPolicy', () => {
  it('lets scripts run only from our origin or with the nonce', () => {
    const policy = directives(contentSecurityPolicy({ nonce: 'abc123', recaptcha: false }))
    expect(policy['script-src']).toEqual(["'self'", "'nonce-abc123'"])
    expect(policy['object-src']).toEqual(["'none'"])
    expect(policy['frame-src']).toEqual(["'none'"])
    expect(policy['worker-src']).toEqual(["'self'", 'blob:'])
    expect(policy['img-src']).toEqual(["'self'", 'blob:', 'data:'])
    // Nothing outside our origin; blob: and data: URLs are the page's own (3D samples' textures).
    expect(policy['connect-src']).toEqual(["'self'", 'blob:', 'data:'])
  })

  it("allows Google's reCAPTCHA only when it is configured", () => {
    const policy = directives(contentSecurityPolicy({ nonce: 'n', recaptcha: true }))
    expect(policy['script-src']).toEqual([
      "'self'",
      "'nonce-n'",
      'https://www.google.com/recaptcha/',
      'https://www.gstatic.com/recaptcha/',
    ])
    expect(policy['frame-src']).toContain('https://www.google.com/recaptcha/')
  })

  it('makes a different nonce each time', () => {
    expect(newNonce()).not.toBe(newNonce())
    expect(newNonce()).toMatch(/^[A-Za-z0-9+/]{22}==$/)
  })

  it('turns device features off', () => {
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
      expect(PERMISSIONS_POLICY).toContain(`${feature}=()`)
    }
  })
})
