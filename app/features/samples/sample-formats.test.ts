import { describe, expect, it } from 'vitest'
import { sampleFormat } from './sample-formats'
import { STYLE_FILE_FORMATS } from '#app/features/atelier'

const sample = (name: string, type: string, content_type: string | null) => ({ name, type, content_type })

describe('sampleFormat', () => {
  it('opens glTF in the 3D viewer, by its stored type', () => {
    expect(sampleFormat(sample('Dress.glb', 'model', 'model/gltf-binary'))).toEqual({
      show: 'viewer',
      extension: 'glb',
      label: 'glTF binary (.glb)',
    })
    expect(sampleFormat(sample('Dress.gltf', 'model', 'model/gltf+json'))?.show).toBe('viewer')
    // Renamed without its extension, it still opens.
    expect(sampleFormat(sample('Dress final', 'model', 'model/gltf-binary'))).toMatchObject({
      show: 'viewer',
      extension: 'glb',
    })
    // No stored type: the name tells.
    expect(sampleFormat(sample('Dress.GLB', 'model', null))?.show).toBe('viewer')
  })

  it('offers every other 3D format of §9 as a download', () => {
    const others = Object.entries(STYLE_FILE_FORMATS).filter(
      ([extension, format]) =>
        ['model', 'zprj', 'obj', 'fbx'].includes(format.family) && !['glb', 'gltf'].includes(extension),
    )
    expect(others.map(([extension]) => extension).sort()).toEqual(
      ['fbx', 'obj', 'sbs', 'sbsar', 'u3m', 'xtex', 'zfab', 'zpac', 'zprj'].sort(),
    )
    for (const [extension, format] of others) {
      const found = sampleFormat(sample(`Look.${extension}`, format.family, format.type))
      expect(found?.show, extension).toBe('download')
      expect(found?.extension).toBe(extension)
      expect(found?.label).toMatch(new RegExp(`\\(\\.${extension}\\)$`))
    }
    expect(sampleFormat(sample('Look.zprj', 'zprj', 'application/x-clo-zprj'))?.label).toBe('CLO project (.zprj)')
  })

  it('is null for pictures, videos and other files', () => {
    expect(sampleFormat(sample('Front.png', 'image', 'image/png'))).toBeNull()
    expect(sampleFormat(sample('Turn.mp4', 'video', 'video/mp4'))).toBeNull()
    expect(sampleFormat(sample('Spec.pdf', 'pdf', 'application/pdf'))).toBeNull()
  })

  it('names a file it does not know by its extension', () => {
    expect(sampleFormat(sample('Look.v2', 'model', null))).toEqual({
      show: 'download',
      extension: 'v2',
      label: '.v2 file',
    })
    expect(sampleFormat(sample('Look', 'obj', null))?.label).toBe('3D file')
  })
})
