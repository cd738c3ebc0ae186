// POST /session/reset: "Reset Session" in the profile menu swaps in a fresh session cookie.
import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { authCookie, getUiSession, redirectWithToast, requireActor, requireCsrf, run } from '#app/lib/session.server'
import { safeRedirectPath } from '#app/policy/permissions'
import { resetSession } from '#app/services/auth.server'

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requireActor(request, context)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const remember = (await getUiSession(request, context)).get('remember') === true
  const fresh = await run(() => resetSession(context.deps, actor, remember))
  const back = formData.get('redirectTo')
  return redirectWithToast(
    request,
    context,
    safeRedirectPath(typeof back === 'string' ? back : null, '/brands'),
    { kind: 'success', message: 'Your session has been refreshed.' },
    {
      headers: [
        ['Set-Cookie', authCookie(context, fresh.sessionCookie, remember ? fresh.expiresInMs / 1000 : undefined)],
      ],
    },
  )
}

export function loader() {
  return redirect('/brands')
}
