import { describe, expect, it } from 'vitest'
import { parseEnv } from '#app/env.server'
import { UNNAMED_FILE, authorizeUpload, uploadName, webPath } from './files.server'
import type { Actor } from '#app/platform/access/actor'
import { registerFeatureModels } from '#app/features/models.server'

// The purposes an upload may name are registered by their features at start.
registerFeatureModels()

const env = parseEnv({ NODE_ENV: 'test', UPLOAD_IMAGE_MAX_BYTES: '1000', UPLOAD_MAX_BYTES: '5000' })
const actor = (type: 'owner' | 'editor' | 'read') =>
  ({ key: 'a1', grants: [{ model: 'Brand', model_id: 'brand1', type }] }) as unknown as Actor

describe('uploadName', () => {
  it('keeps the name of the file, without its folders or control characters', () => {
    expect(uploadName('SN100_SKU1_front.jpg')).toBe('SN100_SKU1_front.jpg')
    expect(uploadName('C:\\Users\\me\\Pictures\\look.png')).toBe('look.png')
    expect(uploadName('../../etc/passwd')).toBe('passwd')
    expect(uploadName('bad\u0000name\n.jpg')).toBe('badname.jpg')
  })

  it('drops C1 controls, bidirectional controls and lone surrogate halves, and names a file left with none', () => {
    expect(uploadName('x\u202Efdp.exe')).toBe('xfdp.exe')
    expect(uploadName('a\u0085b.pdf')).toBe('ab.pdf')
    expect(uploadName('\u2066report\u2069\uD800.pdf')).toBe('report.pdf')
    expect(uploadName('\u202E\u0085')).toBe(UNNAMED_FILE)
  })

  it('refuses no name, an empty one and a very long one', () => {
    for (const name of [undefined, '', '   ', 'folder/', 'x'.repeat(256)]) {
      expect(() => uploadName(name)).toThrow(/filename/)
    }
  })
})

describe('authorizeUpload', () => {
  it('lets an editor upload product photos within the image limit', () => {
    expect(
      authorizeUpload({ env }, actor('editor'), { brand: 'brand1', purpose: 'listing-media', size: 1000 }),
    ).toEqual({ brandKey: 'brand1', purpose: 'listing-media', maxBytes: 1000 })
  })

  it('answers 413 past the purpose’s limit, and refuses an empty file', () => {
    expect(() =>
      authorizeUpload({ env }, actor('editor'), { brand: 'brand1', purpose: 'listing-media', size: 1001 }),
    ).toThrow(expect.objectContaining({ status: 413 }))
    expect(
      authorizeUpload({ env }, actor('editor'), { brand: 'brand1', purpose: 'chat-attachment', size: 5000 }).maxBytes,
    ).toBe(5000)
    expect(() =>
      authorizeUpload({ env }, actor('editor'), { brand: 'brand1', purpose: 'listing-media', size: 0 }),
    ).toThrow(/empty/)
  })

  it('refuses a read member (403), an outsider (404), and unknown purposes or brands (400)', () => {
    const request = { brand: 'brand1', purpose: 'listing-media' }
    expect(() => authorizeUpload({ env }, actor('read'), request)).toThrow(expect.objectContaining({ status: 403 }))
    expect(() => authorizeUpload({ env }, actor('owner'), { ...request, brand: 'brand2' })).toThrow(
      expect.objectContaining({ status: 404 }),
    )
    expect(() => authorizeUpload({ env }, actor('owner'), { ...request, purpose: 'avatar' })).toThrow(
      expect.objectContaining({ status: 400 }),
    )
    expect(() => authorizeUpload({ env }, actor('owner'), { ...request, brand: '../x' })).toThrow(
      expect.objectContaining({ status: 400 }),
    )
    // A read member may send chat attachments: chatting is open to every member.
    expect(authorizeUpload({ env }, actor('read'), { ...request, purpose: 'chat-attachment' }).brandKey).toBe('brand1')
  })
})

describe('webPath', () => {
  it('names the web size beside the original', () => {
    expect(webPath('brands/b/files/k.jpg')).toBe('brands/b/files/k_1600.jpg')
  })
})
