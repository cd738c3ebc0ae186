import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { BrandNameSchema, CompanyProfileSchema, ContactAdminSchema, HeadquartersSchema } from './brand-schemas'
import { LoginSchema } from '#app/features/identity'

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]))
}

describe('login form', () => {
  it('uses the spec wording for missing fields', () => {
    expect(messages(z.safeParse(LoginSchema, {}))).toEqual({
      email: 'Email is required.',
      password: 'Password is required.',
    })
    expect(messages(z.safeParse(LoginSchema, { email: '', password: '' }))).toEqual({
      email: 'Email is required.',
      password: 'Password is required.',
    })
  })
  it('reads Remember me from a checkbox', () => {
    expect(z.parse(LoginSchema, { email: 'a@b.co', password: 'x', remember: 'on' }).remember).toBe(true)
    expect(z.parse(LoginSchema, { email: 'a@b.co', password: 'x' }).remember).toBe(false)
  })
})

describe('company profile forms', () => {
  it('checks profile fields with the spec messages', () => {
    expect(
      messages(z.safeParse(CompanyProfileSchema, { name: 'Ok', legal_name: 'Bad!', year_established: '20a' })),
    ).toEqual({
      legal_name: 'Invalid Legal Name. Alphanumeric characters expected.',
      year_established: 'Invalid Year Established. Numeric value expected.',
    })
    expect(messages(z.safeParse(CompanyProfileSchema, { name: 'Bad$', legal_name: '' }))).toEqual({
      name: 'Invalid Profile Name. Alphanumeric characters expected.',
      legal_name: 'This field is required.',
    })
    expect(z.safeParse(CompanyProfileSchema, { name: 'Demo Brand', legal_name: 'Demo_Brand-1 Ltd' }).success).toBe(true)
  })

  it('checks headquarters with the spec messages', () => {
    expect(messages(z.safeParse(HeadquartersSchema, { city: 'Paris!', state: 'Î', zip: '___' }))).toEqual({
      street: 'This field is required.',
      suite: 'This field is required.',
      country: 'This field is required.',
      city: 'Invalid city.',
      state: 'Invalid state. Alphanumeric characters expected.',
      zip: 'Invalid zip. Numeric value expected.',
    })
    expect(
      z.safeParse(HeadquartersSchema, { street: '1 Rue', suite: '2', country: 'France', zip: 'SW1A 1AA' }).success,
    ).toBe(true)
  })

  it('stores the headquarters country as its alpha-3 code, from the list only', () => {
    const base = { street: '1 Rue', suite: '2' }
    expect(z.parse(HeadquartersSchema, { ...base, country: 'FRA' }).country).toBe('FRA')
    expect(z.parse(HeadquartersSchema, { ...base, country: 'United States' }).country).toBe('USA')
    expect(messages(z.safeParse(HeadquartersSchema, { ...base, country: 'Atlantis' }))).toEqual({
      country: 'Select a country from the list.',
    })
  })

  it('checks the contact admin with the spec messages', () => {
    expect(messages(z.safeParse(ContactAdminSchema, { first: '<b>', last: '', title: 'CEO!', email: 'x@' }))).toEqual({
      first: 'Invalid First Name.',
      last: 'This field is required.',
      title: 'Invalid Title. Alphanumeric characters expected.',
      email: 'Invalid Email.',
    })
  })

  it('requires a brand name', () => {
    expect(messages(z.safeParse(BrandNameSchema, { name: '   ' }))).toEqual({ name: 'Brand name is required.' })
  })
})
