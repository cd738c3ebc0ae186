// Activities the client reports (atelier.md §7): the path names the action.
import { recordActivity, type ActivityInput } from '#app/features/notifications/activities.server'
import { requireActor, type Endpoint } from '#app/platform/api/endpoint.server'

export const activityEndpoints: Endpoint[] = [
  {
    verb: 'POST',
    // `:key` is the action, e.g. reference-downloaded; an unknown one answers 400, not 404.
    path: 'activity/method/:key',
    auth: true,
    handle: (deps, call) => recordActivity(deps, requireActor(call), call.key!, (call.body ?? {}) as ActivityInput),
  },
]
