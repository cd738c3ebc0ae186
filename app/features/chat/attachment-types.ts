// The types a file sent in chat may be, by content (atelier.md §3 Message attachment): the picker
// offers them and the upload pipeline checks them (the purpose chat registers at start).
import { PRODUCT_IMAGE_TYPES } from '#app/features/files'

export const CHAT_ATTACHMENT_TYPES: readonly string[] = [
  ...PRODUCT_IMAGE_TYPES,
  'image/gif',
  'application/pdf',
  'application/zip',
  'video/mp4',
  'video/quicktime',
]
