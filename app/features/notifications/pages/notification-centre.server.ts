// The server side of notification-centre.tsx: what its route loads and does.
import { NOTIFICATION_LIMITS } from '#app/features/notifications/notification-schemas'
import {
  clearNotifications,
  markNotificationsRead,
  notificationCentre,
  parseSelector,
} from '#app/features/notifications/notifications.server'
import { guard, redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { INTENTS, type Intent } from './notification-centre.shared'
import { brandPage } from '#app/platform/access/permissions'

// spec: not shown beyond the general brand rule; any grant on the brand
export const access = brandPage('brand.view')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const brandKey = params.brandKey!
  const before = new URL(request.url).searchParams.get('before')
  const page = await run(() => notificationCentre(context.deps, actor, { brandKey, before }))
  return json({ brandKey, before, ...page })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const brandKey = params.brandKey!
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const intent = formData.get('intent')
  if (typeof intent !== 'string' || !Object.hasOwn(INTENTS, intent)) {
    return json({ error: { type: 'ValidationError', message: 'intent: Unknown action.' } }, { status: 400 })
  }
  const fields = Object.fromEntries(formData)
  await run(async () => {
    switch (intent as Intent) {
      case 'read':
        return markNotificationsRead(context.deps, actor, parseSelector(fields, ['key']))
      case 'read-all':
        return markNotificationsRead(context.deps, actor, { all: true, brandKey })
      case 'clear':
        return clearNotifications(context.deps, actor, parseSelector(fields, ['targetId']) as { targetId: string })
      case 'clear-all':
        return clearNotifications(context.deps, actor, { all: true, brandKey })
    }
  })
  // Back to the page the form was on (an older page stays open while its items are handled).
  const before = formData.get('before')
  const back =
    typeof before === 'string' && before !== '' && before.length <= NOTIFICATION_LIMITS.key
      ? `?before=${encodeURIComponent(before)}`
      : ''
  return redirectWithToast(request, context, `/brand/${brandKey}/notifications${back}`, {
    kind: 'success',
    message: INTENTS[intent as Intent],
  })
}
