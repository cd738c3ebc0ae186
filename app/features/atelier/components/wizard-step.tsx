// One step of a style's wizard (atelier.md §2 Wizard): its help text with the types it takes, its
// tabs (Graphic & Prints: Graphic, Print; Patterns: 3D CAD Pattern) as `?tab=` links, the Not
// applicable switch (a form, so it works without JavaScript; owners and editors only), the step's
// own content, and Continue to the next step or, after the last, to the style page. The file
// steps and the materials step both draw their page with it.
import type { ReactNode } from 'react'
import { Form, Link } from '@remix-run/react'
import { StepStateBadge } from '#app/features/atelier/components/style-progress'
import { ButtonLink } from '#app/ui/button'
import { CsrfField } from '#app/ui/misc'
import { useCsrfToken } from '#app/platform/csrf'
import {
  STEP_HELP,
  STEP_TABS,
  nextStep,
  stepLabel,
  type StepState,
  type StyleStep,
} from '#app/features/atelier/style-steps'

export interface WizardStepProps {
  brandKey: string
  style: { key: string }
  /** Owner or editor: sees the Not applicable switch. */
  canEdit: boolean
  step: StyleStep
  tab: string | null
  state: StepState
  /** The step's own content: the upload area and files, or the materials' cards. */
  children: ReactNode
}

export function WizardStep({ brandKey, style, canEdit, step, tab, state, children }: WizardStepProps) {
  const stylePath = `/brand/${brandKey}/style/${style.key}`
  const next = nextStep(step)
  const help = STEP_HELP[step]
  const notApplicable = state === 'notapplicable'
  return (
    <section aria-labelledby="step-heading" className="flex flex-col gap-6" data-testid="wizard-step" data-step={step}>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex max-w-xl flex-col gap-2">
          <div className="flex items-center gap-3">
            <h2 id="step-heading" className="text-xl font-medium">
              {stepLabel(step)}
            </h2>
            <StepStateBadge state={state} />
          </div>
          <p className="text-sm text-muted" data-testid="step-help">
            {help.text}
          </p>
          <p className="text-xs text-muted">
            <span className="font-medium text-ink">Supported types: </span>
            <span className="font-mono">{help.types}</span>
          </p>
        </div>
        {canEdit ? <NotApplicableSwitch on={notApplicable} /> : null}
      </div>
      {STEP_TABS[step] ? (
        <nav aria-label={`${stepLabel(step)} tabs`} className="flex gap-6 border-b border-line text-sm">
          {STEP_TABS[step]!.map((item) => (
            <Link
              key={item.key}
              to={`${stylePath}/${step}?tab=${item.key}`}
              aria-current={item.key === tab ? 'page' : undefined}
              className={`-mb-px border-b-2 pb-2 ${
                item.key === tab ? 'border-ink font-medium text-ink' : 'border-transparent text-muted hover:text-ink'
              }`}
            >
              {item.label}
            </Link>
          ))}
        </nav>
      ) : null}
      <div>
        {notApplicable ? (
          <p className="mb-3 text-sm text-muted" data-testid="not-applicable-note">
            This step is marked Not applicable.
          </p>
        ) : null}
        {children}
      </div>
      <div className="flex justify-end border-t border-line pt-5">
        <ButtonLink to={next ? `${stylePath}/${next}` : stylePath} data-testid="continue">
          Continue
        </ButtonLink>
      </div>
    </section>
  )
}

/** A switch that is a submit button: it posts the opposite of its state, with or without JavaScript. */
function NotApplicableSwitch({ on }: { on: boolean }) {
  const csrf = useCsrfToken()
  return (
    <Form method="post" preventScrollReset>
      <CsrfField token={csrf} />
      <button
        type="submit"
        name="notapplicable"
        value={on ? 'off' : 'on'}
        role="switch"
        aria-checked={on}
        className="flex items-center gap-3 rounded-full py-1 pl-1 pr-3 text-sm hover:bg-black/5 focus-visible:outline focus-visible:outline-2 focus-visible:outline-ink"
      >
        <span
          aria-hidden="true"
          className={`relative inline-flex h-6 w-11 shrink-0 rounded-full transition-colors ${on ? 'bg-ink' : 'bg-black/15'}`}
        >
          <span
            className={`absolute top-0.5 h-5 w-5 rounded-full bg-white shadow transition-all ${on ? 'left-[1.375rem]' : 'left-0.5'}`}
          />
        </span>
        Not applicable
      </button>
    </Form>
  )
}
