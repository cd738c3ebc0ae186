// Listings of a brand (catalogue.md §2 Products, §7 listing calls): the list and its filters, one
// listing, removal, the filter bar's choices. Split along its sections; this file is what callers
// import.
export * from './listing-list.server'
export * from './listing-removal.server'
export * from './filter-choices.server'
