import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { parseForm } from '#app/platform/forms'
import { NAME_MESSAGES } from '#app/platform/name-rule'
import {
  CollectionCreateSchema,
  CollectionFormSchema,
  INVALID_COLLECTION_NAME,
  INVALID_LINE_NAME,
  LineFormSchema,
  SEASONS,
  seasonLabel,
} from './schemas'

const form = (fields: Record<string, string>) => new URLSearchParams(fields)

/** The field errors of a refused form (none for an accepted one). */
function errorsOf(submission: ReturnType<typeof parseForm>) {
  return submission.status === 'success' ? undefined : submission.error
}

describe('the collection form', () => {
  it.each(['2000', '2026', '2100'])('accepts the year %s', (year) => {
    const submission = parseForm(form({ name: 'Resort', season: 'resort', year }), CollectionFormSchema)
    expect(submission.status).toBe('success')
    expect(submission.status === 'success' && submission.value.year).toBe(Number(year))
  })

  it.each(['1999', '2101', '2026.5', '20x6', '-2026'])('refuses the year %s with the range message', (year) => {
    const submission = parseForm(form({ name: 'Resort', season: 'resort', year }), CollectionFormSchema)
    expect(errorsOf(submission)?.year).toEqual(['Year must be a whole number from 2000 to 2100.'])
  })

  it('requires name, season and year with their messages', () => {
    const submission = parseForm(form({ name: '  ' }), CollectionFormSchema)
    expect(errorsOf(submission)).toMatchObject({
      name: ['Collection Name is required.'],
      season: ['Season is required.'],
      year: ['Year is required.'],
    })
  })

  it('takes only the four seasons of the spec, with their labels', () => {
    expect(SEASONS.map((season) => [season.value, season.label])).toEqual([
      ['spring_summer', 'Spring/Summer'],
      ['fall_winter', 'Fall/Winter'],
      ['prefall', 'Prefall'],
      ['resort', 'Resort'],
    ])
    expect(seasonLabel('fall_winter')).toBe('Fall/Winter')
    const refused = z.safeParse(CollectionCreateSchema, { name: 'A', season: 'winter', year: 2026, brand: 'b' })
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([
      'Season must be one of Spring/Summer, Fall/Winter, Prefall, Resort.',
    ])
    // A form field that names no season says the same; an empty one is "required".
    expect(errorsOf(parseForm(form({ name: 'A', season: 'summer', year: '2026' }), CollectionFormSchema))).toEqual({
      season: ['Season must be one of Spring/Summer, Fall/Winter, Prefall, Resort.'],
    })
    expect(errorsOf(parseForm(form({ name: 'A', season: '', year: '2026' }), CollectionFormSchema))).toEqual({
      season: ['Season is required.'],
    })
  })
})

describe('the line form', () => {
  it('requires a name of at most 100 characters; the description is optional', () => {
    expect(errorsOf(parseForm(form({ name: '' }), LineFormSchema))?.name).toEqual(['Line name is required.'])
    expect(errorsOf(parseForm(form({ name: 'x'.repeat(101) }), LineFormSchema))?.name).toEqual([
      'Line name must be at most 100 characters.',
    ])
    expect(parseForm(form({ name: 'Evening' }), LineFormSchema).status).toBe('success')
  })
})

describe('line and collection names as brands write them (decision 175)', () => {
  const collection = (name: string) => form({ name, season: 'resort', year: '2026' })

  it.each(["Men's Essentials", 'Après-Ski & Co', 'Été 2026 (Capsule)', 'ライン 1'])('takes %j', (name) => {
    expect(parseForm(form({ name }), LineFormSchema).status).toBe('success')
    expect(parseForm(collection(name), CollectionFormSchema).status).toBe('success')
  })

  it('stores a name written with combining marks composed', () => {
    const line = parseForm(form({ name: 'Cafe\u0301' }), LineFormSchema)
    expect(line.status === 'success' && line.value.name).toBe('Caf\u00e9')
  })

  it.each([
    ['Summer 🌞', NAME_MESSAGES.emoji],
    ['<script>', NAME_MESSAGES.markup],
    ['Line\u200B1', NAME_MESSAGES.control],
    ['Line @ Home', NAME_MESSAGES.sign('@')],
  ])('refuses %j, saying what it refused', (name, refusal) => {
    expect(errorsOf(parseForm(form({ name }), LineFormSchema))?.name).toEqual([`${INVALID_LINE_NAME} ${refusal}`])
    expect(errorsOf(parseForm(collection(name), CollectionFormSchema))?.name).toEqual([
      `${INVALID_COLLECTION_NAME} ${refusal}`,
    ])
  })
})
