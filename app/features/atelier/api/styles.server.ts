// Styles of the virtual atelier (atelier.md §7): GET and PUT /api/style/model/{id}, the Style of
// §3 with its step statuses and tags. The service checks every permission.
import { getStyle, updateStyle } from '#app/features/atelier/styles.server'
import { requireActor, stringField, type Endpoint } from '#app/platform/api/endpoint.server'

export const styleEndpoints: Endpoint[] = [
  {
    verb: 'GET',
    path: 'style/model/:key',
    auth: true,
    handle: (deps, call) => getStyle(deps, requireActor(call), call.key!, stringField(call.query, 'brand')),
  },
  {
    verb: 'PUT',
    path: 'style/model/:key',
    auth: true,
    handle: (deps, call) => updateStyle(deps, requireActor(call), call.key!, call.body),
  },
]
