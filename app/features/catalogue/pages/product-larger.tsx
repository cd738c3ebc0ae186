// `/brand/{id}/products/{product}/larger?image=n`: View Larger of the product page's looks.
import { galleryImages, imageIndex } from '#app/features/catalogue/components/gallery'
import { Lightbox } from '#app/features/catalogue/components/lightbox'
import { useLoaderData, useLocation } from '@remix-run/react'
import type { loader } from './product-larger.server'

export default function ProductLightbox() {
  const { brandKey, key, name, images } = useLoaderData<typeof loader>()
  const location = useLocation()
  const shown = galleryImages(images)
  const index = imageIndex(location.search, shown.length)
  const page = `/brand/${brandKey}/products/${key}`
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
