import { describe, expect, it } from 'vitest'
import { PIN_PREVIEW_LENGTH, previewText } from './pin-preview'

describe('the first comment on a pin’s hover card', () => {
  it('is shown whole when short, on one line', () => {
    expect(previewText('Lower the collar\n\nstand 2 mm  here')).toBe('Lower the collar stand 2 mm here')
  })

  it('is cut near 140 characters at a word’s end, with an ellipsis', () => {
    const text = 'Take in the side seam a little more. '.repeat(10)
    const short = previewText(text)
    expect([...short].length).toBeLessThanOrEqual(PIN_PREVIEW_LENGTH)
    expect([...short].length).toBeGreaterThan(PIN_PREVIEW_LENGTH * 0.7)
    expect(short.endsWith('…')).toBe(true)
    expect(text.startsWith(short.slice(0, -1))).toBe(true)
    expect(short.slice(-2, -1)).not.toBe(' ')
  })

  it('cuts a long word rather than losing most of the room', () => {
    const short = previewText('x'.repeat(400))
    expect(short).toBe(`${'x'.repeat(PIN_PREVIEW_LENGTH - 1)}…`)
  })
})
