// A wizard file step's upload area and file list (docs/decisions/125), split into its parts; this
// file is what pages import.
export * from './step-uploads-props'
export * from './step-uploads-area'
export * from './step-toolbar'
export * from './step-unsettled'
export * from './step-file-items'
export * from './step-file-views'
export * from './step-file-dialogs'
