import { describe, expect, it } from 'vitest'
import { badgeOf, isAcceptedMedia, mediaBatchFailure, progressLabel } from './media-upload-texts'

describe('the media upload page in the browser', () => {
  it('accepts the four image types, and by extension only when the browser gives no type', () => {
    expect(isAcceptedMedia({ name: 'a.jpg', type: 'image/jpeg' })).toBe(true)
    expect(isAcceptedMedia({ name: 'a.webp', type: 'image/webp' })).toBe(true)
    expect(isAcceptedMedia({ name: 'a.png', type: 'image/png' })).toBe(true)
    expect(isAcceptedMedia({ name: 'a.gif', type: 'image/gif' })).toBe(false)
    expect(isAcceptedMedia({ name: 'a.jpg', type: 'text/html' })).toBe(false)
    expect(isAcceptedMedia({ name: 'a.JPEG', type: '' })).toBe(true)
    expect(isAcceptedMedia({ name: 'a.pdf', type: '' })).toBe(false)
  })

  it('names statuses and progress as the list shows them', () => {
    expect(badgeOf('quarantined')).toBe('refused')
    expect(badgeOf('scanning')).toBe('being scanned')
    expect(badgeOf('reserved')).toBe('waiting')
    expect(progressLabel(-1)).toBe('Waiting')
    expect(progressLabel(41.6)).toBe('42%')
  })

  it('words a failed batch as §8 says', () => {
    expect(mediaBatchFailure('UnexpectedError', 'cs@x.test')).toBe(
      'Unexpected API error. If this error persists, please reach out to our Client Services Department by email at: cs@x.test',
    )
    expect(mediaBatchFailure('ValidationError')).toBe(
      'Please ensure all files have supported file extensions PNG, JPG, or GIF.',
    )
  })
})
