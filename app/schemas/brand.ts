// Brand forms and payloads, shared by the browser (Conform) and the server. Messages are the
// spec's wording (access.md §5 "Company profile", "Contact admin"; catalogue.md §5).
import { z } from 'zod'

export const REQUIRED = 'This field is required.'
const ALPHANUMERIC = /^[A-Za-z0-9_\- ]+$/
const DIGITS = /^[0-9]+$/
const ZIP = /^(?=.*[A-Za-z0-9])[A-Za-z0-9 _]+$/

const required = (message = REQUIRED) => z.string({ error: message }).trim().min(1, { error: message, abort: true })
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => value ?? '')

export const BrandNameSchema = z.object({
  name: required('Brand name is required.').max(120, 'Brand name is too long.'),
})

export const CompanyProfileSchema = z.object({
  name: required().regex(ALPHANUMERIC, 'Invalid Profile Name. Alphanumeric characters expected.'),
  legal_name: required().regex(ALPHANUMERIC, 'Invalid Legal Name. Alphanumeric characters expected.'),
  year_established: z
    .string()
    .trim()
    .regex(DIGITS, 'Invalid Year Established. Numeric value expected.')
    .optional()
    .transform((value) => value ?? ''),
})

export const HeadquartersSchema = z.object({
  street: required(),
  suite: required(),
  country: required(),
  city: z
    .string()
    .trim()
    .regex(ALPHANUMERIC, 'Invalid city.')
    .optional()
    .transform((v) => v ?? ''),
  state: z
    .string()
    .trim()
    .regex(ALPHANUMERIC, 'Invalid state. Alphanumeric characters expected.')
    .optional()
    .transform((v) => v ?? ''),
  zip: z
    .string()
    .trim()
    .regex(ZIP, 'Invalid zip. Numeric value expected.')
    .optional()
    .transform((v) => v ?? ''),
  phone: optionalText,
  website: optionalText,
})

export const ContactAdminSchema = z.object({
  first: required().regex(ALPHANUMERIC, 'Invalid First Name.'),
  last: required().regex(ALPHANUMERIC, 'Invalid Last Name.'),
  title: required().regex(ALPHANUMERIC, 'Invalid Title. Alphanumeric characters expected.'),
  email: z
    .string()
    .trim()
    .email('Invalid Email.')
    .optional()
    .transform((v) => v ?? ''),
  phone: optionalText,
  department: optionalText,
  language: optionalText,
})

const Colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Invalid colour.')
export const TemplateSchema = z.object({
  login: z.object({ fontColor: Colour.optional(), backgroundColor: Colour.optional() }).optional(),
  landing: z
    .object({ fontColor: Colour.optional(), backgroundColor: Colour.optional(), layout: z.string().optional() })
    .optional(),
})

/** PUT /api/brand/model/{key}: any subset of the brand's editable parts. */
export const BrandUpdateSchema = z
  .object({
    name: CompanyProfileSchema.shape.name.optional(),
    legal_name: CompanyProfileSchema.shape.legal_name.optional(),
    year_established: z.string().trim().regex(DIGITS, 'Invalid Year Established. Numeric value expected.').optional(),
    address: HeadquartersSchema.optional(),
    contact: ContactAdminSchema.optional(),
    template: TemplateSchema.optional(),
  })
  .strict()

export type BrandUpdate = z.infer<typeof BrandUpdateSchema>

/** The three company-profile forms of /brand/{key}/edit, told apart by the `intent` field. */
export const BRAND_FORMS = {
  profile: CompanyProfileSchema,
  headquarters: HeadquartersSchema,
  contact: ContactAdminSchema,
} as const
export type BrandFormIntent = keyof typeof BRAND_FORMS
