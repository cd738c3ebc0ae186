// The server side of import-discard.tsx: what its route loads and does.
import { importOfBrand } from '#app/features/imports/import-upload.server'
import { discardImport } from '#app/features/imports/imports.server'
import { DISCARD_TEXTS, isDiscardable } from '#app/features/imports/import-texts'
import { isAppError } from '#app/platform/errors'
import { guard, redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

// decided (docs/decisions/086): changing an upload (column mapping, row fix, roll back, discard) is for editors
export const access = brandPage('listing.edit')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const view = await run(() => importOfBrand(context, actor, params.brandKey!, params.importKey!))
  return json({
    brandKey: params.brandKey!,
    view,
    refusal: isDiscardable(view.status) ? null : DISCARD_TEXTS.notDiscardable(view.status),
  })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const history = `/brand/${params.brandKey!}/products/upload?tab=history`
  const found = await run(() => importOfBrand(context, actor, params.brandKey!, params.importKey!))
  try {
    const discarded = await discardImport(context.deps, actor, found.key)
    return redirectWithToast(request, context, history, { kind: 'success', message: discarded.message })
  } catch (error) {
    // Committed meanwhile: History says so, no error page.
    if (!isAppError(error) || error.type !== 'Conflict') throw error
    return redirectWithToast(request, context, history, { kind: 'error', message: error.message })
  }
}
