// How far a style is (atelier.md §4 Style progress): "4 of 6 steps" with a small bar, and the
// badge of one step's state. Shared by the atelier list, the style summary and the wizard.
import { ProgressBar } from '#app/ui/progress-bar'
import { STEP_STATE_LABELS, type StepState } from '#app/features/atelier/style-steps'

export function StepsDone({
  complete,
  total,
  className = '',
}: {
  complete: number
  total: number
  className?: string
}) {
  return (
    <span className={`flex min-w-28 flex-col gap-1 ${className}`} data-testid="style-progress">
      <span className="text-xs text-muted">{`${complete} of ${total} steps`}</span>
      <ProgressBar value={complete} max={total} label="Style progress" />
    </span>
  )
}

const STATE_TONES: Record<StepState, string> = {
  completed: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  inprogress: 'bg-amber-50 text-amber-800 ring-amber-200',
  notstarted: 'bg-white text-muted ring-line',
  notapplicable: 'bg-zinc-100 text-zinc-700 ring-zinc-200',
}

/** The state of one step as a small pill: Completed, In progress, Not started, Not applicable. */
export function StepStateBadge({ state }: { state: StepState }) {
  return (
    <span
      data-state={state}
      className={`inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${STATE_TONES[state]}`}
    >
      <StepStateMark state={state} />
      {STEP_STATE_LABELS[state]}
    </span>
  )
}

/** A mark per state: a filled dot when done, a half when under way, a ring when not started. */
export function StepStateMark({ state, className = 'h-2.5 w-2.5' }: { state: StepState; className?: string }) {
  if (state === 'completed') return <span aria-hidden="true" className={`rounded-full bg-emerald-600 ${className}`} />
  if (state === 'inprogress') {
    return (
      <span
        aria-hidden="true"
        className={`rounded-full border border-amber-600 bg-[linear-gradient(90deg,theme(colors.amber.600)_50%,transparent_50%)] ${className}`}
      />
    )
  }
  if (state === 'notapplicable') return <span aria-hidden="true" className={`rounded-full bg-zinc-300 ${className}`} />
  return <span aria-hidden="true" className={`rounded-full border border-zinc-400 ${className}`} />
}
