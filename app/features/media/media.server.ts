// Product photos (catalogue.md §2 Media upload and Manage, §7 media calls): reserved by name,
// matched to listings, carried by the file pipeline, arranged per listing. Split along its
// sections; this file is what callers import.
export * from './media-views.server'
export * from './media-preflight.server'
export * from './media-pipeline.server'
export * from './media-map.server'
export * from './media-reading.server'
export * from './media-arranging.server'
