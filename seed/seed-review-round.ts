// Demo data: an open review round on the front render (issue 28), so the Feedback tab shows what a
// round looks like: the collar pin as a high-priority change request for the vsm, the hem pin
// resolved by them. Fixed keys: a rerun adds nothing, and a round people have since ended stays ended.
import { and, eq, isNull } from 'drizzle-orm'
import { demoKey } from '#app/platform/ids'
import type { ServiceDeps } from '#app/platform/context.server'
import { references, reviewEvents, reviewRounds, sampleFeedback } from '#db/schema'

const DEMO_BRAND = demoKey('brand:demo')
const VSM = demoKey('account:vsm')
const DESIGNER = demoKey('account:editor')

export async function seedDemoReviewRound(deps: ServiceDeps): Promise<void> {
  const sample = demoKey('sample-ref:render-front')
  const [row] = await deps.db.select().from(references).where(eq(references.key, sample))
  if (!row) return
  const series = row.sampleSeries ?? row.key
  const round = demoKey('review-round:render-front:1')
  const [open] = await deps.db
    .select({ key: reviewRounds.key })
    .from(reviewRounds)
    .where(and(eq(reviewRounds.series, series), isNull(reviewRounds.ended)))
  // Someone already runs a round of their own on this sample: the demo's is not added beside it.
  if (open && open.key !== round) return
  const started = new Date(Date.now() - 6 * 3_600_000)
  const due = new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10)
  const items = [
    { id: 'collar', pin: 'demo-pin-collar', label: 'Pin 1', priority: 'high', state: 'open' },
    { id: 'hem', pin: 'demo-pin-hem', label: 'Pin 2', priority: 'normal', state: 'resolved' },
  ]
  await deps.db.transaction(async (tx) => {
    const made = await tx
      .insert(reviewRounds)
      .values({
        key: round,
        brandKey: DEMO_BRAND,
        series,
        sampleKey: sample,
        number: 1,
        due,
        startedBy: DESIGNER,
        created: started,
      })
      .onConflictDoNothing()
      .returning({ key: reviewRounds.key })
    if (made.length === 0) return
    await tx
      .insert(sampleFeedback)
      .values(
        items.map((item) => ({
          key: demoKey(`feedback:render-front:${item.id}`),
          brandKey: DEMO_BRAND,
          series,
          sampleKey: sample,
          raisedOn: sample,
          target: 'pin',
          targetId: item.pin,
          label: item.label,
          assigneeKey: VSM,
          priority: item.priority,
          state: item.state,
          roundKey: round,
          createdBy: DESIGNER,
          created: new Date(started.getTime() + 10 * 60_000),
        })),
      )
      .onConflictDoNothing()
    await tx
      .insert(reviewEvents)
      .values(
        [
          { id: 'start', what: 'round started', to: due, who: DESIGNER, minutes: 0, feedback: null, from: null },
          ...items.map((item, index) => ({
            id: `raise-${item.id}`,
            what: 'raised',
            to: item.priority,
            who: DESIGNER,
            minutes: 10 + index,
            feedback: item.id,
            from: null,
          })),
          { id: 'resolve-hem', what: 'state', from: 'open', to: 'resolved', who: VSM, minutes: 120, feedback: 'hem' },
        ].map((event) => ({
          key: demoKey(`review-event:render-front:${event.id}`),
          brandKey: DEMO_BRAND,
          series,
          sampleKey: sample,
          feedbackKey: event.feedback ? demoKey(`feedback:render-front:${event.feedback}`) : null,
          roundKey: event.feedback ? null : round,
          accountKey: event.who,
          what: event.what,
          fromValue: event.from,
          toValue: event.to,
          created: new Date(started.getTime() + event.minutes * 60_000),
        })),
      )
      .onConflictDoNothing()
  })
}
