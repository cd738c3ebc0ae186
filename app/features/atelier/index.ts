// The public entry of this feature for other features: its rules, texts and types.
export { ASPECT_RATIO_MESSAGE, SAMPLES_STEP, aspectRatioOf } from './references'
export { STYLE_FILE_FORMATS, STYLE_FILE_TYPES, detectStyleFileType, extensionOf } from './style-file-types'
export type { MaterialColorValue } from './materials'
export type { MaterialTypeKey } from './materials'
export type { StepStatus } from './style-steps'
export type { StyleStep } from './style-steps'
export type { ReferenceView } from './views'
export { unsupportedFileMessage } from './style-file-types'
