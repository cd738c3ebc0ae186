// `/brand/{id}/style/{style}/samples/{reference}`: virtual sample review (atelier.md §2, §4, §8).
// Loader and action are thin: the samples service checks access and the status rules; the page's
// dialogs are query states, so each form posts here without JavaScript.
import { SampleReviewPage } from '#app/features/samples/components/sample-review'
import type { FrameHandle } from '#app/ui/frame-handle'
import { type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { describeReviewForm } from '#app/features/samples/components/offline-labels'
import { offlineAwareRevalidate, offlineClientAction } from '#app/ui/offline-forms'
import type { loader } from './sample.server'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.sample.name ?? 'Virtual Sample'} · Virtual Sample · Brand Portal` },
]

export const handle: FrameHandle = {
  title: 'Virtual Atelier',
  back: (_data, params) => `/brand/${params.brandKey ?? ''}/style/${params.styleKey ?? ''}`,
}

// Offline, the review's forms wait for the connection instead of failing (decision 169).
export const clientAction = offlineClientAction(describeReviewForm)
export const shouldRevalidate = offlineAwareRevalidate

export default function SampleReview() {
  const data = useLoaderData<typeof loader>()
  return <SampleReviewPage data={data} />
}
