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

/** How a step reads on the summary and in the wizard's list (§4: side steps show their state). */
export type StepState = 'completed' | 'inprogress' | 'notstarted' | 'notapplicable'

export const STEP_STATE_LABELS: Record<StepState, string> = {
  completed: 'Completed',
  inprogress: 'In progress',
  notstarted: 'Not started',
  notapplicable: 'Not applicable',
}

/** A stored status as the pages show it; `true` (an older client's value) reads as completed. */
export function stepState(status: unknown): StepState {
  if (status === true || status === 'true' || status === 'completed') return 'completed'
  if (status === 'inprogress') return 'inprogress'
  if (status === 'notapplicable') return 'notapplicable'
  return 'notstarted'
}

/** The step columns of a style row, as the services read them. */
export type StepColumns = Partial<Record<StyleStepColumn, unknown>>

export interface StepProgress {
  key: StyleStep
  label: string
  state: StepState
  complete: boolean
}

export interface StyleProgress {
  /** Steps that count as complete (§4), Not applicable included. */
  complete: number
  total: number
  steps: StepProgress[]
}

/** Where a style stands: each step's state and the count of complete steps, "4 of 6 steps". */
export function styleProgress(row: StepColumns): StyleProgress {
  const steps = STYLE_STEPS.map((step) => ({
    key: step.key,
    label: step.label,
    state: stepState(row[step.column]),
    complete: isStepComplete(row[step.column]),
  }))
  return { complete: steps.filter((step) => step.complete).length, total: steps.length, steps }
}

/** The count of complete steps alone (the atelier list). */
export function completeStepCount(row: StepColumns): number {
  return STYLE_STEPS.filter((step) => isStepComplete(row[step.column])).length
}

/** The step after this one, or null after Final Files (Continue then leads to the style page). */
export function nextStep(step: StyleStep): StyleStep | null {
  const index = STYLE_STEPS.findIndex((candidate) => candidate.key === step)
  return STYLE_STEPS[index + 1]?.key ?? null
}

export function stepLabel(step: StyleStep): string {
  return STYLE_STEPS.find((candidate) => candidate.key === step)!.label
}

/**
 * What `PUT /api/style/model/{id}` stores for a value sent as a step status: the three stored
 * words as they are; `true` as 'completed' and `false` (or null) as not started, so every reader
 * sees one of four states (docs/decisions/115). Undefined for anything else: a ValidationError.
 */
export function storedStepStatus(value: unknown): StepStatus | null | undefined {
  if (value === true || value === 'true') return 'completed'
  if (value === false || value === 'false' || value === null || value === '') return null
  if (typeof value === 'string' && (STEP_STATUSES as readonly string[]).includes(value)) return value as StepStatus
  return undefined
}

/** The wizard's tabs (§2): Graphic & Prints has Graphic and Print; Patterns has 3D CAD Pattern. */
export const STEP_TABS: Partial<Record<StyleStep, readonly { key: string; label: string }[]>> = {
  patterns: [
    { key: 'pattern', label: 'Patterns' },
    { key: '3d-cad', label: '3D CAD Pattern' },
  ],
  graphics: [
    { key: 'graphic', label: 'Graphic' },
    { key: 'print', label: 'Print' },
  ],
}

/** The tab asked for in `?tab=`, or the step's first; null for a step without tabs. */
export function stepTab(step: StyleStep, asked: string | null): string | null {
  const tabs = STEP_TABS[step]
  if (!tabs) return null
  return tabs.find((tab) => tab.key === asked)?.key ?? tabs[0]!.key
}

/** §2: the upload area's empty-state text, the same on every file step. */
export const UPLOAD_EMPTY_TEXT = 'File types: DXF AAMA/ASTM and RUL .jpg .pdf .png etc.'

/**
 * Each step's help text with the types it takes (§2: each step lists its supported types; pattern
 * guidance and the Final Files rule in the spec's words). Types follow the file families of §9.
 */
export const STEP_HELP: Record<StyleStep, { text: string; types: string }> = {
  techpack: {
    text: 'Upload the tech pack and its specification sheets: measurements, construction details and bill of materials.',
    types: '.pdf .ai .psd .xlsx .xls .csv .doc .docx .jpg .png',
  },
  patterns: {
    text: 'Pattern files: DXF AAMA/ASTM and RUL, or images that state scale and grading.',
    types: '.dxf .rul .jpg .png .pdf .zprj',
  },
  materials: {
    text: 'Add the fabrics, trims, hardware and branding of this style, with their colours front and back.',
    types: '.jpg .png .webp .u3m .zfab .sbsar .xtex',
  },
  graphics: {
    text: 'Upload the graphics and prints placed on this style, each on its tab.',
    types: '.ai .psd .svg .pdf .jpg .png .gif',
  },
  references: {
    text: 'Add any other references: mood images, sketches, fit notes or videos.',
    types: '.jpg .png .webp .gif .pdf .mp4 .mov .doc .docx .zip',
  },
  final: {
    text: 'Upload only approved files. These are the final files of the style.',
    types: '.zprj .zpac .obj .fbx .gltf .glb .u3m .jpg .png .pdf',
  },
}

/**
 * The extended wizard form `…/{step}/{view_type}/{view_step}` (§2): the upload state, the preview
 * (View Uploads) and a folder opened in the step. Other view types are not found (docs/decisions/119).
 */
export const WIZARD_VIEW_TYPES = ['upload', 'preview', 'folder'] as const
export type WizardViewType = (typeof WIZARD_VIEW_TYPES)[number]

export function isWizardViewType(value: unknown): value is WizardViewType {
  return typeof value === 'string' && (WIZARD_VIEW_TYPES as readonly string[]).includes(value)
}
