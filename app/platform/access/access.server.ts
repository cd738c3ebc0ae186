// The one access check of the services: does the actor hold an ability on a record? The record's
// brand and ancestors come from the model registry, the effective grant from app/platform/access/abilities.
// No grant at all reads as "not found", so keys cannot be probed; a weaker grant is a permission
// error (docs/decisions/007, 034).
import { AppError, notFound, permissionError } from '#app/platform/errors'
import { allows, effectiveGrant, grantTypesFor, type Ability, type ModelRef } from '#app/platform/access/abilities'
import type { GrantType } from '#app/platform/access/grants'
import type { ServiceDeps } from '#app/platform/context.server'
import { locate } from '#app/platform/access/model-registry.server'
import type { Actor } from '#app/platform/access/actor'

export interface Target {
  model: string
  key: string
}

export interface Access {
  brandKey: string
  /** The actor's effective grant on the record. */
  grant: GrantType
  chain: ModelRef[]
}

export const brandRef = (key: string): Target => ({ model: 'Brand', key })

function decide(actor: Actor, ability: Ability, target: Target, brandKey: string, chain: ModelRef[]): Access {
  const grant = effectiveGrant(actor.grants, chain)
  if (grant === null) throw notFound(target.model)
  if (!allows(ability, grant)) {
    throw permissionError(
      `This needs ${grantTypesFor(ability).join(' or ')} access to the ${target.model.toLowerCase()}.`,
    )
  }
  return { brandKey, grant, chain }
}

/** Throws NotFound or PermissionError unless the actor holds the ability on the record. */
export async function requireAbility(
  deps: ServiceDeps,
  actor: Actor,
  ability: Ability,
  target: Target,
): Promise<Access> {
  const located = await locate(deps, target)
  if (!located) throw notFound(target.model)
  return decide(actor, ability, target, located.brandKey, located.chain)
}

/** The same check on a brand itself, which needs no lookup. */
export function requireBrandAbility(actor: Actor, ability: Ability, brandKey: string): Access {
  return decide(actor, ability, brandRef(brandKey), brandKey, [{ model: 'Brand', key: brandKey }])
}

/** Whether the actor holds the ability on a brand itself. */
export function hasBrandAbility(actor: Actor, ability: Ability, brandKey: string): boolean {
  try {
    requireBrandAbility(actor, ability, brandKey)
    return true
  } catch (error) {
    if (error instanceof AppError && (error.type === 'NotFound' || error.type === 'PermissionError')) return false
    throw error
  }
}

/** Whether the actor holds the ability on the record (false for an unknown one). */
export async function hasAbility(deps: ServiceDeps, actor: Actor, ability: Ability, target: Target): Promise<boolean> {
  try {
    await requireAbility(deps, actor, ability, target)
    return true
  } catch (error) {
    if (error instanceof AppError && (error.type === 'NotFound' || error.type === 'PermissionError')) return false
    throw error
  }
}
