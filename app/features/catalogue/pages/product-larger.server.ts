// The server side of product-larger.tsx: what its route loads and does.
import { getProduct } from '#app/features/catalogue/products.server'
import { guard, run } from '#app/platform/session.server'
import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

// The View Larger dialog of the product page
export const access = brandPage('brand.view')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const product = await run(() => getProduct(context.deps, actor, params.productId!, params.brandKey!))
  return json({
    brandKey: params.brandKey!,
    key: product.key,
    name: product.name,
    images: product.looks.map((look) => look.image),
  })
}
