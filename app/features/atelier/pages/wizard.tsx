// The wizard of a style (atelier.md §2 Wizard), a pathless layout around each step: the header
// Product Asset with the style's name and number linking back to the style page, the six steps on
// the left with their state (the current one highlighted), and the step itself in the <Outlet/>.
// The route convention nests the style summary (`$styleKey._index.tsx`) and sample review
// (`$styleKey.samples.*`) here too: there this layout adds nothing and reads nothing
// (docs/decisions/119, 134).
import { StepStateMark, StepsDone } from '#app/features/atelier/components/style-progress'
import { STEP_STATE_LABELS } from '#app/features/atelier/style-steps'
import { offlineAwareRevalidate } from '#app/ui/offline-forms'
import type { FrameHandle } from '#app/ui/frame-handle'
import { type MetaFunction } from '@remix-run/node'
import { Link, Outlet, useLoaderData, useParams, type ShouldRevalidateFunction } from '@remix-run/react'
import type { loader } from './wizard.server'
import { atSummary } from './wizard.shared'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Product Asset · ${data && !data.summary ? data.style.name : 'Style'} · Virtual Atelier · Brand Portal` },
]

export const handle: FrameHandle = {
  title: 'Virtual Atelier',
  back: (_data, params) => `/brand/${params.brandKey ?? ''}/style/${params.styleKey ?? ''}`,
}

/**
 * Between the summary and a step the layout's data changes kind, so it is read again; offline, not
 * for a page that stays (the sample review's forms wait for the connection, decision 169).
 */
export const shouldRevalidate: ShouldRevalidateFunction = (args) =>
  offlineAwareRevalidate({
    ...args,
    defaultShouldRevalidate: atSummary(args.currentUrl) !== atSummary(args.nextUrl) || args.defaultShouldRevalidate,
  })

export default function StyleWizard() {
  const data = useLoaderData<typeof loader>()
  const params = useParams()
  if (data.summary) return <Outlet />
  const { brandKey, style, progress } = data
  // The materials step has its own routes (`materials/…`): its first segment names the step too.
  const current = params.step ?? 'materials'
  const stylePath = `/brand/${brandKey}/style/${style.key}`
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4 border-b border-line pb-5">
        <div className="flex flex-col gap-1">
          <p className="text-xs uppercase tracking-[0.2em] text-muted">Product Asset</p>
          <h1 className="text-2xl font-light tracking-tight">
            <Link to={stylePath} className="hover:underline" data-testid="wizard-style-link">
              {style.name} <span className="font-mono text-base text-muted">{style.number}</span>
            </Link>
          </h1>
        </div>
        <div className="w-56">
          <StepsDone complete={progress.complete} total={progress.total} />
        </div>
      </header>
      <div className="grid gap-8 md:grid-cols-[14rem_minmax(0,1fr)]">
        <nav aria-label="Wizard steps">
          <ol className="flex flex-col gap-1" data-testid="wizard-steps">
            {progress.steps.map((step, index) => {
              const active = step.key === current
              return (
                <li key={step.key}>
                  <Link
                    to={`${stylePath}/${step.key}`}
                    aria-current={active ? 'step' : undefined}
                    data-step={step.key}
                    data-state={step.state}
                    className={`flex items-center gap-3 rounded-md px-3 py-2.5 text-sm transition-colors ${
                      active ? 'bg-ink text-white' : 'text-ink hover:bg-black/5'
                    }`}
                  >
                    <span
                      className={`flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs tabular-nums ${
                        active ? 'bg-white/15' : 'bg-black/5'
                      }`}
                    >
                      {index + 1}
                    </span>
                    <span className="flex min-w-0 flex-1 flex-col">
                      <span className="truncate font-medium">{step.label}</span>
                      <span className={`text-xs ${active ? 'text-white/70' : 'text-muted'}`}>
                        {STEP_STATE_LABELS[step.state]}
                      </span>
                    </span>
                    <StepStateMark state={step.state} />
                  </Link>
                </li>
              )
            })}
          </ol>
        </nav>
        <div className="min-w-0">
          <Outlet />
        </div>
      </div>
    </div>
  )
}
