// What the upload area receives, and the links its parts share.
import type { StepFilesData } from '../views'
import { STYLE_FILE_EXTENSIONS } from '#app/features/atelier/style-file-types'
import { type StyleStep, type WizardViewType } from '#app/features/atelier/style-steps'

export interface StepUploadsSlotProps {
  brandKey: string
  styleKey: string
  step: StyleStep
  /** The step's tab (graphic / print, pattern / 3d-cad), or null for a step without tabs. */
  tab: string | null
  /** The extended form `…/{view_type}/{view_step}`, when the address names one. */
  view: { type: WizardViewType; step: string } | null
  /** Owner or editor: may upload, rename, archive and delete. */
  canEdit: boolean
  /** The step is marked Not applicable. */
  notApplicable: boolean
  /** The step's files as its loader read them (decision 125). */
  files: StepFilesData
}

export const ACCEPT = STYLE_FILE_EXTENSIONS.map((extension) => `.${extension}`).join(',')
/** atelier.md §4: a file being scanned is re-checked after 2000 ms (here: the page is read again). */
export const RECHECK_MS = 2000

export type Hrefs = ReturnType<typeof useHrefs>

/** The addresses of the slot: all on the step's `?` form, so the extended form leads there too. */
export function useHrefs({ brandKey, styleKey, step, tab, files }: StepUploadsSlotProps) {
  const base = `/brand/${brandKey}/style/${styleKey}/${step}`
  const to = (query: Record<string, string | null | undefined>) => {
    const search = new URLSearchParams()
    if (tab) search.set('tab', tab)
    for (const [name, value] of Object.entries(query)) if (value) search.set(name, value)
    const text = search.toString()
    return `${base}${text ? `?${text}` : ''}`
  }
  const folder = files.folder?.key ?? null
  const view = files.view === 'upload' ? 'list' : files.view
  return {
    to,
    /** The page as it is now, plus these. */
    here: (query: Record<string, string | null | undefined> = {}) => to({ folder, view: files.view, ...query }),
    /** The forms' target: the step's action, told the folder (and the view to come back to). */
    action: to({ folder, view }),
    folder: (key: string | null) => to({ folder: key, view }),
    view: (name: string) => to({ folder, view: name }),
  }
}
