import { describe, expect, it } from 'vitest'
import { REDACTED, redactFields, redactText } from './redact'

describe('redactText', () => {
  it.each([
    ['/invite?token=abc123XYZ_-', `/invite?token=${REDACTED}`],
    ['/?token=abc&redirectTo=%2Fbrands', `/?token=${REDACTED}&redirectTo=%2Fbrands`],
    ['/api/invite/method/parse?token=s3cret', `/api/invite/method/parse?token=${REDACTED}`],
    [
      '/blobs/brands/k/logo-1.png?expires=1700000000&signature=AbC-dEf_123',
      `/blobs/brands/k/logo-1.png?expires=1700000000&signature=${REDACTED}`,
    ],
    ['/blobs/a.png?sig=xyz&expires=1', `/blobs/a.png?sig=${REDACTED}&expires=1`],
    [
      'reset link http://x/reset-password?mode=resetPassword&oobCode=Q1w2',
      `reset link http://x/reset-password?mode=resetPassword&oobCode=${REDACTED}`,
    ],
    [
      'fetch failed: https://h/v1/token?apiKey=AIza&refreshToken=r1',
      `fetch failed: https://h/v1/token?apiKey=${REDACTED}&refreshToken=${REDACTED}`,
    ],
    ['TOKEN=upper', `TOKEN=${REDACTED}`],
  ])('%s', (input, expected) => {
    expect(redactText(input)).toBe(expected)
  })

  it('leaves look-alike names and plain paths alone', () => {
    for (const text of ['/brand/K/edit?tab=team', '/?mytoken=keep', '/blobs/brands/k/logo.png', 'token: none']) {
      expect(redactText(text)).toBe(text)
    }
  })
})

describe('redactFields', () => {
  it('redacts strings at any depth and keeps other values', () => {
    const fields = {
      path: '/invite?token=t1',
      status: 500,
      error: { message: 'failed /blobs/x.png?signature=s1', stack: 'at /invite?token=t2\n  at y' },
      list: ['token=t3', 4, null],
    }
    expect(redactFields(fields)).toEqual({
      path: `/invite?token=${REDACTED}`,
      status: 500,
      error: { message: `failed /blobs/x.png?signature=${REDACTED}`, stack: `at /invite?token=${REDACTED}\n  at y` },
      list: [`token=${REDACTED}`, 4, null],
    })
  })
})
