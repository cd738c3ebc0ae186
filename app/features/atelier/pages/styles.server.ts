// The server side of styles.tsx: the page of the brand's styles the address asks for.
import { listStyles } from '#app/features/atelier/style-list.server'
import { guard, run } from '#app/platform/session.server'
import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

// The list of styles (atelier.md §1); decision 152
export const access = brandPage('brand.view')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const url = new URL(request.url)
  const brandKey = params.brandKey!
  const list = await run(() =>
    listStyles(context.deps, actor, brandKey, {
      search: url.searchParams.get('search'),
      page: Number(url.searchParams.get('page') ?? '1'),
    }),
  )
  return json({ brandKey, list })
}
