// Password rules shared by every form that sets a password (sign-up, reset, change). The spec
// names several rules; we enforce the strictest everywhere (docs/decisions/012-password-rules.md):
// 10 to 128 characters with a lowercase, an uppercase, a digit and a special character.
import * as z from 'zod/mini'

export const PASSWORD_MIN = 10
export const PASSWORD_MAX = 128
export const PASSWORD_REMINDER =
  'Password must contain one uppercase, one lowercase, one number and one special character'
export const PASSWORD_INVALID = 'Enter a valid password!'
export const BREACHED_PASSWORD =
  'The password has previously appeared in a data breach. Please use a more secure alternative.'

/** Which of the rules a candidate password misses; empty when it passes. */
export function passwordProblems(password: string): string[] {
  const problems: string[] = []
  if (password.length < PASSWORD_MIN) problems.push(`at least ${PASSWORD_MIN} characters`)
  if (password.length > PASSWORD_MAX) problems.push(`at most ${PASSWORD_MAX} characters`)
  if (!/[a-z]/.test(password)) problems.push('a lowercase letter')
  if (!/[A-Z]/.test(password)) problems.push('an uppercase letter')
  if (!/[0-9]/.test(password)) problems.push('a number')
  if (!/[^A-Za-z0-9]/.test(password)) problems.push('a special character')
  return problems
}

/** A new password: required (with the form's own message), then the strict rule. */
export const newPassword = (requiredMessage = 'Enter a new password') =>
  z.string({ error: requiredMessage }).check(
    z.minLength(1, { error: requiredMessage, abort: true }),
    // Far above the rule's own maximum: only spares the rule from reading megabytes.
    z.maxLength(4096, { error: PASSWORD_REMINDER, abort: true }),
    z.refine((value) => passwordProblems(value).length === 0, PASSWORD_REMINDER),
  )
