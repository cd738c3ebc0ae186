// The public entry of this feature's server side for other features.
export { sampleMarkupDoc } from './markup/markup-doc.server'
export { MARKUP_SHAPES } from './markup.server'
export { markupDocName } from './markup.server'
export { announceSampleChange, leaveBrandStyleRooms, sampleFileSettled } from './sample-live.server'
export { setSampleStatus, StaleStatus } from './sample-changes.server'
export { updateFeedback } from './review/review-changes.server'
