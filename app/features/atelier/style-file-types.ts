// The file families the atelier takes for a style (atelier.md §9 File families) and how an
// upload's type is told: by its bytes where the format has a signature, by its extension where it
// has none (DXF, RUL, OBJ and the 3D formats are plain text or undocumented). Content wins: a PNG
// named .dxf is a PNG. Pure, shared by the file pipeline and the pages (icons, help text).
import { detectType } from '#app/platform/file-type'

export const FILE_FAMILIES = [
  'image',
  'video',
  'spreadsheet',
  'model',
  'zprj',
  'svg',
  'gif',
  'pdf',
  'obj',
  'ai',
  'psd',
  'document',
  'archive',
  'pattern',
  'fbx',
  'grading',
] as const
export type FileFamily = (typeof FILE_FAMILIES)[number]

/**
 * What the bytes of a format may show: types `detectType` names (its signature, or a container
 * format such as zip for .docx), 'text' (no signature, no NUL byte in the first bytes), 'markup'
 * (XML-based formats, which `detectType` names text/html) or 'unknown' (no signature at all).
 * Files that are not images are always served as downloads, so markup never runs as a page.
 */
type Content = string

interface StyleFileFormat {
  family: FileFamily
  /** The type stored for the file. */
  type: string
  content: readonly Content[]
}

const OLE = 'application/x-ole-storage'
const ZIP = 'application/zip'
const PDF = 'application/pdf'

export const STYLE_FILE_FORMATS: Record<string, StyleFileFormat> = {
  jpg: { family: 'image', type: 'image/jpeg', content: ['image/jpeg'] },
  jpeg: { family: 'image', type: 'image/jpeg', content: ['image/jpeg'] },
  png: { family: 'image', type: 'image/png', content: ['image/png'] },
  webp: { family: 'image', type: 'image/webp', content: ['image/webp'] },
  gif: { family: 'gif', type: 'image/gif', content: ['image/gif'] },
  svg: { family: 'svg', type: 'image/svg+xml', content: ['markup'] },
  mp4: { family: 'video', type: 'video/mp4', content: ['video/mp4'] },
  mov: { family: 'video', type: 'video/quicktime', content: ['video/quicktime'] },
  pdf: { family: 'pdf', type: PDF, content: [PDF] },
  ai: { family: 'ai', type: 'application/illustrator', content: [PDF, 'application/postscript'] },
  psd: { family: 'psd', type: 'image/vnd.adobe.photoshop', content: ['image/vnd.adobe.photoshop'] },
  doc: { family: 'document', type: 'application/msword', content: [OLE] },
  docx: {
    family: 'document',
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    content: [ZIP],
  },
  xls: { family: 'spreadsheet', type: 'application/vnd.ms-excel', content: [OLE] },
  xlsx: {
    family: 'spreadsheet',
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    content: [ZIP],
  },
  csv: { family: 'spreadsheet', type: 'text/csv', content: ['text'] },
  zip: { family: 'archive', type: ZIP, content: [ZIP] },
  tar: { family: 'archive', type: 'application/x-tar', content: ['application/x-tar'] },
  gz: { family: 'archive', type: 'application/gzip', content: ['application/gzip'] },
  tgz: { family: 'archive', type: 'application/gzip', content: ['application/gzip'] },
  dxf: { family: 'pattern', type: 'image/vnd.dxf', content: ['text', 'application/x-dxf-binary'] },
  rul: { family: 'grading', type: 'application/x-rul', content: ['text'] },
  fbx: { family: 'fbx', type: 'application/x-fbx', content: ['text', 'application/x-fbx-binary'] },
  obj: { family: 'obj', type: 'model/obj', content: ['text'] },
  glb: { family: 'model', type: 'model/gltf-binary', content: ['model/gltf-binary'] },
  gltf: { family: 'model', type: 'model/gltf+json', content: ['text'] },
  sbs: { family: 'model', type: 'application/x-substance-sbs', content: ['markup', 'text'] },
  sbsar: { family: 'model', type: 'application/x-substance-sbsar', content: ['unknown'] },
  zpac: { family: 'model', type: 'application/x-clo-zpac', content: ['unknown', ZIP] },
  zfab: { family: 'model', type: 'application/x-clo-zfab', content: ['unknown', ZIP] },
  xtex: { family: 'model', type: 'application/x-xtex', content: ['unknown', ZIP] },
  u3m: { family: 'model', type: 'application/x-u3m', content: [ZIP] },
  zprj: { family: 'zprj', type: 'application/x-clo-zprj', content: ['unknown', ZIP] },
}

/** Every type a style file may be stored as (the file purpose's list). */
export const STYLE_FILE_TYPES: readonly string[] = [...new Set(Object.values(STYLE_FILE_FORMATS).map((f) => f.type))]

/** `Front.Sketch.DXF` → `dxf`; no extension → ''. */
export function extensionOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  const dot = base.lastIndexOf('.')
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : ''
}

function looksLikeText(head: Uint8Array): boolean {
  return head.length > 0 && !head.includes(0)
}

/**
 * The type of a style file from its first bytes and its name, or null when the bytes are not what
 * any accepted format shows (refused as "not a supported file type").
 */
export function detectStyleFileType(head: Uint8Array, name: string): string | null {
  const format = STYLE_FILE_FORMATS[extensionOf(name)]
  const shown = detectType(head)
  if (shown && shown !== 'text/html') {
    // A container format named by its extension (.docx is a zip, .ai a PDF); otherwise the bytes say.
    if (format?.content.includes(shown)) return format.type
    return STYLE_FILE_TYPES.includes(shown) ? shown : null
  }
  if (!format) return null
  if (shown === 'text/html') return format.content.includes('markup') ? format.type : null
  if (format.content.includes('text') && looksLikeText(head)) return format.type
  if (format.content.includes('unknown')) return format.type
  return null
}

/** The family of a stored type (the reference's `type` and the row's icon); 'file' when unknown. */
export function familyOfType(type: string | null | undefined, name = ''): FileFamily | 'file' {
  const byName = STYLE_FILE_FORMATS[extensionOf(name)]
  if (byName && byName.type === type) return byName.family
  const found = Object.values(STYLE_FILE_FORMATS).find((format) => format.type === type)
  return found?.family ?? 'file'
}

/** The extensions the upload area names in its help text and `accept` attribute. */
export const STYLE_FILE_EXTENSIONS: readonly string[] = Object.keys(STYLE_FILE_FORMATS)

/** atelier.md §5: the toast for a file the atelier does not take. */
export function unsupportedFileMessage(name: string): string {
  return `${name} is not a supported file type`
}
