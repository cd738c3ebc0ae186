import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { AccountUpdateSchema, PersonalProfileSchema } from './account-schemas'

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]))
}

const valid = {
  first: 'Mia',
  last: 'Marketing',
  title: 'Marketing Lead',
  department: 'other',
  date_format: 'DD/MM/YYYY',
  language: ['en', 'fr'],
}

describe('personal profile form', () => {
  it('names every missing required field', () => {
    expect(messages(z.safeParse(PersonalProfileSchema, {}))).toEqual({
      first: 'First name is required',
      last: 'Last name is required',
      title: 'This field is required.',
      department: 'This field is required.',
      date_format: 'This field is required.',
      language: 'Select at least one language.',
    })
  })

  it('uses the spec wording for pattern errors', () => {
    expect(
      messages(
        z.safeParse(PersonalProfileSchema, {
          ...valid,
          first: 'Mia!',
          last: 'M<b>',
          username: 'mia marketing',
          employee_number: '12a',
        }),
      ),
    ).toEqual({
      first: 'Invalid First Name. Alphanumeric characters expected.',
      last: 'Invalid Last Name. Alphanumeric characters expected.',
      username: 'Invalid Username. Alphanumeric characters expected.',
      employee_number: 'Invalid Employee Number. Numeric value expected.',
    })
  })

  it('offers the two date formats only', () => {
    expect(z.safeParse(PersonalProfileSchema, { ...valid, date_format: 'MM/DD/YYYY' }).success).toBe(true)
    expect(messages(z.safeParse(PersonalProfileSchema, { ...valid, date_format: 'YYYY-MM-DD' }))).toEqual({
      date_format: 'Select MM/DD/YYYY or DD/MM/YYYY.',
    })
  })

  it('stores languages joined by a slash, each once', () => {
    expect(z.parse(PersonalProfileSchema, { ...valid, language: ['en', 'fr', 'en'] }).language).toBe('en/fr')
    expect(z.parse(PersonalProfileSchema, { ...valid, language: 'de' }).language).toBe('de')
    expect(messages(z.safeParse(PersonalProfileSchema, { ...valid, language: ['xx'] }))).toEqual({
      language: 'Select at least one language.',
    })
  })

  it('stores a country as its alpha-3 code and refuses one the list does not know', () => {
    expect(z.parse(PersonalProfileSchema, { ...valid, country: 'FRA' }).country).toBe('FRA')
    expect(messages(z.safeParse(PersonalProfileSchema, { ...valid, country: 'Atlantis' }))).toEqual({
      country: 'Select a country from the list.',
    })
  })

  it('accepts the account types of the spec only', () => {
    expect(z.parse(PersonalProfileSchema, { ...valid, job_type: 'sales rep' }).job_type).toBe('sales rep')
    expect(messages(z.safeParse(PersonalProfileSchema, { ...valid, job_type: 'vsm' }))).toEqual({
      job_type: 'Select an account type from the list.',
    })
  })
})

describe('account update (PUT /api/account/model/{key})', () => {
  it('accepts any subset of the fields, with a language string joined by a slash', () => {
    expect(z.parse(AccountUpdateSchema, { language: 'en/de', status: 'onboarded', mfa: false })).toEqual({
      language: 'en/de',
      status: 'onboarded',
      mfa: false,
    })
    expect(z.parse(AccountUpdateSchema, { username: null, country: null })).toEqual({ username: null, country: null })
  })

  it('refuses unknown fields, bad statuses and lines', () => {
    expect(messages(z.safeParse(AccountUpdateSchema, { employee_number: 'abc' }))).toEqual({
      employee_number: 'Invalid Employee Number. Numeric value expected.',
    })
    expect(z.safeParse(AccountUpdateSchema, { status: 'pending' }).success).toBe(false)
    expect(z.safeParse(AccountUpdateSchema, { email: 'x@y.co' }).success).toBe(false)
    expect(messages(z.safeParse(AccountUpdateSchema, { lines: ['l1'] }))).toEqual({
      lines: 'Access to lines is given by invites and Manage Team, not by the account.',
    })
  })
})
