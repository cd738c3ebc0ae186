// The products list (catalogue.md §2 Products), split into its parts; this file is what pages import.
export * from './products-list-props'
export * from './products-list-page'
export * from './products-filter-bar'
export * from './products-row-parts'
export * from './products-table'
export * from './products-grid'
