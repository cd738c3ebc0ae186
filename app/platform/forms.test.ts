import { describe, expect, it } from 'vitest'
import { LoginSchema } from '#app/features/identity/login-schemas'
import { HeadquartersSchema } from '#app/features/brands/brand-schemas'
import { parseForm } from '#app/platform/forms'

function form(entries: Record<string, string>) {
  const data = new FormData()
  for (const [key, value] of Object.entries(entries)) data.append(key, value)
  return data
}

const errorsOf = (submission: { status?: string }) => (submission as { error?: Record<string, string[]> }).error

describe('parseForm', () => {
  it('treats empty fields as missing and reports errors by field', () => {
    const submission = parseForm(form({ email: '', password: '' }), LoginSchema)
    expect(submission.status).toBe('error')
    expect(errorsOf(submission)).toEqual({ email: ['Email is required.'], password: ['Password is required.'] })
  })

  it('returns the parsed value on success', () => {
    const submission = parseForm(form({ email: ' ada@demo.test ', password: 'x', remember: 'on' }), LoginSchema)
    expect(submission.status).toBe('success')
    expect(submission.status === 'success' && submission.value).toEqual({
      email: 'ada@demo.test',
      password: 'x',
      remember: true,
    })
  })

  it('keeps optional fields optional and checks their pattern when filled', () => {
    const base = { street: '1 Row', suite: '2', country: 'France' }
    expect(parseForm(form({ ...base, zip: '' }), HeadquartersSchema).status).toBe('success')
    expect(errorsOf(parseForm(form({ ...base, zip: '@@' }), HeadquartersSchema))).toEqual({
      zip: ['Invalid zip. Numeric value expected.'],
    })
  })
})
