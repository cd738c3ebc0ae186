// The server side of brands-list.tsx: what its route loads and does.
import {
  canCreateBrand,
  listArchivedBrands,
  listBrandsForActor,
  mayManageBrands,
} from '#app/features/brands/brands.server'
import { guard } from '#app/platform/session.server'
import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { signedInPage } from '#app/platform/access/permissions'

// spec: owner, editor or read; the list itself shows only brands the user holds a grant on
export const access = signedInPage

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const admin = mayManageBrands(actor)
  const showArchived = admin && new URL(request.url).searchParams.get('show') === 'archived'
  const brands = await listBrandsForActor(context.deps, actor)
  return json({
    brands,
    canCreate: canCreateBrand(actor),
    // The per-brand menu and the Archived brands view are for account admins (docs/decisions/066).
    admin,
    archived: showArchived ? await listArchivedBrands(context.deps, actor) : null,
  })
}
