// Virtual sample review (atelier.md §2 Virtual sample review, §4 Virtual sample status, §8): a
// style's virtual samples are its references with asset_type 'virtual-sample' (decision 134).
// Members of the brand look; 'sample.review' changes, and the status a person may pick follows
// their job type (sample-status.ts). Split along its sections; this file is what callers import.
export * from './sample-reading.server'
export * from './sample-changes.server'
export * from './sample-uploads.server'
