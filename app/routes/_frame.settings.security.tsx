// `/settings/security` "Password and Authentication" (access.md §2 Settings). A minimal page so
// the Change Password modal (a nested route) has a parent; two-step verification comes with the
// security work, which replaces this page and keeps its <Outlet/> and the Change Password link.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { Outlet } from '@remix-run/react'
import { ButtonLink } from '#app/components/ui/button'
import { guard } from '#app/lib/session.server'
import type { FrameHandle } from './_frame'

export const handle: FrameHandle = { title: 'Password and Authentication', back: '/settings' }

export async function loader({ request, context }: LoaderFunctionArgs) {
  await guard(request, context)
  return null
}

export default function SecuritySettings() {
  return (
    <div className="flex flex-col gap-6">
      <section className="rounded-lg border border-line bg-white p-6">
        <h2 className="text-lg font-medium">Password and Authentication</h2>
        <div className="mt-4 flex items-center justify-between gap-4">
          <p className="text-sm text-muted">Change the password you sign in with.</p>
          <ButtonLink to="/settings/security/password" variant="secondary">
            Change Password
          </ButtonLink>
        </div>
      </section>
      <Outlet />
    </div>
  )
}
