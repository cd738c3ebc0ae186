// Activities: who did what to which object, recorded at the client's request (atelier.md §7
// `POST /api/activity/method/{action}`). Today the atelier's downloads: a reference image and a
// reference's pattern. The actor must be able to view the object's brand (docs/decisions/041).
import { activities } from '#db/schema'
import { newKey } from '#app/platform/ids'
import { AppError } from '#app/platform/errors'
import { requireAbility } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import type { Actor } from '#app/platform/access/actor'

/** Each action the API records, with the model its object is. */
export const ACTIVITY_ACTIONS = {
  'reference-downloaded': 'Reference',
  'reference-pattern-downloaded': 'Reference',
} as const
export type ActivityAction = keyof typeof ACTIVITY_ACTIONS

export function isActivityAction(value: unknown): value is ActivityAction {
  return typeof value === 'string' && Object.hasOwn(ACTIVITY_ACTIONS, value)
}

export interface ActivityInput {
  /** The reference's key (atelier.md §7 `reference`). */
  reference?: unknown
  /** Sent by the client beside the path's action; when present it must be the same. */
  activity?: unknown
  asset_type?: unknown
}

export interface ActivityView {
  key: string
  brand: string
  account: string
  action: ActivityAction
  model: string
  model_id: string
  asset_type: string | null
  created: string
}

const MAX_ASSET_TYPE = 100

export async function recordActivity(
  deps: ServiceDeps,
  actor: Actor,
  action: string,
  input: ActivityInput,
): Promise<ActivityView> {
  if (!isActivityAction(action)) {
    throw new AppError(
      'ValidationError',
      `Unknown activity "${action.slice(0, 60)}": expected ${Object.keys(ACTIVITY_ACTIONS).join(' or ')}.`,
    )
  }
  if (input.activity !== undefined && input.activity !== action) {
    throw new AppError('ValidationError', 'activity: does not match the action in the URL.')
  }
  if (typeof input.reference !== 'string' || input.reference.trim() === '') {
    throw new AppError('ValidationError', 'reference: the key of a reference is required.', {
      reference: ['Required'],
    })
  }
  const assetType = input.asset_type ?? null
  if (assetType !== null && (typeof assetType !== 'string' || assetType.length > MAX_ASSET_TYPE)) {
    throw new AppError('ValidationError', `asset_type: a text of at most ${MAX_ASSET_TYPE} characters.`)
  }

  // Anyone who may view the brand (or holds a grant on the reference's style) may download its
  // references; no grant at all answers NotFound, as for every object the actor cannot see.
  const reference = {
    key: input.reference.trim(),
    ...(await requireAbility(deps, actor, 'brand.view', { model: 'Reference', key: input.reference.trim() })),
  }
  const [row] = await deps.db
    .insert(activities)
    .values({
      key: newKey(),
      brandKey: reference.brandKey,
      accountKey: actor.key,
      action,
      model: ACTIVITY_ACTIONS[action],
      modelKey: reference.key,
      assetType,
    })
    .returning()
  return {
    key: row!.key,
    brand: row!.brandKey,
    account: row!.accountKey,
    action,
    model: row!.model,
    model_id: row!.modelKey,
    asset_type: row!.assetType,
    created: row!.created.toISOString(),
  }
}
