// `/settings` and its sections (see `_frame.settings.$.tsx`). Profile, security and onboarding arrive with the identity work;
// the page exists so the sidebar and the onboarding landing lead somewhere real.
import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { EmptyState } from '#app/components/ui/misc'
import { guard } from '#app/lib/session.server'
import type { FrameHandle } from './_frame'

export const handle: FrameHandle = { title: 'Settings', back: '/brands' }

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await guard(request, context)
  return json({ status: actor.status, name: actor.name })
}

export default function Settings() {
  const { status, name } = useLoaderData<typeof loader>()
  return (
    <div className="flex flex-col gap-6">
      {status.startsWith('onboarding') ? (
        <p className="rounded-md bg-sky-50 p-4 text-sm text-sky-900" data-testid="onboarding-banner">
          Welcome, {name}. Finish setting up your account to get started.
        </p>
      ) : null}
      <EmptyState title="Settings are coming soon">
        Personal profile, security and onboarding steps are not built yet.{' '}
        <Link to="/brands" className="underline">
          Go to your brands
        </Link>
      </EmptyState>
    </div>
  )
}
