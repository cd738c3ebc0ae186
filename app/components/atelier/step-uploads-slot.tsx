// THE SLOT of a wizard file step where its upload area and file list go (atelier.md §2 Wizard:
// several files at once, View Uploads with slide and list views, Add more files, folders, row
// actions). The step shell (`style+/$styleKey._wizard.$step.tsx`) renders it with everything the
// area needs to know; until the references work fills it, it shows the upload area's empty state.
import { EmptyState } from '#app/components/ui/misc'
import { UPLOAD_EMPTY_TEXT, type StyleStep, type WizardViewType } from '#app/lib/style-steps'

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
}

export function StepUploadsSlot(props: StepUploadsSlotProps) {
  return (
    <div
      data-testid="step-uploads-slot"
      data-step={props.step}
      data-tab={props.tab ?? undefined}
      data-view={props.view ? `${props.view.type}/${props.view.step}` : undefined}
    >
      <EmptyState title="No files yet">{UPLOAD_EMPTY_TEXT}</EmptyState>
    </div>
  )
}
