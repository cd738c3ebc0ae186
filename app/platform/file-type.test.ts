import { describe, expect, it } from 'vitest'
import { detectType, extensionFor, hasSignature, sniffType } from '#app/platform/file-type'

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

describe('detectType', () => {
  it.each([
    [bytes('%PDF-1.7\n'), 'application/pdf'],
    [bytes('PK', 3, 4, 20, 0, 0, 0, 8, 0), 'application/zip'],
    [bytes(0, 0, 0, 0x20, 'ftypisom', 0, 0, 2, 0), 'video/mp4'],
    [bytes(0, 0, 0, 0x14, 'ftypqt  ', 0, 0, 2, 0), 'video/quicktime'],
    [bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 'IHDR'), 'image/png'],
  ])('tells %s apart by its signature', (head, type) => {
    expect(detectType(head)).toBe(type)
  })

  it.each([
    ['an HTML page', bytes('<!DOCTYPE html><html><body>hi')],
    ['an HTML page after a byte-order mark and blank lines', bytes(0xef, 0xbb, 0xbf, '\n\n  <html>')],
    ['a script', bytes('<script>alert(1)</script>')],
    ['an SVG image', bytes('<svg xmlns="http://www.w3.org/2000/svg">')],
    ['an XML document', bytes('<?xml version="1.0"?><svg>')],
  ])('names %s as markup', (_what, head) => {
    expect(detectType(head)).toBe('text/html')
  })

  it.each([
    ['plain text', bytes('Hello, this is a note')],
    ['random bytes', bytes(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)],
    ['nothing', bytes()],
  ])('knows no type for %s', (_what, head) => {
    expect(detectType(head)).toBeNull()
  })

  it('gives each known type its extension', () => {
    expect(extensionFor('image/jpeg')).toBe('jpg')
    expect(extensionFor('video/quicktime')).toBe('mov')
    expect(extensionFor('text/html')).toBe('bin')
  })
})
