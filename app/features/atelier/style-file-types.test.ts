import { describe, expect, it } from 'vitest'
import { detectStyleFileType, extensionOf, familyOfType, unsupportedFileMessage } from './style-file-types'

const bytes = (text: string) => new TextEncoder().encode(text)
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])
const ZIP = bytes('PK\x03\x04rest-of-an-archive')
const PDF = bytes('%PDF-1.7\n')

describe('detectStyleFileType', () => {
  it('tells formats with a signature by their bytes, whatever the name says', () => {
    expect(detectStyleFileType(PNG, 'front.png')).toBe('image/png')
    expect(detectStyleFileType(PNG, 'front.dxf')).toBe('image/png')
    expect(detectStyleFileType(PDF, 'spec.pdf')).toBe('application/pdf')
    expect(detectStyleFileType(bytes('8BPS\x00\x01'), 'layers.psd')).toBe('image/vnd.adobe.photoshop')
    expect(detectStyleFileType(bytes('glTF\x02\x00\x00\x00'), 'coat.glb')).toBe('model/gltf-binary')
  })

  it('names container formats by their extension (.docx is a zip, .ai a PDF)', () => {
    expect(detectStyleFileType(ZIP, 'spec.docx')).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    )
    expect(detectStyleFileType(ZIP, 'avatar.u3m')).toBe('application/x-u3m')
    expect(detectStyleFileType(ZIP, 'bundle.zip')).toBe('application/zip')
    expect(detectStyleFileType(PDF, 'logo.ai')).toBe('application/illustrator')
  })

  it('tells text formats without a signature by their extension, and only when they are text', () => {
    const dxf = bytes('  0\nSECTION\n  2\nHEADER\n')
    expect(detectStyleFileType(dxf, 'block.DXF')).toBe('image/vnd.dxf')
    expect(detectStyleFileType(bytes('RUL 1.0\n'), 'grading.rul')).toBe('application/x-rul')
    expect(detectStyleFileType(bytes('v 0 0 0\n'), 'coat.obj')).toBe('model/obj')
    expect(detectStyleFileType(new Uint8Array([0x4d, 0x5a, 0x00, 0x01]), 'block.dxf')).toBeNull()
    expect(detectStyleFileType(dxf, 'block.exe')).toBeNull()
    expect(detectStyleFileType(dxf, 'noextension')).toBeNull()
  })

  it('takes markup only for XML formats (SVG, Substance), never as a page', () => {
    const svg = bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>')
    expect(detectStyleFileType(svg, 'logo.svg')).toBe('image/svg+xml')
    expect(detectStyleFileType(bytes('<html><script>alert(1)</script>'), 'block.dxf')).toBeNull()
    expect(detectStyleFileType(bytes('<html>'), 'page.html')).toBeNull()
  })

  it('refuses a known signature the atelier does not take and an image that is not one', () => {
    expect(detectStyleFileType(bytes('hello'), 'front.png')).toBeNull()
  })
})

describe('families', () => {
  it('names the family of a stored type, preferring the extension where types are shared', () => {
    expect(familyOfType('image/vnd.dxf', 'block.dxf')).toBe('pattern')
    expect(familyOfType('application/x-rul', 'g.rul')).toBe('grading')
    expect(familyOfType('image/jpeg')).toBe('image')
    expect(familyOfType('application/zip', 'a.zip')).toBe('archive')
    expect(familyOfType('application/x-unknown')).toBe('file')
    expect(extensionOf('a/b/Front.Sketch.DXF')).toBe('dxf')
    expect(unsupportedFileMessage('virus.exe')).toBe('virus.exe is not a supported file type')
  })
})

describe('binary forms of text formats', () => {
  it('are stored under the format’s own type', () => {
    expect(detectStyleFileType(bytes('AutoCAD Binary DXF\r\n\x1a\x00'), 'block.dxf')).toBe('image/vnd.dxf')
    expect(detectStyleFileType(bytes('Kaydara FBX Binary  \x00'), 'coat.fbx')).toBe('application/x-fbx')
    expect(detectStyleFileType(bytes('Kaydara FBX Binary  \x00'), 'coat.dxf')).toBeNull()
  })
})
