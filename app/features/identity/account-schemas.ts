// The personal profile form and the account update of PUT /api/account/model/{key}, shared by the
// browser (Conform) and the server. Messages are the spec's (access.md §5 "Personal profile");
// where it gives none, docs/decisions/021-settings-and-profile.md says what was chosen.
import * as z from 'zod/mini'
import { ACCOUNT_ROLES, ACCOUNT_STATUSES, JOB_TYPES } from '#app/platform/access/permissions'
import { ALPHANUMERIC, LIMITS, REQUIRED, maxText, requiredText } from '#app/platform/common-schemas'
import { COUNTRY_MESSAGE, CountrySchema } from '#app/platform/country-schemas'

const USERNAME = /^[A-Za-z0-9_-]+$/
const DIGITS = /^[0-9]+$/
const PHONE = /^\+?[0-9][0-9 ()-]*$/

export const DATE_FORMATS = ['MM/DD/YYYY', 'DD/MM/YYYY'] as const

/** Departments of the add-member form (access.md §9); the profile uses the same list. */
export const DEPARTMENTS = [
  { value: 'hr', label: 'HR' },
  { value: 'finance', label: 'Finance' },
  { value: 'design', label: 'Design' },
  { value: 'other', label: 'Other' },
] as const

/** Account types an admin may choose (access.md §6), stored as the job type. */
export const ACCOUNT_TYPES = [
  { value: 'admin', label: 'Admin' },
  { value: 'designer', label: 'Designer' },
  { value: 'marketing', label: 'Marketing' },
  { value: 'sales rep', label: 'Sales Rep' },
  { value: 'delegate', label: 'Delegate' },
] as const

/** Languages offered by the profile; the default is en (access.md §9). */
export const LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'fr', label: 'French' },
  { value: 'de', label: 'German' },
  { value: 'es', label: 'Spanish' },
  { value: 'it', label: 'Italian' },
  { value: 'pt', label: 'Portuguese' },
  { value: 'nl', label: 'Dutch' },
  { value: 'ja', label: 'Japanese' },
  { value: 'zh', label: 'Chinese' },
  { value: 'ko', label: 'Korean' },
] as const
const LANGUAGE_CODES = LANGUAGES.map((language) => language.value)

export const MESSAGES = {
  firstRequired: 'First name is required',
  firstPattern: 'Invalid First Name. Alphanumeric characters expected.',
  lastRequired: 'Last name is required',
  lastPattern: 'Invalid Last Name. Alphanumeric characters expected.',
  username: 'Invalid Username. Alphanumeric characters expected.',
  employeeNumber: 'Invalid Employee Number. Numeric value expected.',
  contactNumber: 'Invalid Contact Number. Numeric value expected.',
  mobileNumber: 'Invalid Mobile Number. Numeric value expected.',
  department: 'Select a department from the list.',
  dateFormat: 'Select MM/DD/YYYY or DD/MM/YYYY.',
  language: 'Select at least one language.',
  country: COUNTRY_MESSAGE,
  accountType: 'Select an account type from the list.',
} as const

const requiredPattern = (required: string, field: string, max: number, pattern: RegExp, message: string) =>
  requiredText(required).check(maxText(field, max), z.regex(pattern, message))
const patternText = (field: string, max: number, pattern: RegExp, message: string) =>
  z.string().check(z.trim(), maxText(field, max), z.regex(pattern, message))
const optionalPattern = (field: string, max: number, pattern: RegExp, message: string) =>
  z.optional(patternText(field, max, pattern, message))

const First = requiredPattern(MESSAGES.firstRequired, 'First name', LIMITS.name, ALPHANUMERIC, MESSAGES.firstPattern)
const Last = requiredPattern(MESSAGES.lastRequired, 'Last name', LIMITS.name, ALPHANUMERIC, MESSAGES.lastPattern)
const Title = requiredText().check(maxText('Title', LIMITS.name))
const Department = z.enum(
  DEPARTMENTS.map((d) => d.value),
  { error: (issue) => (issue.input === undefined ? REQUIRED : MESSAGES.department) },
)
const Username = optionalPattern('Username', LIMITS.name, USERNAME, MESSAGES.username)
const EmployeeNumber = optionalPattern('Employee Number', LIMITS.number, DIGITS, MESSAGES.employeeNumber)
const ContactNumber = optionalPattern('Contact Number', LIMITS.phone, PHONE, MESSAGES.contactNumber)
const MobileNumber = optionalPattern('Mobile Number', LIMITS.phone, PHONE, MESSAGES.mobileNumber)
const DateFormat = z.enum(DATE_FORMATS, {
  error: (issue) => (issue.input === undefined ? REQUIRED : MESSAGES.dateFormat),
})

