// The six steps of a style's wizard (atelier.md §2 Wizard) and how a step's stored status reads
// (§4 Style progress). Pure, shared by the services, the pages and the API.

export const STYLE_STEPS = [
  { key: 'techpack', label: 'Tech Pack & Specs', column: 'statusTechpack' },
  { key: 'patterns', label: 'Patterns', column: 'statusPatterns' },
  { key: 'materials', label: 'Materials', column: 'statusMaterials' },
  { key: 'graphics', label: 'Graphics & prints', column: 'statusGraphics' },
  { key: 'references', label: 'Additional References', column: 'statusReferences' },
  { key: 'final', label: 'Final Files', column: 'statusFinal' },
] as const

export type StyleStep = (typeof STYLE_STEPS)[number]['key']
export type StyleStepColumn = (typeof STYLE_STEPS)[number]['column']

/** What a step's column holds; null is a step nobody has touched. */
export const STEP_STATUSES = ['inprogress', 'completed', 'notapplicable'] as const
export type StepStatus = (typeof STEP_STATUSES)[number]

export function isStyleStep(value: unknown): value is StyleStep {
  return typeof value === 'string' && STYLE_STEPS.some((step) => step.key === value)
}

export function stepColumn(step: StyleStep): StyleStepColumn {
  return STYLE_STEPS.find((candidate) => candidate.key === step)!.column
}

/**
 * §4: a step counts as complete when its status is true, inprogress or completed. A step marked
 * Not applicable needs nothing more, so it counts too.
 */
export function isStepComplete(status: unknown): boolean {
  return (
    status === true ||
    status === 'true' ||
    status === 'inprogress' ||
    status === 'completed' ||
    status === 'notapplicable'
  )
}
