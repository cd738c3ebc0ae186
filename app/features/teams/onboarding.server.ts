// Onboarding use cases behind the stepper's Continue, Skip and Finish (access.md §2, §4). The
// rules are pure (app/features/teams/onboarding-rules.ts); this module checks the step's required fields are
// stored, stores the status, posts "Onboarding Complete" and says where to go next.
import { asc, eq } from 'drizzle-orm'
import { accounts, brands, grants } from '#db/schema'
import { AppError, permissionError } from '#app/platform/errors'
import {
  currentBrandKey,
  isOnboarding,
  landingAfterOnboarding,
  nextStep,
  statusAfterContinue,
  stepPath,
  visibleSteps,
  type OnboardingStepId,
  type OrderedGrant,
} from '#app/features/teams/onboarding-rules'
import { hasBrandAbility, type GrantModel, type GrantType } from '#app/platform/access/permissions'
import type { ServiceDeps } from '#app/platform/context.server'
import { notifyAccount } from '#app/features/notifications/index.server'
import type { Actor } from '#app/platform/access/actor'

export const ONBOARDING_COMPLETE = 'Onboarding Complete'

export interface OnboardingMove {
  step: OnboardingStepId
  /** continue: the step is done (Finish on the last step); skip: move on without marking it. */
  intent: 'continue' | 'skip'
  /** The brand the stepper shows; ignored unless the actor holds a grant on it. */
  brand?: string | null
}

/** The actor's grants oldest first, each with the brand its model belongs to. */
async function orderedGrants(deps: ServiceDeps, accountKey: string): Promise<OrderedGrant[]> {
  const rows = await deps.db
    .select({ model: grants.model, modelId: grants.modelId, type: grants.type, brand: grants.brandKey })
    .from(grants)
    .where(eq(grants.accountKey, accountKey))
    .orderBy(asc(grants.created), asc(grants.key))
  return rows.map((row) => ({
    model: row.model as GrantModel,
    model_id: row.modelId,
    type: row.type as GrantType,
    brand: row.brand,
  }))
}

const filled = (value: string | null | undefined) => Boolean(value && value.trim())

/**
 * The step's required fields that are not stored. Continue saves the step page's open form first
 * (the page's action, with the form's own validation, docs/decisions/039) and then moves here; a
 * step whose required fields are still missing, in that form or another of the page, is refused.
 */
async function missingOnStep(
  deps: ServiceDeps,
  actor: Actor,
  step: OnboardingStepId,
  brandKey: string | null,
): Promise<string[]> {
  if (step === 'personal') {
    const [row] = await deps.db.select().from(accounts).where(eq(accounts.key, actor.key)).limit(1)
    if (!row) return []
    const required: [string, string | null][] = [
      ['First Name', row.first],
      ['Last Name', row.last],
      ['Title', row.title],
      ['Department', row.department],
    ]
    return required.filter(([, value]) => !filled(value)).map(([label]) => label)
  }
  if (step === 'company' && brandKey) {
    const [row] = await deps.db.select().from(brands).where(eq(brands.key, brandKey)).limit(1)
    if (!row) return []
    const required: [string, string | null | undefined][] = [
      ['Profile Name', row.name],
      ['Legal Name', row.legalName],
      ['Address 1', row.address.street],
      ['Address 2', row.address.suite],
      ['Country', row.address.country],
    ]
    return required.filter(([, value]) => !filled(value)).map(([label]) => label)
  }
  return []
}

async function setStatus(deps: ServiceDeps, actor: Actor, status: string): Promise<void> {
  if (status === actor.status) return
  await deps.db.update(accounts).set({ status, modified: new Date() }).where(eq(accounts.key, actor.key))
  actor.status = status
}

/**
 * Continue or Skip on a step. Returns where to go: the next visible step, or after the last step
 * (Finish, and also Skip there, since onboarding has no other way to end) the landing of §2.
 */
export async function moveOnboarding(
  deps: ServiceDeps,
  actor: Actor,
  move: OnboardingMove,
): Promise<{ redirectTo: string; finished: boolean }> {
  if (!isOnboarding(actor.status)) throw new AppError('Conflict', 'Onboarding is already complete.')
  const brand =
    move.brand && hasBrandAbility(actor.grants, move.brand)
      ? move.brand
      : currentBrandKey(actor.preferences.brand, actor.grants)
  const visible = visibleSteps(actor.grants, brand)
  if (!visible.includes(move.step)) throw permissionError('This onboarding step is not part of your onboarding.')

  if (move.intent === 'continue') {
    const missing = await missingOnStep(deps, actor, move.step, brand)
    if (missing.length > 0) {
      throw new AppError('ValidationError', `Fill in ${missing.join(', ')} and press Update before you continue.`)
    }
  }
  const next = nextStep(move.step, visible)
  if (next === null) return { redirectTo: await finishOnboarding(deps, actor, brand), finished: true }
  if (move.intent === 'continue') await setStatus(deps, actor, statusAfterContinue(move.step, actor.status, visible))
  return { redirectTo: stepPath(next, brand), finished: false }
}

/** Sets status onboarded, posts "Onboarding Complete" to the account and returns its landing. */
export async function finishOnboarding(deps: ServiceDeps, actor: Actor, brand: string | null): Promise<string> {
  await setStatus(deps, actor, 'onboarded')
  await notifyOnboardingComplete(deps, actor, brand)
  return landingAfterOnboarding(await orderedGrants(deps, actor.key), brand)
}

/** The "Onboarding Complete" notification, stored for the account itself (no other recipient). */
export async function notifyOnboardingComplete(deps: ServiceDeps, actor: Actor, brand: string | null): Promise<void> {
  await notifyAccount(deps, {
    accountKey: actor.key,
    actor: null,
    brandKey: brand,
    action: ONBOARDING_COMPLETE,
    targetKind: 'Account',
    targetId: actor.key,
    segments: [],
  })
}
