// A file's type told by its first bytes (its "magic number"), not by its name or the type the
// client declared. Only the types the portal accepts are known here; more join as uploads of
// other kinds arrive (documents, patterns).

const SIGNATURES: { type: string; test: (head: Uint8Array) => boolean }[] = [
  { type: 'image/jpeg', test: (h) => h[0] === 0xff && h[1] === 0xd8 && h[2] === 0xff },
  {
    type: 'image/png',
    test: (h) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, i) => h[i] === byte),
  },
  { type: 'image/gif', test: (h) => ascii(h, 0, 6) === 'GIF87a' || ascii(h, 0, 6) === 'GIF89a' },
  { type: 'image/webp', test: (h) => ascii(h, 0, 4) === 'RIFF' && ascii(h, 8, 12) === 'WEBP' },
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
