// The records of identity (accounts, which belong to no brand), registered with the access module,
// and how a request's session becomes an actor, registered with the page guard.
import { accounts } from '#db/schema'
import { registerModel } from '#app/platform/access/model-registry.server'
import { registerActorReader } from '#app/platform/actor-reader.server'
import { actorFromHeaders } from './session-reader.server'

export function registerIdentityModels(): void {
  registerModel('Account', { table: accounts, key: accounts.key, brand: null, grantable: false })
  registerActorReader((deps, headers) => actorFromHeaders(deps, headers))
}
