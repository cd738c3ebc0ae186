// The forms of the password and e-mail flows (access.md §2 public screens, §3 "Forms", §5): the
// forgot-password request, the reset screen and the Change Password modal, plus the breach-check
// call. Shared by Conform in the browser and by the actions; messages are the spec's wording.
import * as z from 'zod/mini'
import { EMAIL, LIMITS, maxText, requiredText } from '#app/platform/common-schemas'
import { newPassword } from './password-schemas'

export const PASSWORD_MISMATCH = 'New password and confirm password not matching!'

const requiredSecret = (message: string) =>
  // Passwords are taken as typed: no trimming.
  z
    .string({ error: message })
    .check(z.minLength(1, { error: message, abort: true }), maxText('Password', LIMITS.password))

const confirmMatches = z.refine<{ new_password: string; confirm_password: string }>(
  (value) => value.new_password === value.confirm_password,
  { error: PASSWORD_MISMATCH, path: ['confirm_password'] },
)

export const PasswordResetRequestSchema = z.object({
  email: requiredText('Email is required.').check(
    maxText('Email', LIMITS.email),
    z.regex(EMAIL, 'Please enter a valid email!'),
  ),
})

export const ResetPasswordSchema = z
  .object({
    code: requiredText('Invalid Link!').check(maxText('code', LIMITS.token)),
    new_password: newPassword('Enter a new password'),
    confirm_password: requiredSecret('Confirm your new password'),
    // "I have read and accepted the terms and conditions": shown, not enforced (access.md §2).
    terms: z.optional(z.string().check(maxText('terms', LIMITS.name))),
  })
  .check(confirmMatches)

export const ChangePasswordSchema = z
  .object({
    old_password: requiredSecret('Enter your current password'),
    new_password: newPassword('Enter a new password'),
    confirm_password: requiredSecret('Confirm your new password'),
  })
  .check(confirmMatches)
