// The asset library page (atelier.md §2 Asset library), split into its parts; this file is what
// pages import. Every action is a link or a form and works without JavaScript.
export * from './asset-library-props'
export * from './asset-library-page'
export * from './asset-navigation'
export * from './asset-entries'
export * from './asset-dialogs'
