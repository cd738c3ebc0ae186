import { describe, expect, it } from 'vitest'
import { MAX_TEXT_LENGTH, parseShape, typedText } from './shapes'

describe('text typed in place', () => {
  it('makes no shape of empty or blank text', () => {
    expect(typedText('')).toBeNull()
    expect(typedText('   \n\t ')).toBeNull()
    expect(typedText('\u0000\u0007')).toBeNull()
  })

  it('is trimmed, keeps line breaks and leaves out control characters', () => {
    expect(typedText('  Raise hem\n2 cm \u0007 ')).toBe('Raise hem\n2 cm')
  })

  it('is cut to the longest text a shape may hold, counting characters, not UTF-16 units', () => {
    const long = '👗'.repeat(MAX_TEXT_LENGTH + 20)
    const kept = typedText(long)!
    expect([...kept]).toHaveLength(MAX_TEXT_LENGTH)
    const shape = {
      id: 't1',
      kind: 'text',
      colour: '#e03131',
      strokeWidth: 0.005,
      author: 'a',
      created: 1,
      x: 0.1,
      y: 0.1,
      text: kept,
      size: 0.035,
    }
    expect(parseShape(shape)).toMatchObject({ text: kept })
    expect(parseShape({ ...shape, text: long })).toBeNull()
  })
})
