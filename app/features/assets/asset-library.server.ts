// The asset library (atelier.md §2 Asset library, §7 bucket calls): a brand's bucket of folders and
// files, reached by paths of names (asset-paths.ts). Members read; owners and editors change;
// an outsider learns nothing. Split along its sections; this file is what callers import.
export * from './asset-views.server'
export * from './asset-buckets.server'
export * from './asset-path-lookup.server'
export * from './asset-reading.server'
export * from './asset-changes.server'
