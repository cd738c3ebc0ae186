// Line and collection forms and payloads, shared by the browser (Conform) and the server (pages
// and the JSON API). catalogue.md §5: line and brand require a name; a collection requires season
// and year. Lengths and the year range are decided in docs/decisions/063.
import * as z from 'zod/mini'
import { LIMITS, maxText, optionalText, productName, requiredText } from '#app/platform/common-schemas'

export const SEASONS = [
  { value: 'spring_summer', label: 'Spring/Summer' },
  { value: 'fall_winter', label: 'Fall/Winter' },
  { value: 'prefall', label: 'Prefall' },
  { value: 'resort', label: 'Resort' },
] as const
export type Season = (typeof SEASONS)[number]['value']
const SEASON_VALUES = SEASONS.map((season) => season.value) as [Season, ...Season[]]

export function seasonLabel(value: string): string {
  return SEASONS.find((season) => season.value === value)?.label ?? value
}

/** Collections name a year from 2000 to 2100 (docs/decisions/063). */
export const YEAR_MIN = 2000
export const YEAR_MAX = 2100

export const LINE_NAME_REQUIRED = 'Line name is required.'
export const COLLECTION_NAME_REQUIRED = 'Collection Name is required.'
export const SEASON_REQUIRED = 'Season is required.'
export const SEASON_INVALID = `Season must be one of ${SEASONS.map((season) => season.label).join(', ')}.`
export const YEAR_REQUIRED = 'Year is required.'
export const YEAR_RANGE = `Year must be a whole number from ${YEAR_MIN} to ${YEAR_MAX}.`

// Names as brands write them (docs/decisions/175); the spec gives no message for a refused one.
export const INVALID_LINE_NAME = 'Invalid Line name.'
export const INVALID_COLLECTION_NAME = 'Invalid Collection Name.'
const lineName = requiredText(LINE_NAME_REQUIRED).check(
  maxText('Line name', LIMITS.name),
  z.normalize('NFC'),
  productName(INVALID_LINE_NAME),
)
const description = optionalText('Description', LIMITS.description)

/** Create or update a line (its brand comes from the page or the payload). */
export const LineFormSchema = z.object({ name: lineName, description })
export type LineForm = z.output<typeof LineFormSchema>

/** A year from a form field (text) or a JSON number. */
const year = z.pipe(
  z.union([z.number(), z.string().check(z.trim())], { error: YEAR_REQUIRED }),
  z.transform((value, ctx) => {
    const parsed = typeof value === 'number' ? value : /^[0-9]{1,6}$/.test(value) ? Number(value) : Number.NaN
    if (typeof value === 'string' && value === '') {
      ctx.issues.push({ code: 'custom', message: YEAR_REQUIRED, input: value })
      return z.NEVER
    }
    if (!Number.isInteger(parsed) || parsed < YEAR_MIN || parsed > YEAR_MAX) {
      ctx.issues.push({ code: 'custom', message: YEAR_RANGE, input: value })
      return z.NEVER
    }
    return parsed
  }),
)

const collectionFields = {
  name: requiredText(COLLECTION_NAME_REQUIRED).check(
    maxText('Collection Name', LIMITS.name),
    z.normalize('NFC'),
    productName(INVALID_COLLECTION_NAME),
  ),
  // Missing is "required" (the spec's text); a value that is no season says which ones there are.
  season: z.enum(SEASON_VALUES, {
    error: (issue) => (issue.input === undefined || issue.input === '' ? SEASON_REQUIRED : SEASON_INVALID),
  }),
  year,
  /** Optional: a collection without a line hangs off the brand. */
  line: z.optional(z.string().check(z.trim(), maxText('line', LIMITS.key))),
}

export const CollectionFormSchema = z.object(collectionFields)
export type CollectionForm = z.output<typeof CollectionFormSchema>

/** JSON API payloads: the brand rides along (catalogue.md §7). */
const brandField = requiredText('Brand is required.').check(maxText('brand', LIMITS.key))
export const LineCreateSchema = z.object({ name: lineName, description, brand: brandField })
export const LineUpdateSchema = z.object({
  name: z.optional(lineName),
  description,
  brand: z.optional(brandField),
})
export const CollectionCreateSchema = z.object({ ...collectionFields, brand: brandField })
export const CollectionUpdateSchema = z.object({
  name: z.optional(collectionFields.name),
  season: z.optional(collectionFields.season),
  year: z.optional(year),
  /** null or '' takes the collection out of its line. */
  line: z.optional(z.nullable(z.string().check(z.trim(), maxText('line', LIMITS.key)))),
  brand: z.optional(brandField),
})
