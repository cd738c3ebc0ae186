// `/brand/{id}/products/media` is a link target only (catalogue.md §2): it leads to the first
// media step, the upload page, keeping a collection scope.
import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { guard } from '#app/platform/session.server'
import { brandPage } from '#app/platform/access/permissions'

// spec: not shown beyond the general brand rule; any grant on the brand
export const access = brandPage('brand.view')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await guard({ request, context, params }, access)
  const collection = new URL(request.url).searchParams.get('collection')
  const page = `/brand/${params.brandKey!}/products/media/upload`
  return redirect(collection ? `${page}?collection=${encodeURIComponent(collection)}` : page)
}
