// Brand forms and payloads, shared by the browser (Conform) and the server. Messages are the
// spec's wording (access.md §5 "Company profile", "Contact admin"; catalogue.md §5). Written with
// zod/mini so the browser bundle stays small (docs/decisions/008-zod-mini-in-the-browser.md).
import * as z from 'zod/mini'
import { CountrySchema } from '#app/platform/country-schemas'
import { ALPHANUMERIC, EMAIL, LIMITS, maxText, optionalText, requiredText } from '#app/platform/common-schemas'

export { EMAIL, REQUIRED, requiredText } from '#app/platform/common-schemas'

const DIGITS = /^[0-9]+$/
const ZIP = /^(?=.*[A-Za-z0-9])[A-Za-z0-9 _]+$/

const requiredPattern = (field: string, max: number, pattern: RegExp, message: string) =>
  requiredText().check(maxText(field, max), z.regex(pattern, message))
const optionalPattern = (field: string, max: number, pattern: RegExp, message: string) =>
  z.optional(z.string().check(z.trim(), maxText(field, max), z.regex(pattern, message)))
const required = (field: string, max: number) => requiredText().check(maxText(field, max))

export const BrandNameSchema = z.object({
  name: requiredText('Brand name is required.').check(maxText('Brand name', LIMITS.name)),
})

export const CompanyProfileSchema = z.object({
  name: requiredPattern(
    'Profile Name',
    LIMITS.name,
    ALPHANUMERIC,
    'Invalid Profile Name. Alphanumeric characters expected.',
  ),
  legal_name: requiredPattern(
    'Legal Name',
    LIMITS.name,
    ALPHANUMERIC,
    'Invalid Legal Name. Alphanumeric characters expected.',
  ),
  year_established: optionalPattern(
    'Year Established',
    LIMITS.number,
    DIGITS,
    'Invalid Year Established. Numeric value expected.',
  ),
})

export const HeadquartersSchema = z.object({
  street: required('Street', LIMITS.line),
  suite: required('Suite', LIMITS.line),
  /** Stored as the alpha-3 code; older free-text names are still read (app/platform/countries.ts). */
  country: z.pipe(required('Country', LIMITS.name), CountrySchema),
  city: optionalPattern('City', LIMITS.name, ALPHANUMERIC, 'Invalid city.'),
  state: optionalPattern('State', LIMITS.name, ALPHANUMERIC, 'Invalid state. Alphanumeric characters expected.'),
  zip: optionalPattern('Zip', LIMITS.number, ZIP, 'Invalid zip. Numeric value expected.'),
  phone: optionalText('Phone', LIMITS.phone),
  website: optionalText('Website', LIMITS.url),
})

export const ContactAdminSchema = z.object({
  first: requiredPattern('First Name', LIMITS.name, ALPHANUMERIC, 'Invalid First Name.'),
  last: requiredPattern('Last Name', LIMITS.name, ALPHANUMERIC, 'Invalid Last Name.'),
  title: requiredPattern('Title', LIMITS.name, ALPHANUMERIC, 'Invalid Title. Alphanumeric characters expected.'),
  email: optionalPattern('Email', LIMITS.email, EMAIL, 'Invalid Email.'),
  phone: optionalText('Phone', LIMITS.phone),
  department: optionalText('Department', LIMITS.name),
  language: optionalText('Language', LIMITS.name),
})

const Colour = z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, 'Invalid colour.'))
export const TemplateSchema = z.object({
  universal: z.optional(z.object({ fontColor: z.optional(Colour), backgroundColor: z.optional(Colour) })),
  login: z.optional(z.object({ fontColor: z.optional(Colour), backgroundColor: z.optional(Colour) })),
  landing: z.optional(
    z.object({
      fontColor: z.optional(Colour),
      backgroundColor: z.optional(Colour),
      layout: optionalText('Layout', LIMITS.name),
    }),
  ),
})

/** PUT /api/brand/model/{key}: any subset of the brand's editable parts. */
export const BrandUpdateSchema = z.strictObject({
  name: z.optional(CompanyProfileSchema.shape.name),
  legal_name: z.optional(CompanyProfileSchema.shape.legal_name),
  year_established: CompanyProfileSchema.shape.year_established,
  address: z.optional(HeadquartersSchema),
  contact: z.optional(ContactAdminSchema),
  template: z.optional(TemplateSchema),
})

export type BrandUpdate = z.infer<typeof BrandUpdateSchema>

/** The three company-profile forms of /brand/{key}/edit, told apart by the `intent` field. */
export const BRAND_FORMS = {
  profile: CompanyProfileSchema,
  headquarters: HeadquartersSchema,
  contact: ContactAdminSchema,
} as const
export type BrandFormIntent = keyof typeof BRAND_FORMS
