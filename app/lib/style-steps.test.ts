import { describe, expect, it } from 'vitest'
import { isStepComplete, isStyleStep, stepColumn, STYLE_STEPS } from './style-steps'

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
})
