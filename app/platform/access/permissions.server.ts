// The permission gate for pages, and the grantee query. Route rules are pure (app/platform/access); this
// module adds what needs the database: brands of line- and collection-scoped routes.
import { decideAccess, matchRoute, type AccessDecision, type Grant } from '#app/platform/access/permissions'
import type { ServiceDeps } from '#app/platform/context.server'
import { locate } from '#app/platform/access/model-registry.server'
import type { Actor } from '#app/platform/access/actor'

export async function authorizePath(deps: ServiceDeps, actor: Actor | null, pathname: string): Promise<AccessDecision> {
  const match = matchRoute(pathname)
  const viewer = { signedIn: actor !== null, grants: actor?.grants ?? [] }
  let resolvedBrand: string | null = null
  const { access } = match.rule
  if (access.kind === 'model' && actor) {
    const id = match.params.line ?? match.params.collection ?? ''
    resolvedBrand = (await locate(deps, { model: access.model, key: id }))?.brandKey ?? null
  }
  return decideAccess(match, viewer, resolvedBrand)
}

/** GET /api/permission/query/grantee: the actor's grants. */
export function listGrantsOf(actor: Actor): Grant[] {
  return actor.grants
}
