// What the media upload page (catalogue.md §2 step 2) says and checks in the browser: the File
// Upload requirements, the type filter applied to a selection before anything is sent (the server
// reads the bytes and decides), the item statuses of the Upload Detail list, and the §8 texts for
// a batch that failed.
import { MEDIA_ACCEPT, MEDIA_EXTENSIONS, MEDIA_TEXTS } from './media-names'
import { CLIENT_SERVICES_EMAIL } from '#app/platform/client-services'

/** The file picker's filter: the four types of catalogue.md §5. */
export const MEDIA_ACCEPT_ATTRIBUTE = MEDIA_ACCEPT.join(',')

/** The naming convention the requirement tooltip and the page show. */
export const MEDIA_NAMING = 'style-number_sku_view.extension'

/** §8 Media batch failure: an unexpected error, or any other. */
export const mediaBatchFailure = (type: string, email = CLIENT_SERVICES_EMAIL) =>
  type === 'UnexpectedError'
    ? `Unexpected API error. If this error persists, please reach out to our Client Services Department by email at: ${email}`
    : MEDIA_TEXTS.batchFailed

/**
 * Whether a chosen file is one of the accepted types: by the type the browser reports, or, when
 * it reports none, by the name's extension.
 */
export function isAcceptedMedia(file: { name: string; type: string }): boolean {
  const type = file.type.toLowerCase()
  if (type) return (MEDIA_ACCEPT as readonly string[]).includes(type)
  const extension = file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase()
  return (MEDIA_EXTENSIONS as readonly string[]).includes(extension)
}

/** The status badge of an item in the upload list and a row of the media table. */
export type UploadItemStatus = 'waiting' | 'uploading' | 'being scanned' | 'available' | 'refused'

/** A photo's stored status as the badge names it. */
export function badgeOf(status: string): UploadItemStatus {
  if (status === 'available') return 'available'
  if (status === 'quarantined') return 'refused'
  if (status === 'scanning') return 'being scanned'
  if (status === 'uploading') return 'uploading'
  return 'waiting'
}

/** Progress in whole percent; -1 (not started) reads as waiting. */
export function progressLabel(progress: number): string {
  return progress < 0 ? 'Waiting' : `${Math.round(progress)}%`
}
