import { describe, expect, it } from 'vitest'
import type { Grant } from '#app/platform/access/permissions'
import {
  currentBrandKey,
  isForwardStatusChange,
  isStepDone,
  landingAfterOnboarding,
  nextStep,
  resumeStep,
  statusAfterContinue,
  stepForPath,
  stepPath,
  stepperState,
  visibleSteps,
  type OnboardingStepId,
} from './onboarding-rules'

const brandGrant = (brand: string, type: Grant['type']): Grant => ({ model: 'Brand', model_id: brand, type })

describe('onboarding steps', () => {
  it('names the page of each step', () => {
    expect(stepPath('company', 'b1')).toBe('/brand/b1/edit')
    expect(stepPath('personal', 'b1')).toBe('/settings/profile')
    expect(stepPath('security', 'b1')).toBe('/settings/security')
    expect(stepPath('branding', 'b1')).toBe('/brand/b1/customization')
  })

  it('knows the step of a page', () => {
    expect(stepForPath('/brand/b1/edit')).toBe('company')
    expect(stepForPath('/settings/profile/')).toBe('personal')
    expect(stepForPath('/settings/security')).toBe('security')
    expect(stepForPath('/brand/b1/customization')).toBe('branding')
    expect(stepForPath('/settings/profile/picture')).toBeNull()
    expect(stepForPath('/brand/b1')).toBeNull()
  })

  it('shows company profile and branding only to owners and editors', () => {
    expect(visibleSteps([brandGrant('b1', 'owner')], 'b1')).toEqual(['company', 'personal', 'security', 'branding'])
    expect(visibleSteps([brandGrant('b1', 'editor')], 'b1')).toEqual(['company', 'personal', 'security', 'branding'])
    expect(visibleSteps([brandGrant('b1', 'read')], 'b1')).toEqual(['personal', 'security'])
    expect(visibleSteps([brandGrant('b2', 'owner')], 'b1')).toEqual(['personal', 'security'])
    expect(visibleSteps([], null)).toEqual(['personal', 'security'])
  })
})

describe('completion flags (access.md §4)', () => {
  const table: [string, Record<OnboardingStepId, boolean>][] = [
    ['onboarded', { company: true, personal: true, security: true, branding: true }],
    ['onboarding-personal', { company: true, personal: false, security: false, branding: false }],
    ['onboarding-team', { company: true, personal: false, security: false, branding: false }],
    ['onboarding-features', { company: true, personal: true, security: false, branding: false }],
    ['onboarding-security', { company: true, personal: true, security: false, branding: false }],
    ['onboarding-branding', { company: false, personal: false, security: true, branding: false }],
  ]
  for (const [status, flags] of table) {
    it(`${status}`, () => {
      for (const [step, done] of Object.entries(flags)) {
        expect(isStepDone(step as OnboardingStepId, status), step).toBe(done)
      }
    })
  }
})

describe('progression', () => {
  const all: OnboardingStepId[] = ['company', 'personal', 'security', 'branding']
  const readOnly: OnboardingStepId[] = ['personal', 'security']

  it('marks each step done by moving to the status named after the next step', () => {
    expect(statusAfterContinue('company', 'onboarding-personal', all)).toBe('onboarding-personal')
    expect(statusAfterContinue('personal', 'onboarding-personal', all)).toBe('onboarding-security')
    expect(statusAfterContinue('security', 'onboarding-security', all)).toBe('onboarding-branding')
    expect(statusAfterContinue('branding', 'onboarding-branding', all)).toBe('onboarded')
    expect(isStepDone('personal', statusAfterContinue('personal', 'onboarding-personal', all))).toBe(true)
    expect(isStepDone('security', statusAfterContinue('security', 'onboarding-security', all))).toBe(true)
  })

  it('never moves back when an earlier step is continued again', () => {
    expect(statusAfterContinue('company', 'onboarding-security', all)).toBe('onboarding-security')
    expect(statusAfterContinue('personal', 'onboarding-branding', all)).toBe('onboarding-branding')
  })

  it('finishes on the last visible step', () => {
    expect(statusAfterContinue('security', 'onboarding-personal', readOnly)).toBe('onboarded')
  })

  it('moves to the next visible step, none after the last', () => {
    expect(nextStep('company', all)).toBe('personal')
    expect(nextStep('security', all)).toBe('branding')
    expect(nextStep('branding', all)).toBeNull()
    expect(nextStep('security', readOnly)).toBeNull()
    expect(nextStep('company', readOnly)).toBe('personal')
  })

  it('resumes at the first visible step not done', () => {
    expect(resumeStep('onboarding-personal', all)).toBe('personal')
    expect(resumeStep('onboarding-security', readOnly)).toBe('security')
    expect(resumeStep('onboarding-branding', all)).toBe('company')
  })

  it('lets a status only move forward', () => {
    expect(isForwardStatusChange('onboarding-personal', 'onboarding-security')).toBe(true)
    expect(isForwardStatusChange('onboarding-personal', 'onboarded')).toBe(true)
    expect(isForwardStatusChange('onboarding-security', 'onboarding-security')).toBe(true)
    expect(isForwardStatusChange('onboarded', 'onboarding-personal')).toBe(false)
    expect(isForwardStatusChange('onboarding-branding', 'onboarding-personal')).toBe(false)
  })
})