/** One or more language codes (a multi-select's values, or a string joined by `/`), stored joined by `/`. */
const Language = z.pipe(
  z.pipe(
    z.union([z.string(), z.array(z.string())], { error: MESSAGES.language }),
    z.transform((value) => (Array.isArray(value) ? value : value.split('/')).map((v) => v.trim()).filter(Boolean)),
  ),
  z.pipe(
    z.array(z.string()).check(
      z.minLength(1, MESSAGES.language),
      z.refine((codes) => codes.every((code) => (LANGUAGE_CODES as string[]).includes(code)), MESSAGES.language),
    ),
    z.transform((codes) => [...new Set(codes)].join('/')),
  ),
)

const AccountType = z.enum(
  ACCOUNT_TYPES.map((type) => type.value),
  { error: MESSAGES.accountType },
)

/** /settings/profile. The e-mail is shown but not part of the form (it is the sign-in identity). */
export const PersonalProfileSchema = z.object({
  first: First,
  last: Last,
  username: Username,
  title: Title,
  department: Department,
  employee_number: EmployeeNumber,
  contact_number: ContactNumber,
  mobile_number: MobileNumber,
  date_format: DateFormat,
  language: Language,
  country: z.optional(CountrySchema),
  /** Shown only to role admin; the service refuses a change from anyone else. */
  job_type: z.optional(AccountType),
})
export type PersonalProfile = z.output<typeof PersonalProfileSchema>

const clearable = <S extends z.ZodMiniType>(schema: S) => z.optional(z.nullable(schema))

/**
 * PUT /api/account/model/{key}: any subset of the fields access.md §7 lists (plus first, last and
 * job_type). `null` clears an optional field. `lines` is refused: access to lines is given by
 * grants (invites and Manage Team), not by the account itself.
 */
export const AccountUpdateSchema = z.strictObject({
  name: z.optional(
    requiredPattern(
      'Name is required.',
      'Name',
      LIMITS.name,
      ALPHANUMERIC,
      'Invalid Name. Alphanumeric characters expected.',
    ),
  ),
  first: z.optional(First),
  last: z.optional(Last),
  title: z.optional(Title),
  department: z.optional(Department),
  username: clearable(patternText('Username', LIMITS.name, USERNAME, MESSAGES.username)),
  employee_number: clearable(patternText('Employee Number', LIMITS.number, DIGITS, MESSAGES.employeeNumber)),
  contact_number: clearable(patternText('Contact Number', LIMITS.phone, PHONE, MESSAGES.contactNumber)),
  mobile_number: clearable(patternText('Mobile Number', LIMITS.phone, PHONE, MESSAGES.mobileNumber)),
  date_format: z.optional(DateFormat),
  language: z.optional(Language),
  country: clearable(CountrySchema),
  role: z.optional(z.enum(ACCOUNT_ROLES)),
  job_type: z.optional(z.enum(JOB_TYPES)),
  status: z.optional(z.enum(ACCOUNT_STATUSES)),
  mfa: z.optional(z.boolean()),
  features: z.optional(z.record(z.string(), z.unknown())),
  preferences: z.optional(
    z.strictObject({ brand: z.optional(z.nullable(z.string().check(maxText('preferences.brand', LIMITS.key)))) }),
  ),
  lines: z.optional(
    z
      .unknown()
      .check(
        z.refine(() => false, { error: 'Access to lines is given by invites and Manage Team, not by the account.' }),
      ),
  ),
})
export type AccountUpdate = z.output<typeof AccountUpdateSchema>
