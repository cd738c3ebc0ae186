// Team forms and payloads, shared by the browser (Conform) and the server: the add-member form of
// Manage Team (access.md §3 "Forms", §5 "Invite form") and the team calls of §7.
import * as z from 'zod/mini'
import { GRANT_MODELS, GRANT_TYPES, JOB_TYPES } from '#app/platform/access/permissions'
import { ACCOUNT_TYPES, DEPARTMENTS } from '#app/features/teams/team-rules'
import {
  ALPHANUMERIC,
  EMAIL,
  LIMITS,
  REQUIRED,
  maxText,
  optionalText,
  requiredText,
} from '#app/platform/common-schemas'

const DIGITS = /^[0-9]+$/

const Key = z.string().check(maxText('Key', LIMITS.key))

/** A multi-select: one value arrives as a string, several as an array. */
const multi = (required: boolean) =>
  z.pipe(
    z.transform((value: unknown) => (value === undefined ? [] : Array.isArray(value) ? value : [value])),
    required ? z.array(Key).check(z.minLength(1, 'Required')) : z.array(Key),
  )

/**
 * The add-member form. `job_type` is fixed by the menu entry (Add Team Member → the chosen
 * account type, Add Guest → guest). Lines and collections are required (access.md §3) whenever
 * the brand has some to choose from (docs/decisions/017).
 */
export const addMemberSchema = (choices: { lines: boolean; collections: boolean }) =>
  z.object({
    first_name: requiredText('First name is required').check(
      maxText('First name', LIMITS.name),
      z.regex(ALPHANUMERIC, 'Invalid First Name. Alphanumeric characters expected.'),
    ),
    last_name: requiredText('Last name is required').check(maxText('Last name', LIMITS.name)),
    email: requiredText('Email is required.').check(maxText('Email', LIMITS.email), z.regex(EMAIL, 'Invalid Email.')),
    title: optionalText('Title', LIMITS.name),
    department: z.optional(z.enum(DEPARTMENTS, 'Choose a department from the list.')),
    employee_number: z.optional(
      z
        .string()
        .check(
          z.trim(),
          maxText('Employee Number', LIMITS.number),
          z.regex(DIGITS, 'Invalid Employee Number. Numeric value expected.'),
        ),
    ),
    job_type: z.enum(['guest', ...ACCOUNT_TYPES.map((type) => type.jobType)], REQUIRED),
    lines: multi(choices.lines),
    collections: multi(choices.collections),
  })
export type AddMemberInput = z.output<ReturnType<typeof addMemberSchema>>

const GrantSpecSchema = z.object({
  model: z.enum(GRANT_MODELS, 'Unknown model.'),
  model_id: requiredText().check(maxText('model_id', LIMITS.key)),
  type: z.enum(GRANT_TYPES, 'Grant type must be owner, editor or read.'),
})

/** `grants` arrives as JSON text (access.md §7) or, from JSON clients, as an array. */
const GrantsField = z.pipe(
  z.transform((value: unknown, ctx) => {
    if (value === undefined || value === null || value === '') return []
    if (typeof value !== 'string') return value
    try {
      return JSON.parse(value) as unknown
    } catch {
      ctx.issues.push({ code: 'custom', message: 'grants: must be a JSON list.', input: value })
      return z.NEVER
    }
  }),
  z.array(GrantSpecSchema),
)

/** POST /api/team/model/ */
export const TeamCreateSchema = z.object({
  name: requiredText('Team name is required.').check(maxText('Team name', LIMITS.name)),
  description: optionalText('Description', LIMITS.description),
  model: z.enum(['Brand', 'Line', 'Collection'], 'A team belongs to a Brand, Line or Collection.'),
  model_id: requiredText().check(maxText('model_id', LIMITS.key)),
  account_job_type: z.optional(z.enum(JOB_TYPES, 'Unknown job type.')),
  grants: z.optional(GrantsField),
})
export type TeamCreateInput = z.output<typeof TeamCreateSchema>

/** POST /api/team/method/set_team and /remove_member */
export const TeamMemberSchema = z.object({
  team: requiredText().check(maxText('team', LIMITS.key)),
  account: requiredText().check(maxText('account', LIMITS.key)),
})

/** POST /api/brand/method/remove_team_member */
export const BrandMemberSchema = z.object({
  brand: requiredText().check(maxText('brand', LIMITS.key)),
  account: requiredText().check(maxText('account', LIMITS.key)),
})
