// The server side of import-rollback.tsx: what its route loads and does.
import { importOfBrand } from '#app/features/imports/import-upload.server'
import { rollbackRefusal } from '#app/features/imports/import-texts'
import { importRollbackBlockers, rollbackImport } from '#app/features/imports/imports.server'
import { isAppError } from '#app/platform/errors'
import { guard, redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

// decided (docs/decisions/086): changing an upload (column mapping, row fix, roll back, discard) is for editors
export const access = brandPage('listing.edit')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const view = await run(() => importOfBrand(context, actor, params.brandKey!, params.importKey!))
  // An import that cannot be rolled back (not committed, or its rows changed since by a later
  // import or an edit) says why, and where to go on, instead of "Roll back".
  const blockers = await run(() => importRollbackBlockers(context.deps, actor, view.key))
  return json({ brandKey: params.brandKey!, view, refusal: rollbackRefusal(view), blockers })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const history = `/brand/${params.brandKey!}/products/upload?tab=history`
  const found = await run(() => importOfBrand(context, actor, params.brandKey!, params.importKey!))
  try {
    const view = await rollbackImport(context.deps, actor, found.key)
    return redirectWithToast(request, context, history, {
      kind: 'success',
      message: `The upload of ${view.filename} has been rolled back.`,
    })
  } catch (error) {
    // The service's reason (a later change to its rows, someone rolled it back first) goes to
    // History as a message, not to an error page.
    if (!isAppError(error) || error.type !== 'Conflict') throw error
    return redirectWithToast(request, context, history, { kind: 'error', message: error.message })
  }
}
