import { describe, expect, it } from 'vitest'
import { parseForm } from '#app/lib/forms'
import { EnrollPhoneSchema, VerificationCodeSchema } from './mfa'

function form(entries: Record<string, string>) {
  const data = new FormData()
  for (const [name, value] of Object.entries(entries)) data.set(name, value)
  return data
}

describe('VerificationCodeSchema', () => {
  it('says "Verification code empty!" for an empty or blank code', () => {
    expect(parseForm(form({ code: '' }), VerificationCodeSchema).error).toEqual({ code: ['Verification code empty!'] })
    expect(parseForm(form({ code: '   ' }), VerificationCodeSchema).error).toEqual({
      code: ['Verification code empty!'],
    })
  })
  it('accepts a code', () => {
    expect(parseForm(form({ code: ' 123456 ' }), VerificationCodeSchema).value).toEqual({ code: '123456' })
  })
})

describe('EnrollPhoneSchema', () => {
  it('needs a known country and a number that fits it', () => {
    expect(parseForm(form({ country: 'us', phone: '555 555 0100' }), EnrollPhoneSchema).value).toEqual({
      country: 'us',
      phone: '555 555 0100',
    })
    expect(parseForm(form({ country: 'us', phone: '12' }), EnrollPhoneSchema).error).toEqual({
      phone: ['Enter a valid phone number.'],
    })
    expect(parseForm(form({ country: 'us' }), EnrollPhoneSchema).error).toEqual({
      phone: ['Phone number is required.'],
    })
    expect(parseForm(form({ country: 'xx', phone: '5555550100' }), EnrollPhoneSchema).error?.country).toEqual([
      'Choose a country.',
    ])
  })
})
