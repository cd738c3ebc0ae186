// `/line/{key}`: the short success target of the line form (catalogue.md §2). It opens the line
// page of the line's brand; someone without a grant on the brand gets 404 (docs/decisions/065).
import { getLine } from '#app/features/catalogue/lines.server'
import { guard, run } from '#app/platform/session.server'
import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { lineScopedPage } from '#app/platform/access/permissions'

// The form's short success target; redirects to the line page (docs/decisions/065)
export const access = lineScopedPage('brand.view')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const line = await run(() => getLine(context.deps, actor, params.lineKey!))
  return redirect(`/brand/${line.brand}/line/${line.key}`)
}
