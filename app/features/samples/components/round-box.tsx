// The review round of a sample: the open one (its due day, its page, and for a designer or an
// owner the form that ends it with Request changes or Approve and a summary), or a form to start one.
import { dueLabel } from '#app/features/samples/review/feedback-rules'
import { useCsrfToken } from '#app/platform/csrf'
import { Button } from '#app/ui/button'
import { CsrfField } from '#app/ui/misc'
import { Form, Link } from '@remix-run/react'
import { pageHref, type SampleReviewData } from './sample-review-data'

export { dueLabel }

export function roundHref(data: SampleReviewData, roundKey: string, sampleKey = data.sample.key) {
  return `/brand/${data.brandKey}/style/${data.style.key}/samples/${sampleKey}/rounds/${roundKey}`
}

export function RoundBox({ data }: { data: SampleReviewData }) {
  const csrf = useCsrfToken()
  const { round, leads } = data.feedback
  if (round) {
    return (
      <section
        aria-label={`Round ${round.number}`}
        className="flex flex-col gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm"
      >
        <div className="flex items-baseline justify-between gap-2">
          <p>
            <span className="font-medium">Round {round.number}</span> · due {dueLabel(round.due)}
          </p>
          <Link to={roundHref(data, round.key)} className="whitespace-nowrap text-xs underline underline-offset-2">
            Open items
          </Link>
        </div>
        {leads ? (
          <Form method="post" action={pageHref(data, {})} preventScrollReset className="flex flex-col gap-2">
            <CsrfField token={csrf} />
            <input type="hidden" name="intent" value="round-end" />
            <label htmlFor="round-summary" className="text-xs text-muted">
              Summary
            </label>
            <textarea
              id="round-summary"
              name="summary"
              rows={2}
              required
              maxLength={2000}
              className="rounded-md border border-line bg-white px-2 py-1.5"
              placeholder="What the decision is about"
            />
            <div className="grid grid-cols-2 gap-2">
              <Button
                type="submit"
                name="outcome"
                value="changes requested"
                variant="secondary"
                className="whitespace-nowrap px-2 py-1.5"
              >
                Request changes
              </Button>
              <Button type="submit" name="outcome" value="approved" className="whitespace-nowrap px-2 py-1.5">
                Approve
              </Button>
            </div>
          </Form>
        ) : null}
      </section>
    )
  }
  if (!leads) return null
  const today = new Date().toISOString().slice(0, 10)
  return (
    <Form
      method="post"
      action={pageHref(data, {})}
      preventScrollReset
      className="flex items-end gap-2 rounded-md border border-line px-3 py-2 text-sm"
    >
      <CsrfField token={csrf} />
      <input type="hidden" name="intent" value="round-start" />
      <label className="flex min-w-0 flex-1 flex-col gap-1 text-xs text-muted">
        Due
        <input
          type="date"
          name="due"
          required
          min={today}
          className="min-w-0 rounded-md border border-line bg-white px-2 py-1 text-sm text-ink"
        />
      </label>
      <Button type="submit" variant="secondary" className="whitespace-nowrap py-1.5">
        Start a round
      </Button>
    </Form>
  )
}
