// The public entry of this feature's server side for other features.
export {
  FileTooLargeError,
  abandonUpload,
  attachToMessage,
  attachmentFields,
  attachmentsOf,
  authorizeUpload,
  beginUpload,
  finishUpload,
  holdingDir,
  makeSizes,
  receiveFormUploads,
  requireAttachable,
  uploadName,
  webPath,
  writeLimitedPart,
} from './files.server'
export type { AttachmentFields, FileRow, PreparedPart } from './files.server'
export { NO_IMAGE_MESSAGE, countImageUpload, deleteBlobs, imageView, storeImage } from './images.server'
export type { ImageChange, ImageView } from './images.server'
export { UploadTooLargeError, fetchRequestOf, withImageUpload } from './upload.server'
export { withImageCall } from './image-api.server'
export type { StoredUpload } from './upload.server'
export { NO_FILE_MESSAGE } from './file-uploads.server'
export { fileChecked } from './file-checks.server'
export { maxBytesFor } from './file-work.server'
export { PRODUCT_IMAGE_TYPES, filePurpose, registerFilePurpose } from './file-purposes'
export { whenFileSettled, whenUploadReserved } from './purpose-hooks.server'
export { attemptImageChange, refusedUploadHeaders, withCropSubmission } from './image-form.server'
