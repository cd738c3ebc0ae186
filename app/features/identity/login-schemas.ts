// The login form (access.md §5 "Login"), validated by Conform in the browser and by the action.
import * as z from 'zod/mini'
import { EMAIL, LIMITS, maxText, requiredText } from '#app/platform/common-schemas'

export const LoginSchema = z.object({
  email: requiredText('Email is required.').check(
    maxText('Email', LIMITS.email),
    z.regex(EMAIL, 'Please enter a valid email!'),
  ),
  password: z
    .string({ error: 'Password is required.' })
    .check(z.minLength(1, 'Password is required.'), maxText('Password', LIMITS.password)),
  remember: z.pipe(
    z.optional(z.union([z.literal('on'), z.literal('true'), z.boolean()])),
    z.transform((value) => value === 'on' || value === 'true' || value === true),
  ),
  redirectTo: z.optional(z.string().check(maxText('redirectTo', LIMITS.url))),
})
