// The server side of sample-round.tsx: one review round of a sample, with its items.
import { getRound } from '#app/features/samples/review/review-reading.server'
import { sampleOnPage } from '#app/features/samples/samples.server'
import { guard, run } from '#app/platform/session.server'
import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

// spec: not shown beyond the general brand rule; any grant on the brand
export const access = brandPage('brand.view')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const sampleKey = await run(() =>
    sampleOnPage(context.deps, actor, params.brandKey!, params.styleKey!, params.sampleKey),
  )
  const { round, items } = await run(() => getRound(context.deps, actor, sampleKey, params.roundKey))
  return json({
    brandKey: params.brandKey!,
    styleKey: params.styleKey!,
    sampleKey,
    selfKey: actor.key,
    round,
    items,
  })
}
