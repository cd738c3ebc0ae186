// `/brand/{id}/products/listing/{key}/larger?image=n`: View Larger, the lightbox of the listing
// page (catalogue.md §2), a route so it works without JavaScript.
import { galleryImages, imageIndex } from '#app/features/catalogue/components/gallery'
import { Lightbox } from '#app/features/catalogue/components/lightbox'
import { useLoaderData, useLocation } from '@remix-run/react'
import type { loader } from './listing-larger.server'

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
