// The media management board (catalogue.md §2 Media management, §4 Media association): listings
// as sliders on the left, the Product Media pool on the right; split into its parts, this file is
// what pages import. With JavaScript photos are dragged (pointer and keyboard) and saved through
// the media calls; without it, every photo carries small forms posted to the page's action.
export * from './board-parts'
export * from './board'
export * from './listing-slider'
export * from './pool-panel'
