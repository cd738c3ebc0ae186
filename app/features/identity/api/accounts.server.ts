// Account endpoints of the settings work: the caller's own account (access.md §7
// PUT /api/account/model/{key}, also used with status onboarded) and GET for the same.
import { getAccount, updateAccount } from '#app/features/identity/account-profile.server'
import { requireActor, type Endpoint } from '#app/platform/api/endpoint.server'

export const accountEndpoints: Endpoint[] = [
  {
    verb: 'GET',
    path: 'account/model/:key',
    auth: true,
    handle: (deps, call) => getAccount(deps, requireActor(call), call.key!),
  },
  {
    verb: 'PUT',
    path: 'account/model/:key',
    auth: true,
    handle: (deps, call) => updateAccount(deps, requireActor(call), call.key!, call.body),
  },
]
