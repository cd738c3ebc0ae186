// The virtual sample review page (atelier.md §2), split into its panels; this file is what pages import.
// Dialogs are states of the query (`?dialog=`), so every action is a link or a form and works
// without JavaScript.
export * from './sample-review-data'
export * from './sample-review-page'
export * from './sample-stage'
export * from './sample-side-panel'
export * from './sample-version-panels'
export * from './sample-dialogs'
