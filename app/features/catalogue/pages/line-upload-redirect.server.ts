// `/line/{id}/products/upload` (catalogue.md §2): the product upload scoped to a line, which is the
// brand's upload page with ?line= (the import then belongs to that line). Someone without a grant
// on the brand gets 404.
import { getLine } from '#app/features/catalogue/lines.server'
import { guard, run } from '#app/platform/session.server'
import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { lineScopedPage } from '#app/platform/access/permissions'

// spec: not shown beyond the general brand rule; any grant on the brand
export const access = lineScopedPage('brand.view')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const line = await run(() => getLine(context.deps, actor, params.lineKey!))
  return redirect(`/brand/${line.brand}/products/upload?line=${encodeURIComponent(line.key)}`)
}
