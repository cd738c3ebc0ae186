import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { BREACHED_PASSWORD, PASSWORD_REMINDER } from './password-schemas'
import {
  ChangePasswordSchema,
  PASSWORD_MISMATCH,
  PasswordResetRequestSchema,
  ResetPasswordSchema,
} from './password-form-schemas'

function messages(schema: z.ZodMiniType, input: unknown): Record<string, string[]> {
  const result = z.safeParse(schema, input)
  const out: Record<string, string[]> = {}
  for (const issue of result.error?.issues ?? []) (out[issue.path.join('.')] ??= []).push(issue.message)
  return out
}

describe('password flow forms', () => {
  it('asks for a well-formed e-mail on the forgot-password form', () => {
    expect(messages(PasswordResetRequestSchema, {})).toEqual({ email: ['Email is required.'] })
    expect(messages(PasswordResetRequestSchema, { email: 'nobody' })).toEqual({
      email: ['Please enter a valid email!'],
    })
    expect(messages(PasswordResetRequestSchema, { email: ' a@b.test ' })).toEqual({})
  })

  it('gives the reset screen its required messages and the strict rule', () => {
    expect(messages(ResetPasswordSchema, { code: 'c' })).toEqual({
      new_password: ['Enter a new password'],
      confirm_password: ['Confirm your new password'],
    })
    expect(messages(ResetPasswordSchema, { code: 'c', new_password: 'weak', confirm_password: 'weak' })).toEqual({
      new_password: [PASSWORD_REMINDER],
    })
  })

  it('says when the confirmation does not match, on the confirm field', () => {
    const input = { code: 'c', new_password: 'Tailor-made-47', confirm_password: 'Tailor-made-48' }
    expect(messages(ResetPasswordSchema, input)).toEqual({ confirm_password: [PASSWORD_MISMATCH] })
    expect(messages(ChangePasswordSchema, { ...input, old_password: 'x' })).toEqual({
      confirm_password: [PASSWORD_MISMATCH],
    })
  })

  it('does not enforce the terms checkbox and keeps passwords as typed', () => {
    const result = z.safeParse(ResetPasswordSchema, {
      code: 'c',
      new_password: ' Tailor-made-47',
      confirm_password: ' Tailor-made-47',
    })
    expect(result.success).toBe(true)
    expect(result.data?.new_password).toBe(' Tailor-made-47')
  })

  it('needs the current password on the change form', () => {
    expect(
      messages(ChangePasswordSchema, { new_password: 'Tailor-made-47', confirm_password: 'Tailor-made-47' }),
    ).toEqual({ old_password: ['Enter your current password'] })
    expect(BREACHED_PASSWORD).toMatch(/data breach/)
  })
})
