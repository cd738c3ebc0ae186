import { describe, expect, it } from 'vitest'
import { hasSignature, sniffType } from './file-type'

const bytes = (...values: (number | string)[]) =>
  Uint8Array.from(values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])))

describe('sniffType', () => {
  it.each([
    [bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 'JFIF'), 'image/jpeg'],
    [bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d), 'image/png'],
    [bytes('GIF89a', 1, 0, 1, 0), 'image/gif'],
    [bytes('RIFF', 0x24, 0, 0, 0, 'WEBPVP8 '), 'image/webp'],
  ])('tells %s apart', (head, type) => {
    expect(sniffType(head)).toBe(type)
  })

  it.each([
    ['text that claims to be an image', bytes('<svg xmlns="http')],
    ['a PNG signature cut short', bytes(0x89, 'PNG')],
    ['RIFF audio', bytes('RIFF', 0, 0, 0, 0, 'WAVEfmt ')],
    ['nothing', bytes()],
  ])('knows no type for %s', (_what, head) => {
    expect(sniffType(head)).toBeNull()
  })

  it('knows which types it can check', () => {
    expect(hasSignature('image/png')).toBe(true)
    expect(hasSignature('text/csv')).toBe(false)
  })
})
