// Brand forms and payloads, shared by the browser (Conform) and the server. Messages are the
// spec's wording (access.md §5 "Company profile", "Contact admin"; catalogue.md §5). Written with
// zod/mini so the browser bundle stays small (docs/decisions/008-zod-mini-in-the-browser.md).
import * as z from 'zod/mini'
import { CountrySchema } from './country'
import { ALPHANUMERIC, EMAIL, requiredText } from './common'

export { EMAIL, REQUIRED, requiredText } from './common'

const DIGITS = /^[0-9]+$/
const ZIP = /^(?=.*[A-Za-z0-9])[A-Za-z0-9 _]+$/

const requiredPattern = (pattern: RegExp, message: string) => requiredText().check(z.regex(pattern, message))
const optionalPattern = (pattern: RegExp, message: string) =>
  z.optional(z.string().check(z.trim(), z.regex(pattern, message)))
const optionalText = z.optional(z.string().check(z.trim()))

export const BrandNameSchema = z.object({
  name: requiredText('Brand name is required.').check(z.maxLength(120, 'Brand name is too long.')),
})

export const CompanyProfileSchema = z.object({
  name: requiredPattern(ALPHANUMERIC, 'Invalid Profile Name. Alphanumeric characters expected.'),
  legal_name: requiredPattern(ALPHANUMERIC, 'Invalid Legal Name. Alphanumeric characters expected.'),
  year_established: optionalPattern(DIGITS, 'Invalid Year Established. Numeric value expected.'),
})

export const HeadquartersSchema = z.object({
  street: requiredText(),
  suite: requiredText(),
  /** Stored as the alpha-3 code; older free-text names are still read (app/lib/countries.ts). */
  country: z.pipe(requiredText(), CountrySchema),
  city: optionalPattern(ALPHANUMERIC, 'Invalid city.'),
  state: optionalPattern(ALPHANUMERIC, 'Invalid state. Alphanumeric characters expected.'),
  zip: optionalPattern(ZIP, 'Invalid zip. Numeric value expected.'),
  phone: optionalText,
  website: optionalText,
})

export const ContactAdminSchema = z.object({
  first: requiredPattern(ALPHANUMERIC, 'Invalid First Name.'),
  last: requiredPattern(ALPHANUMERIC, 'Invalid Last Name.'),
  title: requiredPattern(ALPHANUMERIC, 'Invalid Title. Alphanumeric characters expected.'),
  email: optionalPattern(EMAIL, 'Invalid Email.'),
  phone: optionalText,
  department: optionalText,
  language: optionalText,
})

const Colour = z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, 'Invalid colour.'))
export const TemplateSchema = z.object({
  universal: z.optional(z.object({ fontColor: z.optional(Colour), backgroundColor: z.optional(Colour) })),
  login: z.optional(z.object({ fontColor: z.optional(Colour), backgroundColor: z.optional(Colour) })),
  landing: z.optional(
    z.object({ fontColor: z.optional(Colour), backgroundColor: z.optional(Colour), layout: z.optional(z.string()) }),
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
