// The three-step product stepper (catalogue.md §2 Stepper): the side list of numbered steps with
// their state, and the Save and Next buttons. Save submits the step's own form (by its id), so it
// works without JavaScript; Next is a link. On the last step Next first asks the spec's leave
// question, as a dialog of the page's own address (?leave), then goes to the products list.
import { Link, useLocation } from '@remix-run/react'
import type { ReactNode } from 'react'
import { Button, ButtonLink, buttonClass } from '#app/ui/button'
import { RouteDialog } from '#app/ui/dialog'
import {
  IMPORT_TEXTS,
  stepStates,
  UPLOAD_STEPS,
  type StepState,
  type UploadStepId,
} from '#app/features/imports/import-texts'

const STATE_CLASS: Record<StepState, string> = {
  completed: 'border-ink bg-ink text-white',
  'in progress': 'border-ink bg-white text-ink',
  'not started': 'border-line bg-white text-muted',
}

/** With `brandKey`, completed steps link back to their pages (the manage step's way to step 2). */
export function StepList({ current, brandKey }: { current: UploadStepId; brandKey?: string }) {
  const pathOf = (id: UploadStepId) => UPLOAD_STEPS.find((step) => step.id === id)!.path
  return (
    <nav aria-label="Upload steps" className="w-full shrink-0 lg:w-56">
      <ol className="flex gap-4 lg:flex-col" data-testid="upload-steps">
        {stepStates(current).map((step) => (
          <li
            key={step.id}
            className="flex items-center gap-3"
            aria-current={step.state === 'in progress' ? 'step' : undefined}
          >
            <span
              aria-hidden="true"
              className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-semibold ${STATE_CLASS[step.state]}`}
            >
              {step.state === 'completed' ? '✓' : step.number}
            </span>
            <span className="text-sm">
              {brandKey && step.state === 'completed' ? (
                <Link
                  to={`/brand/${brandKey}/${pathOf(step.id)}`}
                  className="font-medium underline-offset-2 hover:underline"
                >
                  {step.label}
                </Link>
              ) : (
                <span className={step.state === 'not started' ? 'text-muted' : 'font-medium'}>{step.label}</span>
              )}
              <span className="block text-xs text-muted">
                Step {step.number}: {step.state}
              </span>
            </span>
          </li>
        ))}
      </ol>
    </nav>
  )
}

export interface StepperActions {
  brandKey: string
  current: UploadStepId
  /** The id of the form Save submits; without one Save is shown disabled. */
  saveForm?: string | null
  saveLabel?: string
  /** Where Next goes on the first two steps. */
  nextTo: string
  /** Completed steps in the side list link to their pages. */
  linkSteps?: boolean
}

export function StepperButtons({ brandKey, current, saveForm, saveLabel = 'Save', nextTo }: StepperActions) {
  const location = useLocation()
  const last = current === 'manage'
  const query = new URLSearchParams(location.search)
  const leaving = last && query.has('leave')
  const products = `/brand/${brandKey}/products`
  // The question and its Cancel keep the page's own query (its search, filters and page).
  query.delete('leave')
  const stay = query.size > 0 ? `${location.pathname}?${query}` : location.pathname
  const ask = `${stay}${query.size > 0 ? '&' : '?'}leave`
  return (
    <div className="flex items-center justify-end gap-2 border-t border-line pt-4" data-testid="stepper-buttons">
      {saveForm ? (
        <Button type="submit" form={saveForm} variant="secondary">
          {saveLabel}
        </Button>
      ) : (
        <Button type="button" variant="secondary" disabled className="opacity-50">
          {saveLabel}
        </Button>
      )}
      {last ? (
        <ButtonLink to={ask} preventScrollReset>
          Next
        </ButtonLink>
      ) : (
        <ButtonLink to={nextTo}>Next</ButtonLink>
      )}
      {leaving ? (
        <RouteDialog title="Leave this page?" closeTo={stay}>
          <p className="text-sm">{IMPORT_TEXTS.leaveConfirm}</p>
          <div className="mt-6 flex justify-end gap-2">
            <Link to={stay} className={buttonClass('secondary')} preventScrollReset>
              Cancel
            </Link>
            <ButtonLink to={products}>Leave</ButtonLink>
          </div>
        </RouteDialog>
      ) : null}
    </div>
  )
}

/** The page frame of a step: the side list, the step's content and the buttons below it. */
export function StepperFrame({ actions, children }: { actions: StepperActions; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-8 lg:flex-row">
      <StepList current={actions.current} brandKey={actions.linkSteps ? actions.brandKey : undefined} />
      <div className="min-w-0 flex-1">
        {children}
        <div className="mt-8">
          <StepperButtons {...actions} />
        </div>
      </div>
    </div>
  )
}
