// The permission gate for pages, and the grantee query. A page's declared access is pure
// (app/platform/access/page-access.ts); this module adds what needs the database: the brand of a
// line- or collection-scoped page.
import { decideAccess, type AccessDecision, type Grant, type PageAccess } from '#app/platform/access/permissions'
import type { ServiceDeps } from '#app/platform/context.server'
import { locate } from '#app/platform/access/model-registry.server'
import type { Actor } from '#app/platform/access/actor'

/** Decides a page's declaration with the route's params: its brand, line or collection key. */
export async function authorizePage(
  deps: ServiceDeps,
  actor: Actor | null,
  access: PageAccess,
  params: Readonly<Record<string, string | undefined>>,
): Promise<AccessDecision> {
  const viewer = { signedIn: actor !== null, grants: actor?.grants ?? [] }
  let brandKey: string | null = null
  if (access.kind === 'brand') brandKey = params.brandKey ?? null
  if (access.kind === 'model' && actor) {
    const key = access.model === 'Line' ? params.lineKey : params.collectionKey
    if (key) brandKey = (await locate(deps, { model: access.model, key }))?.brandKey ?? null
  }
  return decideAccess(access, viewer, brandKey)
}

/** GET /api/permission/query/grantee: the actor's grants. */
export function listGrantsOf(actor: Actor): Grant[] {
  return actor.grants
}
