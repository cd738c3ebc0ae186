import { describe, expect, it } from 'vitest'
import { colorsFromForm, emptyTypeText, isMaterialType, noAdditionalLabel, readColors } from './materials'

describe('material types', () => {
  it('are fabric, trim, hardware and branding, with the spec texts', () => {
    expect(['fabric', 'trim', 'hardware', 'branding'].every(isMaterialType)).toBe(true)
    expect(isMaterialType('leather')).toBe(false)
    expect(noAdditionalLabel('fabric')).toBe('No additional Fabric? Click checkmark')
    expect(emptyTypeText('fabric')).toBe('There is no fabric')
  })
})

describe('readColors', () => {
  it('reads the JSON string of the API, front before back, hex and Pantone normalised', () => {
    const result = readColors(
      JSON.stringify([
        { name: 'back', code: 'Ecru', hexcode: 'f1eee6', pantone: '', notes: '' },
        { name: 'front', code: 'Navy', hexcode: '#0f4c81', pantone: 'pantone 19-4052tcx', notes: 'dyed' },
      ]),
    )
    expect(result).toEqual({
      ok: true,
      colors: [
        { name: 'front', code: 'Navy', notes: 'dyed', hexcode: '#0F4C81', pantone: '19-4052 TCX' },
        { name: 'back', code: 'Ecru', notes: '', hexcode: '#F1EEE6', pantone: '' },
      ],
    })
  })

  it('fills an empty hex code from a known Pantone, and drops an empty side', () => {
    const result = readColors([
      { name: 'front', code: '', hexcode: '', pantone: '185 C', notes: '' },
      { name: 'back', code: '', hexcode: '', pantone: '', notes: '' },
    ])
    expect(result).toEqual({
      ok: true,
      colors: [{ name: 'front', code: '', notes: '', hexcode: '#E4002B', pantone: '185 C' }],
    })
  })

  it('refuses malformed JSON, wrong shapes, unknown sides and repeated sides', () => {
    expect(readColors('[{"name":')).toEqual({ ok: false, errors: { colors: ['colors: send a JSON list of colours.'] } })
    expect(readColors('{"name":"front"}').ok).toBe(false)
    expect(readColors([{ name: 'left', hexcode: '#000000' }]).ok).toBe(false)
    expect(readColors([{ name: 'front' }, { name: 'front' }]).ok).toBe(false)
    expect(readColors([{ name: 'front' }, { name: 'back' }, { name: 'back' }]).ok).toBe(false)
    expect(readColors([{ name: 'front', hexcode: 12 }]).ok).toBe(false)
  })

  it('names the field of a bad hex code, Pantone or over-long name', () => {
    const result = readColors([
      { name: 'front', hexcode: '#fff', pantone: 'navy' },
      { name: 'back', code: 'x'.repeat(101) },
    ])
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(Object.keys(result.errors).sort()).toEqual(['back.code', 'front.hexcode', 'front.pantone'])
    expect(result.errors['front.hexcode']).toEqual(['Enter a hex code as #RRGGBB, such as #0F4C81.'])
  })

  it('reads the form fields per side', () => {
    const form = new URLSearchParams({ 'front.code': 'Navy', 'front.hexcode': '#0F4C81', 'back.pantone': '185 C' })
    expect(readColors(colorsFromForm(form))).toMatchObject({
      ok: true,
      colors: [
        { name: 'front', code: 'Navy', hexcode: '#0F4C81' },
        { name: 'back', hexcode: '#E4002B', pantone: '185 C' },
      ],
    })
  })
})
