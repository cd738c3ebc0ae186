// The server side of import-details.tsx: what its route loads and does.
import { importOfBrand } from '#app/features/imports/import-upload.server'
import { guard, run } from '#app/platform/session.server'
import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

// decided (docs/decisions/086): the outcome of an upload and its files, for every member
export const access = brandPage('brand.view')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const view = await run(() => importOfBrand(context, actor, params.brandKey!, params.importKey!))
  return json({ brandKey: params.brandKey!, view })
}
