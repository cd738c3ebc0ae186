// One listing and one product (catalogue.md §7): GET/PUT/DELETE /api/listing/model/ and
// GET /api/product/model/ (the style calls are in styles.server.ts). The services check every permission.
import { deleteListing, getListing, updateListing } from '#app/features/catalogue/listing-edit.server'
import { getProduct } from '#app/features/catalogue/products.server'
import { requireActor, stringField, type Endpoint } from '#app/platform/api/endpoint.server'
import { ListingUpdateSchema } from '#app/features/catalogue/listing-schemas'

export const listingDetailEndpoints: Endpoint[] = [
  {
    verb: 'GET',
    path: 'listing/model/:key',
    auth: true,
    handle: (deps, call) => getListing(deps, requireActor(call), call.key!, stringField(call.query, 'brand')),
  },
  {
    verb: 'PUT',
    path: 'listing/model/:key',
    auth: true,
    summary: "Changes a listing's fields (catalogue.md §7).",
    body: ListingUpdateSchema,
    handle: (deps, call) => updateListing(deps, requireActor(call), call.key!, call.body),
  },
  {
    verb: 'DELETE',
    path: 'listing/model/:key',
    auth: true,
    // `brand` as the spec sends it, in the body or the query.
    handle: (deps, call) =>
      deleteListing(
        deps,
        requireActor(call),
        call.key!,
        stringField(call.body, 'brand') ?? stringField(call.query, 'brand'),
      ),
  },
  {
    verb: 'GET',
    path: 'product/model/:key',
    auth: true,
    handle: (deps, call) => getProduct(deps, requireActor(call), call.key!, stringField(call.query, 'brand')),
  },
]
