// The public entry of this feature's server side for other features.
export { getCollection } from './collections.server'
export { getLine } from './lines.server'
export { listListings } from './listings.server'
export { mayEditListings } from './listings.server'
