// Forms of SMS two-step verification (access.md §2 "Login screen", "Settings: Security", §5
// "Login"): the factor choice and code entry at sign-in, and the three enrolment steps.
import * as z from 'zod/mini'
import { DIAL_CODES, toE164 } from '#app/platform/phone'
import { LIMITS, maxText, requiredText } from '#app/platform/common-schemas'

export const VERIFICATION_CODE_EMPTY = 'Verification code empty!'

export const SecondFactorChoiceSchema = z.object({
  factor: requiredText('Choose the phone that should receive the code.').check(maxText('factor', LIMITS.key)),
})

export const VerificationCodeSchema = z.object({
  code: requiredText(VERIFICATION_CODE_EMPTY).check(z.maxLength(12, 'Enter the code from the SMS.')),
})

/** Step 1 of enrolment: the password must sign in again (requires-recent-login semantics). */
export const EnrollPasswordSchema = z.object({
  password: z
    .string({ error: 'Password is required.' })
    .check(z.minLength(1, 'Password is required.'), maxText('Password', LIMITS.password)),
})

const COUNTRIES = DIAL_CODES.map((entry) => entry.country) as [string, ...string[]]

/** Step 2 of enrolment: the country (default us) and the local number. */
export const EnrollPhoneSchema = z
  .object({
    country: z.enum(COUNTRIES, { error: 'Choose a country.' }),
    phone: requiredText('Phone number is required.').check(maxText('Phone number', LIMITS.phone)),
  })
  .check(
    z.refine((value) => toE164(value.country, value.phone) !== null, {
      message: 'Enter a valid phone number.',
      path: ['phone'],
    }),
  )
