import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import {
  formToUpdate,
  INVALID_STYLE_NAME,
  ListingFormSchema,
  ListingUpdateSchema,
  LISTING_MESSAGES,
} from './listing-schemas'
import { NAME_MESSAGES } from '#app/platform/name-rule'

const messages = (input: unknown) => {
  const result = z.safeParse(ListingUpdateSchema, input)
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
}

describe('the listing edit schema', () => {
  it.each([
    'Linen Shirt',
    'Tee 2',
    'A',
    // French, Spanish, German, Polish, Turkish, Greek, Japanese.
    'Robe Élégante',
    'Plissé Skirt',
    'Café Señora',
    'Blusa Niña',
    'Größe Mantel',
    'Sukienka Łódź Żółta',
    'Gömlek Çiçekli İpek',
    'Φόρεμα Καλοκαίρι',
    'ワンピース 春',
    // Combining marks: e + U+0301, n + U+0303.
    'Cafe\u0301 Sen\u0303ora',
    // The punctuation of names (docs/decisions/175).
    'T-Shirt Classic',
    "Men's Robe",
    "Robe d'été à fleurs",
    'Mens Tee & Co',
    'Boxy-Tee',
    'Tee_2',
    'Tee!',
    'Tee.',
    "O'Neil",
    'Tee/2',
  ])('accepts the style name %j', (name) => {
    expect(messages({ style_name: name })).toEqual([])
  })

  it('stores a name written with combining marks in its composed form', () => {
    expect(z.parse(ListingUpdateSchema, { style_name: ' Cafe\u0301 ' }).style_name).toBe('Caf\u00e9')
  })

  it.each([
    ['Tee😀', NAME_MESSAGES.emoji],
    ['<i>Tee</i>', NAME_MESSAGES.markup],
    ['Tee\u200BRed', NAME_MESSAGES.control],
    ['Tee @ Home', NAME_MESSAGES.sign('@')],
    ['\u0301Tee', NAME_MESSAGES.markFirst],
    ['---', NAME_MESSAGES.noLetter],
  ])('refuses the style name %j with the spec text, then what was refused', (name, refusal) => {
    expect(messages({ style_name: name })).toEqual([`style_name: ${INVALID_STYLE_NAME} ${refusal}`])
  })

  it('refuses a blank style name with the spec text alone', () => {
    expect(messages({ style_name: '   ' })).toEqual([`style_name: ${INVALID_STYLE_NAME}`])
  })

  it('requires the style name on the form, but not on the API', () => {
    expect(z.safeParse(ListingFormSchema, {}).success).toBe(false)
    expect(z.safeParse(ListingUpdateSchema, {}).success).toBe(true)
  })

  it('clears a blank text, keeps a missing one unchanged, and checks codes', () => {
    const value = z.parse(ListingUpdateSchema, { sku: '  ', materials: 'Linen', upc: null })
    expect(value).toEqual({ sku: null, materials: 'Linen', upc: null })
    expect(messages({ sku: 'AB<1>' })).toEqual([`sku: ${LISTING_MESSAGES.sku}`])
    expect(messages({ upc: '1234567' })).toEqual([`upc: ${LISTING_MESSAGES.upc}`])
    expect(messages({ upc: '012345678905' })).toEqual([])
    expect(messages({ color_hex: '#12345' })).toEqual([`color_hex: ${LISTING_MESSAGES.colourHex}`])
  })

  it('reads units from text or a number, as a whole number within the limit', () => {
    expect(z.parse(ListingUpdateSchema, { units: '12' }).units).toBe(12)
    expect(z.parse(ListingUpdateSchema, { units: 0 }).units).toBe(0)
    expect(z.parse(ListingUpdateSchema, { units: '' }).units).toBeNull()
    for (const units of ['1.5', '-1', 'ten', 1_000_001]) {
      expect(messages({ units })).toEqual([`units: ${LISTING_MESSAGES.units}`])
    }
  })

  it('takes categories comma-joined or as a list, without blanks or duplicates, at most 50', () => {
    expect(z.parse(ListingUpdateSchema, { categories: 'a, b,,a' }).categories).toEqual(['a', 'b'])
    expect(z.parse(ListingUpdateSchema, { categories: ['c', 'd'] }).categories).toEqual(['c', 'd'])
    const many = Array.from({ length: 51 }, (_, i) => `k${i}`).join(',')
    expect(messages({ categories: many })).toEqual([`categories: ${LISTING_MESSAGES.categories}`])
  })

  it('turns fields missing from the form into cleared values', () => {
    const form = z.parse(ListingFormSchema, { style_name: 'Tee', sku: 'T-1' })
    expect(formToUpdate(form)).toMatchObject({ style_name: 'Tee', sku: 'T-1', upc: null, units: null, categories: [] })
  })
})
