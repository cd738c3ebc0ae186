// POST /notifications/read: "Mark all as read" from the bell panel; returns to the page it came from.
import { markNotificationsRead } from '#app/features/notifications/notifications.server'
import { signedInPage, safeRedirectPath } from '#app/platform/access/permissions'
import { requireActor, requireCsrf, run } from '#app/platform/session.server'
import { redirect, type ActionFunctionArgs } from '@remix-run/node'

export const access = signedInPage

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requireActor(request, context)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  await run(() => markNotificationsRead(context.deps, actor, 'all'))
  const back = formData.get('redirectTo')
  return redirect(safeRedirectPath(typeof back === 'string' ? back : null, '/brands'))
}

export function loader() {
  return redirect('/brands')
}
