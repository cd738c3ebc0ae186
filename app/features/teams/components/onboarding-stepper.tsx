// The onboarding stepper (access.md §2): the visible steps with their completion flags, and
// Skip and Continue (Finish on the last step) as one form posting to /onboarding. On the
// branding page only the buttons remain (docs/decisions/022-onboarding-progression.md). When the
// step page has a form open for editing, Continue submits that form instead: the page saves it
// and moves on (docs/decisions/039), with or without JavaScript.
import { Form, Link, useLocation, useMatches } from '@remix-run/react'
import { Button } from '#app/ui/button'
import { CsrfField } from '#app/ui/misc'
import { useCsrfToken } from '#app/platform/csrf'
import { stepperState } from '#app/features/teams/onboarding-rules'
import type { Grant } from '#app/platform/access/permissions'
import type { FrameHandle } from '#app/ui/frame-handle'

export interface OnboardingInput {
  status: string
  grants: Grant[]
  preferredBrand: string | null
}

/**
 * Derived from the current path in the browser as well, so the stepper follows client-side
 * navigation between steps without the frame's loader running again.
 */
export function OnboardingStepper({ input }: { input: OnboardingInput }) {
  const location = useLocation()
  const csrf = useCsrfToken()
  const matches = useMatches()
  const state = stepperState(input.status, input.grants, input.preferredBrand, location.pathname)
  if (!state) return null
  const search = new URLSearchParams(location.search)
  const stepForm =
    matches.map((match) => (match.handle as FrameHandle | undefined)?.stepForm?.(search) ?? null).findLast(Boolean) ??
    null
  const controls = (
    <Form method="post" action="/onboarding" className="flex items-center gap-2">
      <CsrfField token={csrf} />
      <input type="hidden" name="step" value={state.step} />
      <input type="hidden" name="brand" value={state.brand ?? ''} />
      <input type="hidden" name="redirectTo" value={location.pathname} />
      <Button type="submit" name="intent" value="skip" variant="secondary">
        Skip
      </Button>
      {stepForm ? (
        <Button type="submit" form={stepForm} name="onboarding" value="continue">
          {state.last ? 'Finish' : 'Continue'}
        </Button>
      ) : (
        <Button type="submit" name="intent" value="continue">
          {state.last ? 'Finish' : 'Continue'}
        </Button>
      )}
    </Form>
  )
  if (state.compact) {
    return (
      <div
        className="mb-6 flex items-center justify-between gap-4 rounded-lg border border-line bg-white px-4 py-3"
        data-testid="onboarding-stepper"
      >
        <p className="text-sm text-muted">Onboarding: last step, {state.steps.at(-1)?.label}</p>
        {controls}
      </div>
    )
  }
  return (
    <div
      className="mb-6 flex flex-wrap items-center justify-between gap-4 rounded-lg border border-line bg-white px-4 py-3"
      data-testid="onboarding-stepper"
    >
      <ol aria-label="Onboarding" className="flex flex-wrap items-center gap-2 text-sm">
        {state.steps.map((step, index) => (
          <li key={step.id} className="flex items-center gap-2">
            {index > 0 ? <span aria-hidden="true" className="h-px w-6 bg-line" /> : null}
            <Link
              to={step.path}
              aria-current={step.current ? 'step' : undefined}
              className={`flex items-center gap-2 rounded-full px-3 py-1 ${
                step.current ? 'bg-ink text-white' : 'text-muted hover:text-ink'
              }`}
            >
              <span
                aria-hidden="true"
                className={`inline-flex h-5 w-5 items-center justify-center rounded-full border text-xs ${
                  step.done ? 'border-emerald-600 bg-emerald-600 text-white' : 'border-current'
                }`}
              >
                {step.done ? '✓' : index + 1}
              </span>
              {step.label}
              {step.done ? <span className="sr-only">(done)</span> : null}
            </Link>
          </li>
        ))}
      </ol>
      {controls}
    </div>
  )
}
