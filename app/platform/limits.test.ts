// Every text field has a length limit with its message: one row per field, checked just at the
// limit (no length message) and one character over it ("{Field} must be at most N characters.").
// Choice fields (enums, the language list, countries) are bounded by their choices and answer
// with their own "Select …" message.
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { AccountUpdateSchema, PersonalProfileSchema } from '#app/features/identity/account-schemas'
import {
  BrandNameSchema,
  BrandUpdateSchema,
  CompanyProfileSchema,
  ContactAdminSchema,
  HeadquartersSchema,
} from '#app/features/brands/brand-schemas'
import { LIMITS, tooLongMessage } from '#app/platform/common-schemas'
import { InviteSchema, SignupFormSchema, SignupSchema } from '#app/features/teams/invite-schemas'
import { LoginSchema } from '#app/features/identity/login-schemas'
import { EnrollPasswordSchema, EnrollPhoneSchema, SecondFactorChoiceSchema } from '#app/features/identity/mfa-schemas'
import {
  ChangePasswordSchema,
  PasswordResetRequestSchema,
  ResetPasswordSchema,
} from '#app/features/identity/password-form-schemas'
import {
  BrandMemberSchema,
  TeamCreateSchema,
  TeamMemberSchema,
  addMemberSchema,
} from '#app/features/teams/team-schemas'

type Row = [schema: z.ZodMiniType, path: string, field: string, max: number]

const ROWS: Row[] = [
  [BrandNameSchema, 'name', 'Brand name', LIMITS.name],
  [CompanyProfileSchema, 'name', 'Profile Name', LIMITS.name],
  [CompanyProfileSchema, 'legal_name', 'Legal Name', LIMITS.name],
  [CompanyProfileSchema, 'year_established', 'Year Established', LIMITS.number],
  [HeadquartersSchema, 'street', 'Street', LIMITS.line],
  [HeadquartersSchema, 'suite', 'Suite', LIMITS.line],
  [HeadquartersSchema, 'country', 'Country', LIMITS.name],
  [HeadquartersSchema, 'city', 'City', LIMITS.name],
  [HeadquartersSchema, 'state', 'State', LIMITS.name],
  [HeadquartersSchema, 'zip', 'Zip', LIMITS.number],
  [HeadquartersSchema, 'phone', 'Phone', LIMITS.phone],
  [HeadquartersSchema, 'website', 'Website', LIMITS.url],
  [ContactAdminSchema, 'first', 'First Name', LIMITS.name],
  [ContactAdminSchema, 'last', 'Last Name', LIMITS.name],
  [ContactAdminSchema, 'title', 'Title', LIMITS.name],
  [ContactAdminSchema, 'email', 'Email', LIMITS.email],
  [ContactAdminSchema, 'phone', 'Phone', LIMITS.phone],
  [ContactAdminSchema, 'department', 'Department', LIMITS.name],
  [ContactAdminSchema, 'language', 'Language', LIMITS.name],
  [BrandUpdateSchema, 'name', 'Profile Name', LIMITS.name],
  [BrandUpdateSchema, 'contact.first', 'First Name', LIMITS.name],
  [BrandUpdateSchema, 'address.street', 'Street', LIMITS.line],
  [BrandUpdateSchema, 'template.landing.layout', 'Layout', LIMITS.name],
  [PersonalProfileSchema, 'first', 'First name', LIMITS.name],
  [PersonalProfileSchema, 'last', 'Last name', LIMITS.name],
  [PersonalProfileSchema, 'title', 'Title', LIMITS.name],
  [PersonalProfileSchema, 'username', 'Username', LIMITS.name],
  [PersonalProfileSchema, 'employee_number', 'Employee Number', LIMITS.number],
  [PersonalProfileSchema, 'contact_number', 'Contact Number', LIMITS.phone],
  [PersonalProfileSchema, 'mobile_number', 'Mobile Number', LIMITS.phone],
  [AccountUpdateSchema, 'name', 'Name', LIMITS.name],
  [AccountUpdateSchema, 'title', 'Title', LIMITS.name],
  [AccountUpdateSchema, 'username', 'Username', LIMITS.name],
  [AccountUpdateSchema, 'mobile_number', 'Mobile Number', LIMITS.phone],
  [AccountUpdateSchema, 'preferences.brand', 'preferences.brand', LIMITS.key],
  [InviteSchema, 'brand', 'brand', LIMITS.key],
  [InviteSchema, 'email', 'Email', LIMITS.email],
  [InviteSchema, 'first_name', 'First name', LIMITS.name],
  [InviteSchema, 'last_name', 'Last name', LIMITS.name],
  [InviteSchema, 'job_type', 'Job type', LIMITS.name],
  [InviteSchema, 'role', 'Role', LIMITS.name],
  [InviteSchema, 'team', 'Team', LIMITS.key],
  [InviteSchema, 'title', 'Title', LIMITS.name],
  [InviteSchema, 'department', 'Department', LIMITS.name],
  [InviteSchema, 'employee_number', 'Employee Number', LIMITS.number],
  [SignupSchema, 'email', 'Email', LIMITS.email],
  [SignupSchema, 'first', 'First name', LIMITS.name],
  [SignupSchema, 'last', 'Last name', LIMITS.name],
  [SignupSchema, 'invite', 'invite', LIMITS.token],
  [SignupFormSchema, 'token', 'token', LIMITS.token],
  [SignupFormSchema, 'first', 'First name', LIMITS.name],
  [SignupFormSchema, 'last', 'Last name', LIMITS.name],
  [LoginSchema, 'email', 'Email', LIMITS.email],
  [LoginSchema, 'password', 'Password', LIMITS.password],
  [LoginSchema, 'redirectTo', 'redirectTo', LIMITS.url],
  [SecondFactorChoiceSchema, 'factor', 'factor', LIMITS.key],
  [EnrollPasswordSchema, 'password', 'Password', LIMITS.password],
  [EnrollPhoneSchema, 'phone', 'Phone number', LIMITS.phone],
  [PasswordResetRequestSchema, 'email', 'Email', LIMITS.email],
  [ResetPasswordSchema, 'code', 'code', LIMITS.token],
  [ChangePasswordSchema, 'old_password', 'Password', LIMITS.password],
  [addMemberSchema({ lines: false, collections: false }), 'first_name', 'First name', LIMITS.name],
  [addMemberSchema({ lines: false, collections: false }), 'last_name', 'Last name', LIMITS.name],
  [addMemberSchema({ lines: false, collections: false }), 'email', 'Email', LIMITS.email],
  [addMemberSchema({ lines: false, collections: false }), 'title', 'Title', LIMITS.name],
  [addMemberSchema({ lines: false, collections: false }), 'employee_number', 'Employee Number', LIMITS.number],
  [TeamCreateSchema, 'name', 'Team name', LIMITS.name],
  [TeamCreateSchema, 'description', 'Description', LIMITS.description],
  [TeamCreateSchema, 'model_id', 'model_id', LIMITS.key],
  [TeamMemberSchema, 'team', 'team', LIMITS.key],
  [TeamMemberSchema, 'account', 'account', LIMITS.key],
  [BrandMemberSchema, 'brand', 'brand', LIMITS.key],
]

