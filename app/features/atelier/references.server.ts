// The atelier's files and folders of a style (atelier.md §3 Reference, §7 reference, pragma
// clone_ref and asset calls), split along their sections; this file is what callers import. Access
// is checked through the access module in each: members read, owners and editors ('asset.manage')
// change, an outsider learns nothing (NotFound). Decisions 110–114.
export * from './reference-views.server'
export * from './reference-create.server'
export * from './reference-changes.server'
