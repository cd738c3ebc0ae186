// How the review page shows a virtual sample's file (atelier.md §9 File families): glTF (.glb,
// .gltf) in the 3D viewer, the other 3D formats (the model family, zprj, obj, fbx) as a card to
// download, everything else as before (picture, video or "can't be previewed"). Pure.
import { SAMPLE_FAMILIES } from '#app/features/atelier'
import { STYLE_FILE_FORMATS, extensionOf } from '#app/features/atelier'

/** The extensions a sample may have: the file pickers' filter and the refusal by name. */
export const SAMPLE_EXTENSIONS: readonly string[] = Object.entries(STYLE_FILE_FORMATS)
  .filter(([, format]) => SAMPLE_FAMILIES.includes(format.family))
  .map(([extension]) => extension)

/** The families of §9 that hold 3D work: models and materials, CLO projects, OBJ and FBX. */
export const THREE_D_FAMILIES: readonly string[] = ['model', 'zprj', 'obj', 'fbx']

/** The formats the browser's 3D viewer opens. */
const VIEWER_TYPES: readonly string[] = ['model/gltf-binary', 'model/gltf+json']

/** What each 3D format is called on the download card. */
const FORMAT_NAMES: Record<string, string> = {
  glb: 'glTF binary',
  gltf: 'glTF',
  obj: 'Wavefront OBJ',
  fbx: 'Autodesk FBX',
  zprj: 'CLO project',
  zpac: 'CLO package',
  zfab: 'CLO fabric',
  sbs: 'Substance source',
  sbsar: 'Substance archive',
  xtex: 'xTex material',
  u3m: 'U3M material',
}

export interface SampleFormat {
  /** 'viewer': the page shows the model in 3D; 'download': a card to download it. */
  show: 'viewer' | 'download'
  /** The format's extension without the dot, lower case ('' when neither type nor name tells). */
  extension: string
  /** "glTF binary (.glb)". */
  label: string
}

/**
 * How a 3D sample shows, or null when the sample is not a 3D file. The stored content type decides
 * (a sample renamed without its extension still opens); the name only when there is no type.
 */
export function sampleFormat(sample: { name: string; type: string; content_type: string | null }): SampleFormat | null {
  if (!THREE_D_FAMILIES.includes(sample.type)) return null
  const byName = extensionOf(sample.name)
  // Several extensions may share a type (none do among 3D formats yet); the name's wins when it is one of them.
  const byType =
    sample.content_type && STYLE_FILE_FORMATS[byName]?.type !== sample.content_type
      ? (Object.entries(STYLE_FILE_FORMATS).find(([, format]) => format.type === sample.content_type)?.[0] ?? null)
      : null
  const extension = byType ?? byName
  const viewer = sample.content_type ? VIEWER_TYPES.includes(sample.content_type) : ['glb', 'gltf'].includes(byName)
  const name = FORMAT_NAMES[extension]
  return {
    show: viewer ? 'viewer' : 'download',
    extension,
    label: name ? `${name} (.${extension})` : extension ? `.${extension} file` : '3D file',
  }
}
