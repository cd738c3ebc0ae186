// `/brand/{id}/products/{product}/larger?image=n`: View Larger of the product page's looks.
import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, useLocation } from '@remix-run/react'
import { galleryImages, imageIndex } from '#app/features/catalogue/components/gallery'
import { Lightbox } from '#app/features/catalogue/components/lightbox'
import { guard, run } from '#app/platform/session.server'
import { getProduct } from '#app/features/catalogue/products.server'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard(request, context)
  const product = await run(() => getProduct(context.deps, actor, params.productId!, params.brandKey!))
  return json({
    brandKey: params.brandKey!,
    key: product.key,
    name: product.name,
    images: product.looks.map((look) => look.image),
  })
}

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
