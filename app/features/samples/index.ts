// The public entry of this feature for other features: its rules, texts and types.
export { DEFAULT_SAMPLE_STATUS, SAMPLE_ASSET_TYPE, SAMPLE_FAMILIES } from './sample-status'
export { newestOfEachSeries } from './sample-versions'
