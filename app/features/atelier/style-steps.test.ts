import { describe, expect, it } from 'vitest'
import {
  completeStepCount,
  isStepComplete,
  isStyleStep,
  isWizardViewType,
  nextStep,
  stepColumn,
  stepState,
  stepTab,
  storedStepStatus,
  styleProgress,
  STYLE_STEPS,
} from './style-steps'

describe('style steps', () => {
  it('lists the six wizard steps in order', () => {
    expect(STYLE_STEPS.map((step) => step.label)).toEqual([
      'Tech Pack & Specs',
      'Patterns',
      'Materials',
      'Graphics & prints',
      'Additional References',
      'Final Files',
    ])
    expect(stepColumn('graphics')).toBe('statusGraphics')
    expect(isStyleStep('final')).toBe(true)
    expect(isStyleStep('samples')).toBe(false)
  })

  it('counts true, inprogress, completed and not applicable as complete', () => {
    for (const done of [true, 'true', 'inprogress', 'completed', 'notapplicable'])
      expect(isStepComplete(done)).toBe(true)
    for (const open of [null, undefined, false, 'false', '', 'draft']) expect(isStepComplete(open)).toBe(false)
  })

  it('reads a stored status as completed, in progress, not started or not applicable', () => {
    expect([true, 'true', 'completed'].map(stepState)).toEqual(['completed', 'completed', 'completed'])
    expect(stepState('inprogress')).toBe('inprogress')
    expect(stepState('notapplicable')).toBe('notapplicable')
    expect([null, undefined, false, 'draft'].map(stepState)).toEqual([
      'notstarted',
      'notstarted',
      'notstarted',
      'notstarted',
    ])
  })

  it('counts the complete steps of a style and gives each step its state', () => {
    const row = {
      statusTechpack: 'completed',
      statusPatterns: 'inprogress',
      statusMaterials: null,
      statusGraphics: 'notapplicable',
      statusReferences: null,
      statusFinal: null,
    }
    expect(completeStepCount(row)).toBe(3)
    const progress = styleProgress(row)
    expect(progress).toMatchObject({ complete: 3, total: 6 })
    expect(progress.steps.map((step) => step.state)).toEqual([
      'completed',
      'inprogress',
      'notstarted',
      'notapplicable',
      'notstarted',
      'notstarted',
    ])
    expect(completeStepCount({})).toBe(0)
  })

  it('leads Continue through the steps in order and out after Final Files', () => {
    expect(nextStep('techpack')).toBe('patterns')
    expect(nextStep('materials')).toBe('graphics')
    expect(nextStep('final')).toBeNull()
  })

  it('stores true as completed, false as not started, and refuses other words', () => {
    expect(storedStepStatus(true)).toBe('completed')
    expect(storedStepStatus('true')).toBe('completed')
    expect(storedStepStatus(false)).toBeNull()
    expect(storedStepStatus(null)).toBeNull()
    for (const word of ['inprogress', 'completed', 'notapplicable']) expect(storedStepStatus(word)).toBe(word)
    for (const bad of ['done', 1, {}, 'COMPLETED', undefined]) expect(storedStepStatus(bad)).toBeUndefined()
  })

  it('knows the tabs of Patterns and Graphic & Prints and the extended form views', () => {
    expect(stepTab('graphics', null)).toBe('graphic')
    expect(stepTab('graphics', 'print')).toBe('print')
    expect(stepTab('graphics', 'nonsense')).toBe('graphic')
    expect(stepTab('patterns', '3d-cad')).toBe('3d-cad')
    expect(stepTab('techpack', 'print')).toBeNull()
    expect(isWizardViewType('preview')).toBe(true)
    expect(isWizardViewType('samples')).toBe(false)
  })
})
