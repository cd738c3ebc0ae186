import { describe, expect, it } from 'vitest'
import { newPassword, passwordProblems, PASSWORD_REMINDER } from './password-schemas'
import * as z from 'zod/mini'

describe('password rules', () => {
  it('accepts a password with every kind of character, 10 to 128 long', () => {
    expect(passwordProblems('Tailor-made9')).toEqual([])
    expect(passwordProblems(`Aa1!${'x'.repeat(124)}`)).toEqual([])
  })

  it('names what is missing', () => {
    expect(passwordProblems('Short1!')).toEqual(['at least 10 characters'])
    expect(passwordProblems('alllowercase1!')).toEqual(['an uppercase letter'])
    expect(passwordProblems('ALLUPPERCASE1!')).toEqual(['a lowercase letter'])
    expect(passwordProblems('NoDigitsHere!')).toEqual(['a number'])
    expect(passwordProblems('NoSpecials123')).toEqual(['a special character'])
    expect(passwordProblems(`Aa1!${'x'.repeat(125)}`)).toEqual(['at most 128 characters'])
  })

  it('gives the form its required message, then the reminder', () => {
    const schema = z.object({ password: newPassword('Enter a new password') })
    const empty = schema.safeParse({ password: '' })
    expect(empty.success).toBe(false)
    expect(empty.error?.issues.map((i) => i.message)).toEqual(['Enter a new password'])
    const weak = schema.safeParse({ password: 'weakpassword' })
    expect(weak.error?.issues.map((i) => i.message)).toEqual([PASSWORD_REMINDER])
  })
})
