// Pure onboarding rules (access.md §2 "Onboarding stepper", §4 "Onboarding completion flags",
// §6 "Onboarding steps"): the four steps and their paths, which steps a user sees by grant, when
// a step counts as done, the status each completed step leads to, and where Finish lands.
// The progression is explained in docs/decisions/022-onboarding-progression.md.
import { allows, brandGrant, type Ability } from '#app/platform/access/abilities'
import type { Grant } from '#app/platform/access/grants'
import { hasBrandAbility } from '#app/platform/access/permissions'

export const ONBOARDING_STEPS = [
  { id: 'company', label: 'Company Profile', ability: 'brand.edit' },
  { id: 'personal', label: 'Personal Profile', ability: null },
  { id: 'security', label: 'Security & Privacy', ability: null },
  { id: 'branding', label: 'Branding/Marketing', ability: 'branding.edit' },
] as const satisfies readonly { id: string; label: string; ability: Ability | null }[]

export type OnboardingStepId = (typeof ONBOARDING_STEPS)[number]['id']

export function isOnboardingStep(value: unknown): value is OnboardingStepId {
  return ONBOARDING_STEPS.some((step) => step.id === value)
}

export function isOnboarding(status: string): boolean {
  return status.startsWith('onboarding')
}

/** The page of a step; brand steps need the brand the user onboards with. */
export function stepPath(step: OnboardingStepId, brandKey: string | null): string {
  const brand = encodeURIComponent(brandKey ?? '')
  switch (step) {
    case 'company':
      return `/brand/${brand}/edit`
    case 'personal':
      return '/settings/profile'
    case 'security':
      return '/settings/security'
    case 'branding':
      return `/brand/${brand}/customization`
  }
}

/** The step whose page this is, if any. */
export function stepForPath(pathname: string): OnboardingStepId | null {
  const path = pathname.replace(/\/+$/, '') || '/'
  if (path === '/settings/profile') return 'personal'
  if (path === '/settings/security') return 'security'
  if (/^\/brand\/[^/]+\/edit$/.test(path)) return 'company'
  if (/^\/brand\/[^/]+\/customization$/.test(path)) return 'branding'
  return null
}

/**
 * Steps the user sees: company profile and branding need owner or editor on the brand, personal
 * profile and security need any of the three grants. Without a brand, the two personal steps
 * remain so that an account can always finish onboarding.
 */
export function visibleSteps(grants: readonly Grant[], brandKey: string | null): OnboardingStepId[] {
  const held = brandKey ? brandGrant(grants, brandKey) : null
  return ONBOARDING_STEPS.filter((step) => step.ability === null || allows(step.ability, held)).map((step) => step.id)
}

/** Completion flags exactly as access.md §4 lists them. */
export function isStepDone(step: OnboardingStepId, status: string): boolean {
  switch (step) {
    case 'company':
      return [
        'onboarded',
        'onboarding-personal',
        'onboarding-team',
        'onboarding-features',
        'onboarding-security',
      ].includes(status)
    case 'personal':
      return ['onboarded', 'onboarding-features', 'onboarding-security'].includes(status)
    case 'security':
      return ['onboarded', 'onboarding-branding'].includes(status)
    case 'branding':
      return status === 'onboarded'
  }
}

/** The status that marks a step done: the status named after the step that comes next. */
export const STATUS_AFTER_STEP: Record<OnboardingStepId, string> = {
  company: 'onboarding-personal',
  personal: 'onboarding-security',
  security: 'onboarding-branding',
  branding: 'onboarded',
}

/**
 * How far along a status is. Team and features are steps the product does not show; they sit
 * where their flags put them (team like personal, features like security).
 */
const PROGRESS: Record<string, number> = {
  'onboarding-team': 1,
  'onboarding-personal': 1,
  'onboarding-features': 2,
  'onboarding-security': 2,
  'onboarding-branding': 3,
  onboarded: 4,
}

export function onboardingProgress(status: string): number {
  return PROGRESS[status] ?? 0
}

/** A status may only move forward (or stay); going back to onboarding is not offered. */
export function isForwardStatusChange(from: string, to: string): boolean {
  return to === from || onboardingProgress(to) > onboardingProgress(from)
}