describe('landing after Finish', () => {
  it('sends an owner to the brand home', () => {
    expect(landingAfterOnboarding([{ ...brandGrant('b1', 'owner'), brand: 'b1' }], 'b1')).toBe('/brand/b1')
  })
  it('sends others to products filtered by their first line, collection or style grant', () => {
    const grants = [
      { ...brandGrant('b1', 'read'), brand: 'b1' },
      { model: 'Team' as const, model_id: 't1', type: 'read' as const, brand: 'b1' },
      { model: 'Collection' as const, model_id: 'c1', type: 'read' as const, brand: 'b1' },
      { model: 'Line' as const, model_id: 'l1', type: 'read' as const, brand: 'b1' },
    ]
    expect(landingAfterOnboarding(grants, 'b1')).toBe('/brand/b1/products?collections=c1')
    expect(landingAfterOnboarding([{ model: 'Style', model_id: 's1', type: 'editor', brand: 'b1' }], 'b1')).toBe(
      '/brand/b1/products?styles=s1',
    )
  })
  it('falls back to plain products, then the brand list', () => {
    expect(landingAfterOnboarding([{ ...brandGrant('b1', 'editor'), brand: 'b1' }], 'b1')).toBe('/brand/b1/products')
    expect(landingAfterOnboarding([], null)).toBe('/brands')
  })
})

describe('current brand', () => {
  it('is the preferred brand while the user holds a grant on it, else the oldest brand grant', () => {
    const grants = [brandGrant('b2', 'read'), brandGrant('b1', 'owner')]
    expect(currentBrandKey('b1', grants)).toBe('b1')
    expect(currentBrandKey('gone', grants)).toBe('b2')
    expect(currentBrandKey(null, grants)).toBe('b2')
    expect(currentBrandKey(null, [])).toBeNull()
  })
})

describe('stepper state', () => {
  const owner = [brandGrant('b1', 'owner')]
  it('shows on step pages of onboarding accounts only', () => {
    expect(stepperState('onboarded', owner, 'b1', '/settings/profile')).toBeNull()
    expect(stepperState('onboarding-personal', owner, 'b1', '/brands')).toBeNull()
    expect(stepperState('onboarding-personal', [brandGrant('b1', 'read')], 'b1', '/brand/b1/edit')).toBeNull()
  })
  it('lists the visible steps with their flags and marks the current one', () => {
    const state = stepperState('onboarding-security', owner, 'b1', '/settings/security')!
    expect(state).toMatchObject({ step: 'security', brand: 'b1', last: false, compact: false })
    expect(state.steps).toEqual([
      { id: 'company', label: 'Company Profile', path: '/brand/b1/edit', done: true, current: false },
      { id: 'personal', label: 'Personal Profile', path: '/settings/profile', done: true, current: false },
      { id: 'security', label: 'Security & Privacy', path: '/settings/security', done: false, current: true },
      { id: 'branding', label: 'Branding/Marketing', path: '/brand/b1/customization', done: false, current: false },
    ])
  })
  it('is compact and last on the branding page', () => {
    expect(stepperState('onboarding-branding', owner, null, '/brand/b1/customization')).toMatchObject({
      step: 'branding',
      last: true,
      compact: true,
    })
  })
  it('ends with security for a read member', () => {
    expect(stepperState('onboarding-personal', [brandGrant('b1', 'read')], 'b1', '/settings/security')).toMatchObject({
      last: true,
    })
  })
})
