// What an upload is for decides who may send it, which types its bytes may be and how large it may
// be (docs/decisions/091). The upload names its purpose and brand before any byte is accepted.
import type { Ability } from '#app/platform/access/abilities'
import { STYLE_FILE_TYPES } from '#app/features/atelier'

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
   * Whether formats without a signature are told by the file's extension
   * (app/features/atelier/style-file-types.ts detectStyleFileType) rather than refused.
   */
  byName?: boolean
  /** Whether images must have one of the aspect ratios of atelier.md §5 (app/features/atelier/references.ts). */
  aspectRatios?: boolean
  /** Where in the brand's part of the blob store its files go; `files` unless named. */
  folder?: string
}

/** The four image types product photos may be (catalogue.md §5, image/jpg being image/jpeg). */
export const PRODUCT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const

export const FILE_PURPOSES = {
  /** Product photos (catalogue.md §2 Product media upload). */
  'listing-media': { ability: 'listing.edit', types: PRODUCT_IMAGE_TYPES, limit: 'image', images: true },
  /** Files sent in chat (atelier.md §3 Message attachment). */
  'chat-attachment': {
    ability: 'message.send',
    types: [...PRODUCT_IMAGE_TYPES, 'image/gif', 'application/pdf', 'application/zip', 'video/mp4', 'video/quicktime'],
    limit: 'file',
    images: true,
  },
  /** Files of a style in the atelier's wizard (atelier.md §9 File families; docs/decisions/111). */
  'style-file': {
    ability: 'asset.manage',
    types: STYLE_FILE_TYPES,
    limit: 'file',
    images: true,
    byName: true,
    aspectRatios: true,
  },
  /** Files of the brand's asset library (atelier.md §2 Asset library): the atelier's file families. */
  'asset-library': {
    ability: 'asset.manage',
    types: STYLE_FILE_TYPES,
    limit: 'file',
    images: true,
    byName: true,
    // atelier.md §9: the default upload path of the library.
    folder: 'assets/bucket',
  },
  /** Pictures of a material's front and back (atelier.md §2 Materials step, Media Library). */
  'material-image': { ability: 'asset.manage', types: PRODUCT_IMAGE_TYPES, limit: 'image', images: true },
} as const satisfies Record<string, FilePurpose>

export type FilePurposeName = keyof typeof FILE_PURPOSES

export function isFilePurpose(value: unknown): value is FilePurposeName {
  return typeof value === 'string' && Object.hasOwn(FILE_PURPOSES, value)
}

/** Types sharp turns into thumbnails. */
export const IMAGE_TYPES_WITH_THUMBNAILS: readonly string[] = ['image/jpeg', 'image/png', 'image/webp', 'image/gif']

/** atelier.md §4 Upload and scan flow, as the toasts say it. */
export const SCAN_MESSAGES = {
  scanning: 'The file is being scanned for security compliance.',
  available: 'The file has been uploaded and scanned.',
  quarantined: 'The file was scanned but is not available for distribution. Please contact client support.',
} as const
