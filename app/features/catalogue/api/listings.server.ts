// The products list's calls of catalogue.md §7: the filtered listing query, bulk remove, and the
// filter bar's categories and styles. Services check every permission.
import { AppError } from '#app/platform/errors'
import { parseFilterQuery } from '#app/features/catalogue/listing-filter'
import {
  listCategories,
  listListings,
  listStyles,
  parseRemoveKeys,
  removeListings,
} from '#app/features/catalogue/listings.server'
import { paged, requireActor, type Endpoint, requiredField } from '#app/platform/api/endpoint.server'

function cursorOf(query: Record<string, string>): number {
  const raw = query.cursor?.trim() ?? ''
  if (raw === '') return 0
  if (!/^\d{1,9}$/.test(raw)) throw new AppError('ValidationError', 'cursor: must be a whole number from 0.')
  return Number(raw)
}

export const listingEndpoints: Endpoint[] = [
  {
    verb: 'GET',
    path: 'listing/query/filter',
    auth: true,
    handle: async (deps, call) => {
      const actor = requireActor(call)
      const brand = requiredField(call.query, 'brand')
      const filter = parseFilterQuery(call.query)
      if (!filter.ok) throw new AppError('ValidationError', `${filter.field}: ${filter.message}`)
      return paged(await listListings(deps, actor, brand, filter.value))
    },
  },
  {
    verb: 'POST',
    path: 'listing/method/remove',
    auth: true,
    handle: (deps, call) => {
      const actor = requireActor(call)
      const brand = requiredField(call.body, 'brand')
      const keys = parseRemoveKeys((call.body as Record<string, unknown> | null)?.keys)
      return removeListings(deps, actor, brand, keys)
    },
  },
  {
    verb: 'GET',
    path: 'category/query/brand',
    auth: true,
    handle: async (deps, call) =>
      paged(await listCategories(deps, requireActor(call), requiredField(call.query, 'brand'), cursorOf(call.query))),
  },
  {
    verb: 'GET',
    path: 'style/query/brand',
    auth: true,
    handle: (deps, call) => listStyles(deps, requireActor(call), requiredField(call.query, 'brand')),
  },
]
