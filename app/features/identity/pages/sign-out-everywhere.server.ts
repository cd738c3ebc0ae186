// The server side of sign-out-everywhere.tsx: what its route loads and does.
import { signOutEverywhere } from '#app/features/identity/sessions.server'
import { clearAuthCookie, commitUiSession, getUiSession, guard, requireCsrf } from '#app/platform/session.server'
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { signedInPage } from '#app/platform/access/permissions'

export const access = signedInPage

const SIGNED_OUT_EVERYWHERE = 'You have been signed out on every device.'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await guard({ request, context, params }, access)
  return null
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  await requireCsrf(request, context, await request.formData())
  await signOutEverywhere(context.deps, actor)
  const ui = await getUiSession(request, context)
  ui.flash('toast', { kind: 'success', message: SIGNED_OUT_EVERYWHERE })
  const headers = new Headers()
  headers.append('Set-Cookie', clearAuthCookie(context))
  headers.append('Set-Cookie', await commitUiSession(ui, context))
  return redirect('/', { headers })
}
