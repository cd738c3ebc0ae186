// The spreadsheet import (catalogue.md §2 Upload, §4 import flow): its use cases, split along their
// sections; this file is what callers import.
export * from './import-views.server'
export * from './import-access.server'
export * from './import-start.server'
export * from './import-reading.server'
export * from './import-changes.server'
export * from './import-discard.server'
export * from './export.server'
export * from './bulk-edit.server'
