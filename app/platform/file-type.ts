// A file's type told by its first bytes (its "magic number"), not by its name or the type the
// client declared. Only the types the portal accepts are known here; formats without a signature
// (DXF, RUL, OBJ, …) are told by their extension in app/features/atelier/style-file-types.ts.

const SIGNATURES: { type: string; test: (head: Uint8Array) => boolean }[] = [
  { type: 'image/jpeg', test: (h) => h[0] === 0xff && h[1] === 0xd8 && h[2] === 0xff },
  {
    type: 'image/png',
    test: (h) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, i) => h[i] === byte),
  },
  { type: 'image/gif', test: (h) => ascii(h, 0, 6) === 'GIF87a' || ascii(h, 0, 6) === 'GIF89a' },
  { type: 'image/webp', test: (h) => ascii(h, 0, 4) === 'RIFF' && ascii(h, 8, 12) === 'WEBP' },
  { type: 'application/pdf', test: (h) => ascii(h, 0, 5) === '%PDF-' },
  // A local file header, or the end record of an empty archive.
  { type: 'application/zip', test: (h) => ascii(h, 0, 4) === 'PK\x03\x04' || ascii(h, 0, 4) === 'PK\x05\x06' },
  { type: 'video/quicktime', test: (h) => ascii(h, 4, 12) === 'ftypqt  ' },
  { type: 'video/mp4', test: (h) => ascii(h, 4, 8) === 'ftyp' && ascii(h, 8, 12) !== 'qt  ' },
  // Formats of the atelier's style files (app/features/atelier/style-file-types.ts).
  { type: 'image/vnd.adobe.photoshop', test: (h) => ascii(h, 0, 4) === '8BPS' },
  // Compound documents: .doc and .xls (the extension tells which).
  {
    type: 'application/x-ole-storage',
    test: (h) => [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1].every((byte, i) => h[i] === byte),
  },
  { type: 'application/postscript', test: (h) => ascii(h, 0, 4) === '%!PS' },
  { type: 'model/gltf-binary', test: (h) => ascii(h, 0, 4) === 'glTF' },
  // The binary forms of formats that are mostly text: named apart, so the stored type (told by
  // the extension) is not held to a signature its text form lacks.
  { type: 'application/x-fbx-binary', test: (h) => ascii(h, 0, 18) === 'Kaydara FBX Binary' },
  { type: 'application/x-dxf-binary', test: (h) => ascii(h, 0, 18) === 'AutoCAD Binary DXF' },
  { type: 'application/gzip', test: (h) => h[0] === 0x1f && h[1] === 0x8b },
  // The ustar magic sits after the first header's name and modes; needs DETECT_BYTES, not SNIFF_BYTES.
  { type: 'application/x-tar', test: (h) => ascii(h, 257, 262) === 'ustar' },
]

/** How many leading bytes sniffing needs. */
export const SNIFF_BYTES = 12

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end))
}

/** The type the bytes show, or null when they match no known signature. */
export function sniffType(head: Uint8Array): string | null {
  return SIGNATURES.find((signature) => signature.test(head))?.type ?? null
}

/** Whether a type is one whose bytes can be checked here. */
export function hasSignature(type: string): boolean {
  return SIGNATURES.some((signature) => signature.type === type)
}

/** How many leading bytes `detectType` reads: enough to see past a byte-order mark and blank lines. */
export const DETECT_BYTES = 512

/** Markup a browser would run as a page or script if it were ever served as one. */
const MARKUP = /^(<!doctype html|<html|<head|<body|<script|<iframe|<svg|<\?xml|<!--)/i

/**
 * The type of an uploaded file by its first bytes (up to DETECT_BYTES): a known signature, or
 * `text/html` for markup (HTML, SVG, XML, which can carry scripts), or null for anything else.
 * Markup is named so a refusal can say what the file really is (an HTML page renamed .png).
 */
export function detectType(head: Uint8Array): string | null {
  const known = sniffType(head)
  if (known) return known
  let text = new TextDecoder('utf-8', { fatal: false }).decode(head.subarray(0, DETECT_BYTES))
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
  return MARKUP.test(text.trimStart()) ? 'text/html' : null
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
  'application/zip': 'zip',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'image/svg+xml': 'svg',
  'image/vnd.adobe.photoshop': 'psd',
  'application/illustrator': 'ai',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'text/csv': 'csv',
  'application/x-tar': 'tar',
  'application/gzip': 'gz',
  'image/vnd.dxf': 'dxf',
  'application/x-rul': 'rul',
  'application/x-fbx': 'fbx',
  'model/obj': 'obj',
  'model/gltf-binary': 'glb',
  'model/gltf+json': 'gltf',
  'application/x-substance-sbs': 'sbs',
  'application/x-substance-sbsar': 'sbsar',
  'application/x-clo-zpac': 'zpac',
  'application/x-clo-zfab': 'zfab',
  'application/x-xtex': 'xtex',
  'application/x-u3m': 'u3m',
  'application/x-clo-zprj': 'zprj',
}

/** The file extension stored blobs of a type get (`bin` for a type without one). */
export function extensionFor(type: string): string {
  return EXTENSIONS[type] ?? 'bin'
}
