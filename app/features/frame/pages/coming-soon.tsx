// Brand screens that later issues build. The gate still applies (route table), and the page says
// plainly that the screen is not built yet instead of failing.
import type { FrameHandle } from '#app/ui/frame-handle'
import { EmptyState } from '#app/ui/misc'
import { Link, useLoaderData } from '@remix-run/react'
import type { loader } from './coming-soon.server'

export const handle: FrameHandle = {
  title: (data) => (data as { title?: string })?.title ?? '',
  back: (_data, params) => `/brand/${params.brandKey ?? ''}`,
}

export default function NotBuiltYet() {
  const { title, brandKey } = useLoaderData<typeof loader>()
  return (
    <EmptyState title={`${title} is coming soon`}>
      This screen is not built yet.{' '}
      <Link to={`/brand/${brandKey}`} className="underline">
        Back to the brand home
      </Link>
    </EmptyState>
  )
}
