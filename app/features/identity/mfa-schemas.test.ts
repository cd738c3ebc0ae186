import { describe, expect, it } from 'vitest'
import { parseForm } from '#app/platform/forms'
import { EnrollPhoneSchema, VerificationCodeSchema } from './mfa-schemas'

function form(entries: Record<string, string>) {
  const data = new FormData()
  for (const [name, value] of Object.entries(entries)) data.set(name, value)
  return data
}

/** What the form parser makes of the fields: the value, or the messages by field. */
function parsed(schema: Parameters<typeof parseForm>[1], entries: Record<string, string>) {
  const submission = parseForm(form(entries), schema)
  return submission.status === 'success' ? { value: submission.value } : { error: submission.error }
}

describe('VerificationCodeSchema', () => {
  it('says "Verification code empty!" for an empty or blank code', () => {
    expect(parsed(VerificationCodeSchema, { code: '' }).error).toEqual({ code: ['Verification code empty!'] })
    expect(parsed(VerificationCodeSchema, { code: '   ' }).error).toEqual({
      code: ['Verification code empty!'],
    })
  })
  it('accepts a code', () => {
    expect(parsed(VerificationCodeSchema, { code: ' 123456 ' }).value).toEqual({ code: '123456' })
  })
})

describe('EnrollPhoneSchema', () => {
  it('needs a known country and a number that fits it', () => {
    expect(parsed(EnrollPhoneSchema, { country: 'us', phone: '555 555 0100' }).value).toEqual({
      country: 'us',
      phone: '555 555 0100',
    })
    expect(parsed(EnrollPhoneSchema, { country: 'us', phone: '12' }).error).toEqual({
      phone: ['Enter a valid phone number.'],
    })
    expect(parsed(EnrollPhoneSchema, { country: 'us' }).error).toEqual({
      phone: ['Phone number is required.'],
    })
    expect(parsed(EnrollPhoneSchema, { country: 'xx', phone: '5555550100' }).error?.country).toEqual([
      'Choose a country.',
    ])
  })
})
