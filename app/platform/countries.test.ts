import { describe, expect, it } from 'vitest'
import { COUNTRIES, countryCode, countryName, findCountry } from '#app/platform/countries'

describe('country list', () => {
  it('holds about 249 countries with name, alpha-3 and numeric code', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(245)
    expect(COUNTRIES.length).toBeLessThanOrEqual(255)
    for (const country of COUNTRIES) {
      expect(country.name).not.toBe('')
      expect(country.alpha3).toMatch(/^[A-Z]{3}$/)
      expect(country.numeric).toMatch(/^[0-9]{3}$/)
    }
    expect(new Set(COUNTRIES.map((c) => c.alpha3)).size).toBe(COUNTRIES.length)
  })

  it('is sorted by name', () => {
    const names = COUNTRIES.map((c) => c.name)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')))
  })

  it('finds a country by code, name or alias, whatever the case', () => {
    expect(findCountry('FRA')).toEqual({ name: 'France', alpha3: 'FRA', numeric: '250' })
    expect(countryCode('france')).toBe('FRA')
    expect(countryCode('US')).toBe('USA')
    expect(countryCode('United States')).toBe('USA')
    expect(countryCode('840')).toBe('USA')
    expect(countryCode(' usa ')).toBe('USA')
    expect(countryCode('Atlantis')).toBeUndefined()
    expect(countryCode('')).toBeUndefined()
  })

  it('shows a stored value as its country name, and unknown text as it is', () => {
    expect(countryName('DEU')).toBe('Germany')
    expect(countryName('United States')).toBe('United States of America')
    expect(countryName('Atlantis')).toBe('Atlantis')
    expect(countryName(null)).toBe('')
  })
})
