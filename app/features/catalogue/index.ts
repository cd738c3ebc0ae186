// The public entry of this feature for other features: its rules, texts and types.
export type { ListingFilter } from './listing-filter'
export { CODE, HEX, LISTING_LIMITS } from './listing-schemas'
export { MAX_FILTER_KEYS } from './listing-filter'
export {
  listAddressWithoutSelection,
  parseKeys,
  parsePageQuery,
  selectedListingKeys,
  selectionTooLarge,
} from './listing-filter'
export { filterSearchParams } from './listing-filter'