/** An input holding `value` at a dotted path. */
function inputWith(path: string, value: string): Record<string, unknown> {
  const parts = path.split('.')
  const root: Record<string, unknown> = {}
  let node = root
  for (const part of parts.slice(0, -1)) node = (node[part] = {}) as Record<string, unknown>
  node[parts.at(-1)!] = value
  return root
}

function messagesAt(schema: z.ZodMiniType, path: string, value: string): string[] {
  const result = z.safeParse(schema, inputWith(path, value))
  if (result.success) return []
  return result.error.issues.filter((issue) => issue.path.join('.') === path).map((issue) => issue.message)
}

describe('text length limits', () => {
  it.each(ROWS.map(([schema, path, field, max]) => ({ schema, path, field, max })))(
    '$path ($field, $max)',
    ({ schema, path, field, max }) => {
      const message = tooLongMessage(field, max)
      expect(message).toBe(`${field} must be at most ${max} characters.`)
      expect(messagesAt(schema, path, 'a'.repeat(max))).not.toContain(message)
      expect(messagesAt(schema, path, 'a'.repeat(max + 1))).toEqual([message])
    },
  )

  it('refuses a 900,000-character brand name with the length message alone', () => {
    expect(messagesAt(BrandUpdateSchema, 'name', 'a'.repeat(900_000))).toEqual([
      'Profile Name must be at most 100 characters.',
    ])
    expect(messagesAt(BrandNameSchema, 'name', 'a'.repeat(900_000))).toEqual([
      'Brand name must be at most 100 characters.',
    ])
  })
})
