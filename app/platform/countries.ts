// The country list of access.md §3 (name, alpha-3 and numeric code, about 249 entries), used by
// the personal profile and the company profile's Headquarters. Values are stored as the alpha-3
// code; earlier free-text values (a name, an alias or an alpha-2 code) are still recognised, so
// existing data reads back as a country (docs/decisions/021-settings-and-profile.md).
import countryCodes from 'i18n-iso-countries'
import english from 'i18n-iso-countries/langs/en.json'

countryCodes.registerLocale(english)

export interface Country {
  name: string
  alpha3: string
  numeric: string
}

const officialNames = countryCodes.getNames('en', { select: 'official' })
const aliasNames = countryCodes.getNames('en', { select: 'alias' })

/** Every country, sorted by name for the select. */
export const COUNTRIES: readonly Country[] = Object.entries(officialNames)
  .map(([alpha2, name]) => ({
    name,
    alpha3: countryCodes.alpha2ToAlpha3(alpha2) ?? '',
    numeric: countryCodes.alpha2ToNumeric(alpha2) ?? '',
  }))
  .filter((country) => country.alpha3 !== '')
  .sort((a, b) => a.name.localeCompare(b.name, 'en'))

const byLookup = new Map<string, Country>()
for (const country of COUNTRIES) {
  byLookup.set(country.alpha3.toLowerCase(), country)
  byLookup.set(country.numeric, country)
  byLookup.set(country.name.toLowerCase(), country)
}
for (const [alpha2, alias] of Object.entries(aliasNames)) {
  const country = byLookup.get((countryCodes.alpha2ToAlpha3(alpha2) ?? '').toLowerCase())
  if (!country) continue
  byLookup.set(alpha2.toLowerCase(), country)
  byLookup.set(alias.toLowerCase(), country)
}

/** The country a stored or typed value names: alpha-3, alpha-2, numeric code, name or alias. */
export function findCountry(value: string | null | undefined): Country | undefined {
  if (!value) return undefined
  return byLookup.get(value.trim().toLowerCase())
}

/** The alpha-3 code for a value, or undefined when it names no country. */
export function countryCode(value: string | null | undefined): string | undefined {
  return findCountry(value)?.alpha3
}

/** What to show for a stored value: the country's name, or the stored text when it names none. */
export function countryName(value: string | null | undefined): string {
  return findCountry(value)?.name ?? value ?? ''
}
