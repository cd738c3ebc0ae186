// The public entry of this feature for other features: its rules, texts and types.
export { DEFAULT_SAMPLE_STATUS, SAMPLE_ASSET_TYPE, SAMPLE_FAMILIES, SAMPLE_TEXTS } from './sample-status'
export { newestOfEachSeries } from './sample-versions'
export { MARKUP_COLOURS } from './markup/shapes'
export { storedShape } from './markup/shapes'
export type { ModelPinShape } from './markup/shapes'
export type { Shape } from './markup/shapes'
export type { SampleStatus } from './sample-status'
