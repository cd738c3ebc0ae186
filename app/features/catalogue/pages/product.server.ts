// The server side of product.tsx: what its route loads and does.
import { getBrand } from '#app/features/brands/index.server'
import { getProduct } from '#app/features/catalogue/products.server'
import { guard, run } from '#app/platform/session.server'
import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

// spec: not shown beyond the general brand rule; any grant on the brand
export const access = brandPage('brand.view')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const brandKey = params.brandKey!
  const product = await run(() => getProduct(context.deps, actor, params.productId!, brandKey))
  const brand = await run(() => getBrand(context.deps, actor, brandKey))
  return json({ brandKey, brand: { key: brand.key, name: brand.name }, product })
}
