// Invite and sign-up payloads, shared by the browser (Conform) and the server. Messages are the
// spec's wording (access.md §5 "Invite form", "Sign-up").
import * as z from 'zod/mini'
import { GRANT_TYPES } from '#app/platform/access/grants'
import { ALPHANUMERIC, EMAIL, LIMITS, maxText, optionalText, requiredText } from '#app/platform/common-schemas'
import { newPassword } from '#app/features/identity'

export const INVALID_FIRST_NAME = 'Invalid First Name. Alphanumeric characters expected.'
export const INVALID_EMAIL = 'Invalid Email.'

/** A multi-select: one value arrives as a string, several as an array; empty values are dropped. */
const stringList = z.optional(
  z
    .pipe(
      z.union([z.string(), z.array(z.string())]),
      z.transform((value) => (Array.isArray(value) ? value : [value]).map((item) => item.trim()).filter(Boolean)),
    )
    .check(
      z.refine(
        (keys) => keys.every((key) => key.length <= LIMITS.key),
        `Keys must be at most ${LIMITS.key} characters.`,
      ),
    ),
)

const GrantSpecSchema = z.object({
  model: z.enum(
    ['Brand', 'Line', 'Collection', 'Style', 'Team'],
    'grants: model must be Brand, Line, Collection, Style or Team.',
  ),
  model_id: requiredText('grants: model_id is required.').check(maxText('grants: model_id', LIMITS.key)),
  type: z.enum(GRANT_TYPES, 'grants: type must be owner, editor or read.'),
})

/** Extra grants come as a list, or as its JSON text from a form field (access.md §7 "grants (JSON)"). */
const grantList = z.optional(
  z.pipe(
    z.pipe(
      z.union([z.string(), z.array(z.unknown())]),
      z.transform((value, ctx) => {
        if (Array.isArray(value)) return value
        if (value.trim() === '') return []
        try {
          const parsed: unknown = JSON.parse(value)
          if (Array.isArray(parsed)) return parsed
        } catch {
          // reported below
        }
        ctx.issues.push({ code: 'custom', message: 'grants: must be a list of grants.', input: value })
        return z.NEVER
      }),
    ),
    z.array(GrantSpecSchema),
  ),
)

export const InviteSchema = z.object({
  brand: requiredText('brand: the brand is required.').check(maxText('brand', LIMITS.key)),
  email: z
    .string({ error: INVALID_EMAIL })
    .check(
      z.trim(),
      z.toLowerCase(),
      z.minLength(1, { error: INVALID_EMAIL, abort: true }),
      maxText('Email', LIMITS.email),
      z.regex(EMAIL, INVALID_EMAIL),
    ),
  first_name: z
    .string({ error: INVALID_FIRST_NAME })
    .check(
      z.trim(),
      z.minLength(1, { error: INVALID_FIRST_NAME, abort: true }),
      maxText('First name', LIMITS.name),
      z.regex(ALPHANUMERIC, INVALID_FIRST_NAME),
    ),
  last_name: optionalText('Last name', LIMITS.name),
  job_type: optionalText('Job type', LIMITS.name),
  role: optionalText('Role', LIMITS.name),
  team: optionalText('Team', LIMITS.key),
  title: optionalText('Title', LIMITS.name),
  department: optionalText('Department', LIMITS.name),
  employee_number: optionalText('Employee Number', LIMITS.number),
  lines: stringList,
  collections: stringList,
  grants: grantList,
})
export type InviteInput = z.input<typeof InviteSchema>
export type ParsedInvite = z.output<typeof InviteSchema>

const signupEmail = requiredText('Please enter a valid email!').check(
  maxText('Email', LIMITS.email),
  z.toLowerCase(),
  z.regex(EMAIL, 'Please enter a valid email!'),
)

const FIRST_NAME_PATTERN = INVALID_FIRST_NAME
const LAST_NAME_PATTERN = 'Invalid Last Name. Alphanumeric characters expected.'

/** POST /api/account/method/signup/ (access.md §7). */
export const SignupSchema = z.object({
  email: signupEmail,
  first: requiredText('First name is required').check(
    maxText('First name', LIMITS.name),
    z.regex(ALPHANUMERIC, FIRST_NAME_PATTERN),
  ),
  last: requiredText('Last name is required').check(
    maxText('Last name', LIMITS.name),
    z.regex(ALPHANUMERIC, LAST_NAME_PATTERN),
  ),
  password: newPassword('Enter a valid password!'),
  invite: requiredText('Invite Not Found. Please ask a team Admin to send you a new invite.').check(
    maxText('invite', LIMITS.token),
  ),
})
export type SignupInput = z.output<typeof SignupSchema>

export const CONFIRM_MISMATCH = 'Confirm password does not match!'

// Without `abort`, so that an empty name does not stop the confirmation check from reporting too.
// Names follow the Personal Profile's pattern, so what sign-up stores the profile can save again.
const nameField = (field: string, message: string, patternMessage: string) =>
  z.string({ error: message }).check(
    z.trim(),
    z.minLength(1, message),
    maxText(field, LIMITS.name),
    z.refine((value) => value === '' || ALPHANUMERIC.test(value), patternMessage),
  )

/** The sign-up form of the invite landing: the call's fields plus the password confirmation. */
export const SignupFormSchema = z
  .object({
    token: requiredText('Invite Not Found. Please ask a team Admin to send you a new invite.').check(
      maxText('token', LIMITS.token),
    ),
    email: signupEmail,
    first: nameField('First name', 'First name is required', FIRST_NAME_PATTERN),
    last: nameField('Last name', 'Last name is required', LAST_NAME_PATTERN),
    password: newPassword('Enter a valid password!'),
    confirm: z.string({ error: CONFIRM_MISMATCH }),
  })
  .check(
    z.refine((value) => value.password === value.confirm, {
      message: CONFIRM_MISMATCH,
      path: ['confirm'],
      // Report the mismatch together with the other fields' problems, not only once they pass.
      when: (payload) => {
        const value = payload.value as { password?: unknown; confirm?: unknown } | undefined
        return typeof value?.password === 'string' && typeof value.confirm === 'string'
      },
    }),
  )
