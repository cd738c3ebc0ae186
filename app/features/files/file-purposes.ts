// What an upload is for decides who may send it, which types its bytes may be and how large it may
// be (docs/decisions/091). The upload names its purpose and brand before any byte is accepted.
// Files know the purposes by name only: the feature a purpose serves registers what it means at
// start (media: product photos; chat: attachments; atelier: style files and material pictures;
// assets: the library), so the upload pipeline imports none of them.
import type { Ability } from '#app/platform/access/abilities'

export interface FilePurpose {
  /** The ability on the brand that lets an account upload for this purpose. */
  ability: Ability
  /** Types by content (app/platform/file-type.ts) the file may be. */
  types: readonly string[]
  /** Which byte limit applies: images have their own, smaller one. */
  limit: 'image' | 'file'
  /** Whether thumbnails and a web size are made once the file is clean. */
  images: boolean
  /**
   * Tells the type from the first bytes and the file's name, for formats without a signature
   * (the atelier's file families: app/features/atelier/style-file-types.ts detectStyleFileType);
   * without it, a type the bytes do not show is refused.
   */
  detectType?: (head: Uint8Array, name: string) => string | null
  /** Images must have one of these aspect ratios (atelier.md §5): the check, and the refusal's text. */
  aspectRatio?: { fits: (width: number, height: number) => boolean; message: string }
  /** Where in the brand's part of the blob store its files go; `files` unless named. */
  folder?: string
}

/** The four image types product photos may be (catalogue.md §5, image/jpg being image/jpeg). */
export const PRODUCT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const

/** Every purpose an upload may name (the upload API's `purpose`). */
export const FILE_PURPOSE_NAMES = [
  'listing-media',
  'chat-attachment',
  'style-file',
  'asset-library',
  'material-image',
] as const

export type FilePurposeName = (typeof FILE_PURPOSE_NAMES)[number]

export function isFilePurpose(value: unknown): value is FilePurposeName {
  return typeof value === 'string' && (FILE_PURPOSE_NAMES as readonly string[]).includes(value)
}

const purposes = new Map<FilePurposeName, FilePurpose>()

/** Called once at start by the feature the purpose serves (its models.server.ts). */
export function registerFilePurpose(name: FilePurposeName, purpose: FilePurpose): void {
  purposes.set(name, purpose)
}

/** What a purpose means; every purpose is registered at start, so a missing one is a wiring fault. */
export function filePurpose(name: FilePurposeName): FilePurpose {
  const purpose = purposes.get(name)
  if (!purpose) throw new Error(`The file purpose ${name} is not registered: registerFeatureModels() was not called`)
  return purpose
}

/** Types sharp turns into thumbnails. */
export const IMAGE_TYPES_WITH_THUMBNAILS: readonly string[] = ['image/jpeg', 'image/png', 'image/webp', 'image/gif']

/** atelier.md §4 Upload and scan flow, as the toasts say it. */
export const SCAN_MESSAGES = {
  scanning: 'The file is being scanned for security compliance.',
  available: 'The file has been uploaded and scanned.',
  quarantined: 'The file was scanned but is not available for distribution. Please contact client support.',
} as const
