// The server side of brand-home.tsx: what its route loads and does.
import { getBrand } from '#app/features/brands/brands.server'
import { rememberBrand } from '#app/features/brands/current-brand.server'
import { brandPage, brandGrantTypes } from '#app/platform/access/permissions'
import { guard, run } from '#app/platform/session.server'
import { json, type LoaderFunctionArgs } from '@remix-run/node'

export const access = brandPage('brand.view')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const brand = await run(() => getBrand(context.deps, actor, params.brandKey!))
  // Opening a brand's home makes it the account's current brand (docs/decisions/038).
  await rememberBrand(context.deps, actor, brand.key)
  return json({ brand, grants: brandGrantTypes(actor.grants, brand.key) })
}
