// The public entry of this feature's components for other features.
export { sampleStatusTone } from './sample-review-data'
