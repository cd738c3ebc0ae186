import { describe, expect, it } from 'vitest'
import {
  HEX_COLOUR_MESSAGE,
  RGB_COLOUR_MESSAGE,
  hexToRgb,
  parseChannel,
  parseHex,
  parseRgb,
  resolveColour,
  rgbToHex,
} from './colour'

describe('hex field', () => {
  it('accepts a value once it is 7 characters long', () => {
    expect(parseHex('#1a2b3')).toBeNull()
    expect(parseHex('#1A2B3C')).toBe('#1a2b3c')
    expect(parseHex(' #1a2b3c ')).toBe('#1a2b3c')
    expect(parseHex('#1a2b3c4')).toBeNull()
    expect(parseHex('1a2b3c4')).toBeNull()
    expect(parseHex('#gggggg')).toBeNull()
  })
})

describe('RGB fields', () => {
  it('take up to 3 digits from 0 to 255', () => {
    expect(parseChannel('0')).toBe(0)
    expect(parseChannel('255')).toBe(255)
    expect(parseChannel('256')).toBeNull()
    expect(parseChannel('0255')).toBeNull()
    expect(parseChannel('-1')).toBeNull()
    expect(parseChannel('12.5')).toBeNull()
    expect(parseChannel('')).toBeNull()
  })

  it('convert to and from hex', () => {
    expect(parseRgb('255', '0', '16')).toBe('#ff0010')
    expect(parseRgb('255', '', '16')).toBeNull()
    expect(rgbToHex({ r: 1, g: 2, b: 3 })).toBe('#010203')
    expect(hexToRgb('#ff0010')).toEqual({ r: 255, g: 0, b: 16 })
  })
})

describe('which colour a submitted picker means', () => {
  const current = '#000000'
  const untouched = { current, hex: '#000000', r: '0', g: '0', b: '0', picker: '#000000' }

  it('keeps the current colour when nothing changed', () => {
    expect(resolveColour(untouched)).toEqual({ ok: true, value: '#000000' })
  })

  it('takes the hex field when it changed', () => {
    expect(resolveColour({ ...untouched, hex: '#AABBCC' })).toEqual({ ok: true, value: '#aabbcc' })
  })

  it('takes the RGB fields when only they changed', () => {
    expect(resolveColour({ ...untouched, r: '255', g: '255', b: '255' })).toEqual({ ok: true, value: '#ffffff' })
  })

  it('takes the native picker when only it changed', () => {
    expect(resolveColour({ ...untouched, picker: '#123456' })).toEqual({ ok: true, value: '#123456' })
  })

  it('prefers hex over RGB over the picker when several changed', () => {
    expect(resolveColour({ current, hex: '#111111', r: '34', g: '34', b: '34', picker: '#333333' })).toEqual({
      ok: true,
      value: '#111111',
    })
    expect(resolveColour({ current, hex: '#000000', r: '34', g: '34', b: '34', picker: '#333333' })).toEqual({
      ok: true,
      value: '#222222',
    })
  })

  it('refuses a changed field that is not a colour', () => {
    expect(resolveColour({ ...untouched, hex: '#12' })).toEqual({ ok: false, message: HEX_COLOUR_MESSAGE })
    expect(resolveColour({ ...untouched, r: '300' })).toEqual({ ok: false, message: RGB_COLOUR_MESSAGE })
  })
})
