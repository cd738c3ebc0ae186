// A country field: any value the country list knows (alpha-3, alpha-2, numeric code, name or
// alias), stored as the alpha-3 code (docs/decisions/021-settings-and-profile.md).
import * as z from 'zod/mini'
import { countryCode } from '#app/platform/countries'

export const COUNTRY_MESSAGE = 'Select a country from the list.'

export const CountrySchema = z.pipe(
  z.string({ error: COUNTRY_MESSAGE }).check(
    z.maxLength(100, { error: COUNTRY_MESSAGE, abort: true }),
    z.refine((value) => countryCode(value) !== undefined, { error: COUNTRY_MESSAGE }),
  ),
  z.transform((value) => countryCode(value)!),
)
