// `/brand/{id}/products/listing/{key}/larger?image=n`: View Larger, the lightbox of the listing
// page (catalogue.md §2), a route so it works without JavaScript.
import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, useLocation } from '@remix-run/react'
import { galleryImages, imageIndex } from '#app/features/catalogue/components/gallery'
import { Lightbox } from '#app/features/catalogue/components/lightbox'
import { guard, run } from '#app/platform/session.server'
import { getListingDetail } from '#app/features/catalogue/listing-edit.server'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard(request, context)
  const detail = await run(() => getListingDetail(context.deps, actor, params.listingKey!, params.brandKey!))
  return json({
    brandKey: params.brandKey!,
    key: detail.listing.key,
    name: detail.listing.style_name,
    images: detail.images,
  })
}

export default function ListingLightbox() {
  const { brandKey, key, name, images } = useLoaderData<typeof loader>()
  const location = useLocation()
  const shown = galleryImages(images)
  const index = imageIndex(location.search, shown.length)
  const page = `/brand/${brandKey}/products/listing/${key}`
  return (
    <Lightbox
      title={name}
      images={shown}
      index={index}
      hrefFor={(n) => `${page}/larger?image=${n}`}
      closeTo={`${page}?image=${index + 1}`}
    />
  )
}
