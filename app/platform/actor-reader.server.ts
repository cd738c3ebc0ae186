// Who a request is signed in as, for every entry that is not a feature: the page guard, socket.io's
// handshake and the Yjs upgrade. Identity says how (the session cookie; the bearer token where the
// caller allows it) by registering its reader at start.
import type { Actor } from '#app/platform/access/actor'
import type { ServiceDeps } from '#app/platform/context.server'
import type { HeaderSource } from '#app/platform/session-cookie.server'

/** Who a request's headers are signed in as: AuthNoSession or AuthInvalidSession when nobody. */
export type ActorReader = (deps: ServiceDeps, headers: HeaderSource) => Promise<Actor>

let registered: ActorReader | null = null

/**
 * Identity registers how a session becomes an actor at start (features/identity/models.server.ts),
 * so the page guard (session.server.ts) and the realtime layer name no feature.
 */
export function registerActorReader(reader: ActorReader): void {
  registered = reader
}

/** The actor behind a request's headers (the session cookie only, as browsers send it). */
export function readActor(deps: ServiceDeps, headers: HeaderSource): Promise<Actor> {
  if (!registered) throw new Error('No actor reader: registerFeatureModels() was not called at start')
  return registered(deps, headers)
}
