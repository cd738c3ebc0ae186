// The rules of a material (atelier.md §2 Materials step, §3 Material, §5, §8), shared by the
// service, the JSON API and the pages: its types, field limits, and how its colours are read from
// the API's JSON string or from the form's fields per side.
import { HEX_MESSAGE, PANTONE_MESSAGE, normalizeHex, normalizePantone, pantoneSwatch } from './pantone'

export const MATERIAL_TYPES = [
  { key: 'fabric', title: 'Fabric' },
  { key: 'trim', title: 'Trim' },
  { key: 'hardware', title: 'Hardware' },
  { key: 'branding', title: 'Branding' },
] as const

export type MaterialTypeKey = (typeof MATERIAL_TYPES)[number]['key']

export function isMaterialType(value: unknown): value is MaterialTypeKey {
  return typeof value === 'string' && MATERIAL_TYPES.some((type) => type.key === value)
}

export function materialTitle(type: MaterialTypeKey): string {
  return MATERIAL_TYPES.find((candidate) => candidate.key === type)!.title
}

/** §8: what a page shows when saving a material fails. */
export const MATERIAL_ERROR_MESSAGE = 'Error with Material API, please try again or contact support.'
/** §8: the save's success toast. */
export const MATERIAL_SAVED_MESSAGE = 'Change saved successfully'

export const noAdditionalLabel = (type: MaterialTypeKey) => `No additional ${materialTitle(type)}? Click checkmark`
/** §2 empty state of a type's list, "There is no fabric". */
export const emptyTypeText = (type: MaterialTypeKey) => `There is no ${type}`

/** Longest accepted value of each field (docs/decisions/032, 120). */
export const MATERIAL_LIMITS = {
  name: 100,
  use: 200,
  colorway: 100,
  notes: 2000,
  colorCode: 100,
  colorNotes: 200,
  /** Styles one material may name. */
  styles: 200,
} as const

export const MATERIAL_SIDES = ['front', 'back'] as const
export type MaterialSide = (typeof MATERIAL_SIDES)[number]

export interface MaterialColorValue {
  name: MaterialSide
  notes: string
  code: string
  hexcode: string
  pantone: string
}

export type ColorsResult = { ok: true; colors: MaterialColorValue[] } | { ok: false; errors: Record<string, string[]> }

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : value == null ? '' : null)

/**
 * Reads a material's colours: at most one per side, each with an optional code and notes, a hex
 * code as #RRGGBB and a Pantone code. A colour with nothing in it is dropped. A Pantone code with
 * a known swatch fills an empty hex code, so the colour always has the hex that counts. Errors
 * are keyed `colors` or `{side}.{field}` (the form's field names).
 */
export function readColors(input: unknown): ColorsResult {
  let list: unknown = input
  if (typeof input === 'string') {
    if (input.trim() === '') return { ok: true, colors: [] }
    try {
      list = JSON.parse(input)
    } catch {
      return { ok: false, errors: { colors: ['colors: send a JSON list of colours.'] } }
    }
  }
  if (list == null) return { ok: true, colors: [] }
  if (!Array.isArray(list)) return { ok: false, errors: { colors: ['colors: send a JSON list of colours.'] } }
  const errors: Record<string, string[]> = {}
  const add = (key: string, message: string) => (errors[key] ??= []).push(message)
  const colors: MaterialColorValue[] = []
  const seen = new Set<string>()
  if (list.length > MATERIAL_SIDES.length) add('colors', 'colors: one colour per side, front and back.')
  for (const entry of list.slice(0, MATERIAL_SIDES.length)) {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) {
      add('colors', 'colors: each colour is an object with name, code, hexcode, pantone and notes.')
      continue
    }
    const raw = entry as Record<string, unknown>
    const side = raw.name
    if (side !== 'front' && side !== 'back') {
      add('colors', 'colors: a colour is named front or back.')
      continue
    }
    if (seen.has(side)) {
      add('colors', `colors: one colour for the ${side}.`)
      continue
    }
    seen.add(side)
    const code = text(raw.code)
    const notes = text(raw.notes)
    const hex = text(raw.hexcode)
    const pantone = text(raw.pantone)
    if (code === null || notes === null || hex === null || pantone === null) {
      add('colors', 'colors: code, hexcode, pantone and notes are text.')
      continue
    }
    if (code.length > MATERIAL_LIMITS.colorCode) {
      add(`${side}.code`, `Colour name must be at most ${MATERIAL_LIMITS.colorCode} characters.`)
    }
    if (notes.length > MATERIAL_LIMITS.colorNotes) {
      add(`${side}.notes`, `Colour notes must be at most ${MATERIAL_LIMITS.colorNotes} characters.`)
    }
    const hexcode = hex === '' ? '' : normalizeHex(hex)
    if (hexcode === null) add(`${side}.hexcode`, HEX_MESSAGE)
    const pantoneCode = pantone === '' ? '' : normalizePantone(pantone)
    if (pantoneCode === null) add(`${side}.pantone`, PANTONE_MESSAGE)
    if (hexcode === null || pantoneCode === null) continue
    if (!code && !notes && !hexcode && !pantoneCode) continue
    colors.push({
      name: side,
      code,
      notes,
      hexcode: hexcode || pantoneSwatch(pantoneCode) || '',
      pantone: pantoneCode,
    })
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  // Front before back, whatever order they came in.
  colors.sort((a, b) => MATERIAL_SIDES.indexOf(a.name) - MATERIAL_SIDES.indexOf(b.name))
  return { ok: true, colors }
}

/** The form's colour fields (`front.code`, `front.hexcode`, …) as the list readColors takes. */
export function colorsFromForm(form: { get(name: string): unknown }): Record<string, unknown>[] {
  return MATERIAL_SIDES.map((side) => ({
    name: side,
    code: form.get(`${side}.code`) ?? '',
    notes: form.get(`${side}.notes`) ?? '',
    hexcode: form.get(`${side}.hexcode`) ?? '',
    pantone: form.get(`${side}.pantone`) ?? '',
  }))
}
