import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  cleanFileName,
  forbiddenTextPath,
  isForbiddenText,
  withoutBidiControls,
  withoutForbiddenText,
} from '#app/platform/text-rule'

// Written out by hand over the whole range the rule is about: U+0000–U+00A0.
const ALLOWED_BELOW_A1 = new Set([0x09, 0x0a, 0x0d, ...Array.from({ length: 0x7f - 0x20 }, (_, i) => 0x20 + i), 0xa0])

describe('the text rule', () => {
  it.each(Array.from({ length: 0xa1 }, (_, code) => code))('U+%s', (code) => {
    const char = String.fromCharCode(code)
    expect(isForbiddenText(`a${char}b`)).toBe(!ALLOWED_BELOW_A1.has(code))
  })

  it('takes every letter, mark, emoji and pair above', () => {
    for (const text of ['Café Señora', 'Blusa Niña', 'e\u0301', '😀', '中文', '\u2028', '\uFEFF', '\uFFFD', '𝔘']) {
      expect(isForbiddenText(text), JSON.stringify(text)).toBe(false)
    }
  })

  it('refuses a surrogate half standing alone, at either end or in the middle', () => {
    for (const text of ['\uD800', '\uDC00', 'a\uD83Db', '\uDE00a', 'a\uD83D']) {
      expect(isForbiddenText(text), JSON.stringify(text)).toBe(true)
    }
  })

  it('strips what it refuses and nothing else', () => {
    expect(withoutForbiddenText('a\u0000b\u0007c\u007fd\u0085e\uD800f\tg\nh\ri😀')).toBe('abcdef\tg\nh\ri😀')
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const clean = withoutForbiddenText(text)
        expect(isForbiddenText(clean)).toBe(false)
        if (!isForbiddenText(text)) expect(clean).toBe(text)
      }),
    )
  })

  it('names the path of the first bad key or string of a parsed value', () => {
    expect(forbiddenTextPath({ a: 'ok', items: [{ name: 'x\u0000' }] })).toBe('items.0.name')
    expect(forbiddenTextPath({ ['k\u0001']: 1 })).toBe('k\u0001')
    expect(forbiddenTextPath('a\u0000')).toBe('body')
    expect(forbiddenTextPath({ name: 'Plissé\tSkirt\n', n: 3, ok: true, none: null })).toBeNull()
    let deep: unknown = 'x\u0000'
    for (let i = 0; i < 100_000; i++) deep = [deep]
    expect(forbiddenTextPath(deep)).toMatch(/^0(\.0)*$/)
  })
})

// Written out by hand: the bidirectional embeddings, overrides and isolates a name loses.
const BIDI_CONTROLS = [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]
const BIDI = /[\u202A-\u202E\u2066-\u2069]/

describe('names of files', () => {
  it.each([
    ...Array.from({ length: 0xa1 }, (_, code) => code),
    ...Array.from({ length: 0x2070 - 0x2000 }, (_, i) => 0x2000 + i),
  ])('U+%s', (code) => {
    const char = String.fromCharCode(code)
    const dropped = code < 0x20 || (code >= 0x7f && code <= 0x9f) || BIDI_CONTROLS.includes(code)
    expect(cleanFileName(`a${char}b.pdf`)).toBe(dropped ? 'ab.pdf' : `a${char}b.pdf`)
    expect(withoutBidiControls(`a${char}b`)).toBe(BIDI_CONTROLS.includes(code) ? 'ab' : `a${char}b`)
  })

  it('keep every other letter, mark and emoji of a name', () => {
    expect(cleanFileName('x\u202Efdp.exe')).toBe('xfdp.exe')
    expect(cleanFileName('a\u0085b.pdf')).toBe('ab.pdf')
    expect(cleanFileName('Café 中文 😀 e\u0301 𝔘 עברית.pdf')).toBe('Café 中文 😀 e\u0301 𝔘 עברית.pdf')
    expect(cleanFileName(String.fromCodePoint(...BIDI_CONTROLS))).toBe('')
  })

  it('drop a lone surrogate half and never join two halves the sender kept apart', () => {
    expect(cleanFileName('a\uD800b\uDC00c')).toBe('abc')
    expect(cleanFileName('\uD83D\u0085\uDE00')).toBe('')
    expect(cleanFileName('\uD83D\u202E\uDE00')).toBe('')
    expect(cleanFileName('\uD83D\uDE00')).toBe('😀')
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (name) => {
        const clean = cleanFileName(name)
        expect(isForbiddenText(clean) || /[\t\n\r]/.test(clean) || BIDI.test(clean)).toBe(false)
        if (!isForbiddenText(name) && !/[\t\n\r]/.test(name) && !BIDI.test(name)) expect(clean).toBe(name)
      }),
    )
  })
})
