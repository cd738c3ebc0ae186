// POST /session/reset: "Reset Session" in the profile menu swaps in a fresh session: the current
// one ends on the server (a copy of its cookie stops working) and a new one of the same lifetime
// starts.
import { sessionRemembered } from '#app/features/identity/sessions.server'
import { signedInPage, safeRedirectPath } from '#app/platform/access/permissions'
import { readAuthCookie, redirectWithToast, requireActor, requireCsrf } from '#app/platform/session.server'
import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { issueSessionCookie } from '../session-cookies.server'

export const access = signedInPage

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requireActor(request, context)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const remember = await sessionRemembered(context.deps, readAuthCookie(request))
  const cookie = await issueSessionCookie(request, context, actor, { remember, replace: true })
  const back = formData.get('redirectTo')
  return redirectWithToast(
    request,
    context,
    safeRedirectPath(typeof back === 'string' ? back : null, '/brands'),
    { kind: 'success', message: 'Your session has been refreshed.' },
    { headers: [['Set-Cookie', cookie]] },
  )
}

export function loader() {
  return redirect('/brands')
}
