import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { InviteSchema, SignupFormSchema } from './invite-schemas'

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]))

describe('InviteSchema (access.md §5 "Invite form")', () => {
  it('trims and lower-cases the e-mail, and takes one or several lines', () => {
    const parsed = z.parse(InviteSchema, {
      brand: 'b',
      email: ' Jo@Example.TEST ',
      first_name: 'Jo-Ann_2 B',
      lines: 'l1',
      collections: ['c1', ''],
      grants: '[{"model":"Style","model_id":"s1","type":"read"}]',
    })
    expect(parsed).toMatchObject({ email: 'jo@example.test', lines: ['l1'], collections: ['c1'] })
    expect(parsed.grants).toEqual([{ model: 'Style', model_id: 's1', type: 'read' }])
  })

  it('uses the spec messages for first name and e-mail', () => {
    const result = z.safeParse(InviteSchema, { brand: 'b', email: 'nope', first_name: 'Jo!' })
    expect(messages(result)).toEqual({
      email: 'Invalid Email.',
      first_name: 'Invalid First Name. Alphanumeric characters expected.',
    })
  })

  it('refuses grants that are not a list', () => {
    const result = z.safeParse(InviteSchema, { brand: 'b', email: 'a@b.test', first_name: 'A', grants: '{' })
    expect(messages(result)).toEqual({ grants: 'grants: must be a list of grants.' })
  })
})

describe('SignupFormSchema (access.md §5 "Sign-up")', () => {
  const valid = {
    token: 't',
    email: 'a@b.test',
    first: 'A',
    last: 'B',
    password: 'Quiet-Harbour-57',
    confirm: 'Quiet-Harbour-57',
  }
  it('passes a complete form', () => {
    expect(z.safeParse(SignupFormSchema, valid).success).toBe(true)
  })
  it('reports a confirmation mismatch together with missing names', () => {
    const result = z.safeParse(SignupFormSchema, { ...valid, first: '', last: undefined, confirm: 'other' })
    expect(messages(result)).toEqual({
      first: 'First name is required',
      last: 'Last name is required',
      confirm: 'Confirm password does not match!',
    })
  })
  it('holds names to the Personal Profile pattern, so the profile can be saved later', () => {
    const result = z.safeParse(SignupFormSchema, { ...valid, first: '=HYPERLINK("x")', last: '<b>' })
    expect(messages(result)).toEqual({
      first: 'Invalid First Name. Alphanumeric characters expected.',
      last: 'Invalid Last Name. Alphanumeric characters expected.',
    })
    expect(z.safeParse(SignupFormSchema, { ...valid, first: 'Mary-Jane', last: 'Van der Berg' }).success).toBe(true)
  })
  it('holds the password to the strict rule', () => {
    const result = z.safeParse(SignupFormSchema, { ...valid, password: 'short', confirm: 'short' })
    expect(messages(result)).toEqual({
      password: 'Password must contain one uppercase, one lowercase, one number and one special character',
    })
  })
})
