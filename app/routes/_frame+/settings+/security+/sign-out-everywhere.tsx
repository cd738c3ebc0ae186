// `/settings/security/sign-out-everywhere`: ends every session of the account, on every browser
// and device (this one too), and revokes the identity provider's refresh tokens, so API clients
// must sign in again as well (docs/decisions/028). A confirmation dialog route: a plain form
// without JavaScript.
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { ConfirmDialog } from '#app/ui/confirm-dialog'
import { clearAuthCookie, commitUiSession, getUiSession, guard, requireCsrf } from '#app/platform/session.server'
import { signOutEverywhere } from '#app/features/identity/sessions.server'

export const meta: MetaFunction = () => [{ title: 'Sign out everywhere · Brand Portal' }]

const SIGNED_OUT_EVERYWHERE = 'You have been signed out on every device.'

export async function loader({ request, context }: LoaderFunctionArgs) {
  await guard(request, context)
  return null
}

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await guard(request, context)
  await requireCsrf(request, context, await request.formData())
  await signOutEverywhere(context.deps, actor)
  const ui = await getUiSession(request, context)
  ui.flash('toast', { kind: 'success', message: SIGNED_OUT_EVERYWHERE })
  const headers = new Headers()
  headers.append('Set-Cookie', clearAuthCookie(context))
  headers.append('Set-Cookie', await commitUiSession(ui, context))
  return redirect('/', { headers })
}

export default function SignOutEverywhere() {
  return (
    <ConfirmDialog title="Sign out everywhere" closeTo="/settings/security" confirmLabel="Sign out everywhere">
      <p className="text-sm">
        Sign out on every browser and device where you are signed in, this one included? You will need your password to
        sign in again.
      </p>
    </ConfirmDialog>
  )
}