/**
 * The status after Continue on a step: the step's own status when that moves the account
 * forward, otherwise unchanged, so revisiting an earlier step never undoes later ones. On the
 * last visible step Continue is Finish and the account is onboarded.
 */
export function statusAfterContinue(step: OnboardingStepId, status: string, visible: readonly OnboardingStepId[]) {
  if (visible[visible.length - 1] === step) return 'onboarded'
  const next = STATUS_AFTER_STEP[step]
  return onboardingProgress(next) > onboardingProgress(status) ? next : status
}

/** The step after this one among the visible steps, or null on the last. */
export function nextStep(step: OnboardingStepId, visible: readonly OnboardingStepId[]): OnboardingStepId | null {
  const index = visible.indexOf(step)
  if (index === -1) return visible[0] ?? null
  return visible[index + 1] ?? null
}

/** Where an onboarding account starts or resumes: the first visible step not done yet. */
export function resumeStep(status: string, visible: readonly OnboardingStepId[]): OnboardingStepId | null {
  return visible.find((step) => !isStepDone(step, status)) ?? visible[0] ?? null
}

export interface OrderedGrant extends Grant {
  /** Brand of the model the grant is on. */
  brand: string
}

/**
 * Where Finish lands (access.md §2): an owner of the brand goes to the brand home; others go to
 * the products page filtered by their first Line, Collection or Style grant, else plain products.
 * `grants` come oldest first.
 */
export function landingAfterOnboarding(grants: readonly OrderedGrant[], brandKey: string | null): string {
  if (brandKey && hasBrandAbility(grants, brandKey, 'team.manage')) return `/brand/${encodeURIComponent(brandKey)}`
  const filters = { Line: 'lines', Collection: 'collections', Style: 'styles' } as const
  const first = grants.find(
    (grant): grant is OrderedGrant & { model: keyof typeof filters } =>
      grant.model in filters && (!brandKey || grant.brand === brandKey),
  )
  if (first) {
    return `/brand/${encodeURIComponent(first.brand)}/products?${filters[first.model]}=${encodeURIComponent(first.model_id)}`
  }
  if (brandKey) return `/brand/${encodeURIComponent(brandKey)}/products`
  return '/brands'
}

/**
 * The brand settings and onboarding work with: the preferred brand when the user still holds a
 * grant on it, else the brand of the user's oldest brand grant.
 */
export function currentBrandKey(preferredBrand: string | null | undefined, grants: readonly Grant[]): string | null {
  if (preferredBrand && hasBrandAbility(grants, preferredBrand)) return preferredBrand
  return grants.find((grant) => grant.model === 'Brand')?.model_id ?? null
}

export interface StepperState {
  step: OnboardingStepId
  brand: string | null
  last: boolean
  /**
   * On the branding page the step list is hidden (the editor needs the room, "not on
   * customization"); only Finish and Skip remain.
   */
  compact: boolean
  steps: { id: OnboardingStepId; label: string; path: string; done: boolean; current: boolean }[]
}

/**
 * What the stepper shows on a page, or null when it does not show: the account is not
 * onboarding, the page is not a step, or the step is not one the user sees. Brand steps use the
 * brand in the path; the others the current brand.
 */
export function stepperState(
  status: string,
  grants: readonly Grant[],
  preferredBrand: string | null | undefined,
  pathname: string,
): StepperState | null {
  if (!isOnboarding(status)) return null
  const step = stepForPath(pathname)
  if (!step) return null
  const pathBrand = /^\/brand\/([^/]+)\//.exec(pathname)?.[1]
  const brand = pathBrand ? decodeURIComponent(pathBrand) : currentBrandKey(preferredBrand, grants)
  const visible = visibleSteps(grants, brand)
  if (!visible.includes(step)) return null
  return {
    step,
    brand,
    last: visible[visible.length - 1] === step,
    compact: step === 'branding',
    steps: visible.map((id) => ({
      id,
      label: ONBOARDING_STEPS.find((s) => s.id === id)!.label,
      path: stepPath(id, brand),
      done: isStepDone(id, status),
      current: id === step,
    })),
  }
}
