// A product photo's file name is at most 200 characters, its extension included: 200 taken,
// 201 refused with "File names are at most 200 characters.", in any letters.
import { describe, expect, it } from 'vitest'
import { MAX_MEDIA_NAME_LENGTH, mediaNameError } from './media-names'

const named = (length: number, letter = 'x') => `${letter.repeat(length - 4)}.jpg`

describe('the length of a photo file name at its exact bound', () => {
  it('is 200 characters', () => {
    expect(MAX_MEDIA_NAME_LENGTH).toBe(200)
  })

  it('takes a name of 200 characters with its extension and refuses 201', () => {
    expect(named(200)).toHaveLength(200)
    expect(mediaNameError(named(200))).toBeNull()
    expect(mediaNameError(named(201))).toBe('File names are at most 200 characters.')
  })

  it('counts the extension and accented letters like any other', () => {
    expect(mediaNameError(named(200, 'é'))).toBeNull()
    expect(mediaNameError(named(201, 'é'))).toBe('File names are at most 200 characters.')
    expect(mediaNameError(`${'x'.repeat(196)}.jpeg`)).toBe('File names are at most 200 characters.')
    expect(mediaNameError(`${'x'.repeat(195)}.jpeg`)).toBeNull()
  })
})
