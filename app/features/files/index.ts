// The public entry of this feature for other features: its rules, texts and types.
export { CROP_FIELDS_MESSAGE, PROFILE_PICTURE_SPEC, SLOT_SPECS, isBrandImageSlot, parseCropFields } from './crop'
export type { BrandImageSlot, CropRect } from './crop'
export { FILE_PURPOSES, PRODUCT_IMAGE_TYPES, SCAN_MESSAGES } from './file-purposes'
export { thumbnailPath } from './thumbnail'
export { THUMBNAIL_HEIGHT } from './thumbnail'
export { THUMBNAIL_WIDTH } from './thumbnail'
export type { AttachmentFields } from './views'
export { GRID_SLOTS } from './crop'
