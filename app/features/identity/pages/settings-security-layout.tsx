// `/settings/security`, "Password and Authentication" (access.md §2 "Settings: Security"): the
// Change Password link, the enrolled SMS phones with Unenroll, Enable Two-Factor Auth, and Sign out
// everywhere. The dialogs (change password, enrol, unenrol, sign out everywhere) are nested routes
// rendered in the <Outlet/>. Spec
// steps: info_page and list_factors are this page; the enrol dialog holds authenticate,
// phone_number and verification_code (docs/decisions/019-sms-two-step-verification.md).
import { formatWhen } from '#app/platform/format'
import { ButtonLink } from '#app/ui/button'
import type { FrameHandle } from '#app/ui/frame-handle'
import { Badge } from '#app/ui/misc'
import { type MetaFunction } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'
import type { loader } from './settings-security-layout.server'

export const meta: MetaFunction = () => [{ title: 'Password and Authentication · Brand Portal' }]

export const handle: FrameHandle = { title: 'Password and Authentication', back: '/settings' }

export default function SecuritySettings() {
  const { factors } = useLoaderData<typeof loader>()
  return (
    <div className="flex max-w-3xl flex-col gap-6" data-testid="security-settings">
      <h2 className="text-xl font-semibold">Password and Authentication</h2>

      <section className="rounded-lg border border-line bg-white p-6" aria-labelledby="password-title">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div>
            <h3 id="password-title" className="text-lg font-medium">
              Password
            </h3>
            <p className="text-sm text-muted">Change the password you sign in with.</p>
          </div>
          <ButtonLink to="/settings/security/password" variant="secondary" preventScrollReset>
            Change Password
          </ButtonLink>
        </div>
      </section>

      <section className="rounded-lg border border-line bg-white p-6" aria-labelledby="two-factor-title">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div>
            <h3 id="two-factor-title" className="flex items-center gap-2 text-lg font-medium">
              Two-Factor Authentication
              {factors.length ? <Badge tone="success">On</Badge> : <Badge>Off</Badge>}
            </h3>
            <p className="text-sm text-muted">
              After your password, a code sent by SMS to your phone is asked at every sign-in.
            </p>
          </div>
          <ButtonLink to="/settings/security/enroll" preventScrollReset>
            Enable Two-Factor Auth
          </ButtonLink>
        </div>
        {factors.length ? (
          <ul className="mt-6 divide-y divide-line border-t border-line" aria-label="Enrolled factors">
            {factors.map((factor) => (
              <li key={factor.mfaEnrollmentId} className="flex items-center justify-between gap-4 py-3">
                <div>
                  <p className="font-medium" data-testid="factor-phone">
                    {factor.phoneInfo}
                  </p>
                  <p className="text-xs text-muted">
                    SMS{factor.enrolledAt ? ` · enrolled ${formatWhen(factor.enrolledAt, 'UTC')} UTC` : ''}
                  </p>
                </div>
                <ButtonLink
                  to={`/settings/security/unenroll/${encodeURIComponent(factor.mfaEnrollmentId)}`}
                  variant="secondary"
                  preventScrollReset
                  aria-label={`Unenroll ${factor.phoneInfo}`}
                >
                  Unenroll
                </ButtonLink>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-6 border-t border-line pt-4 text-sm text-muted">No phone is enrolled.</p>
        )}
      </section>
      <section className="rounded-lg border border-line bg-white p-6" aria-labelledby="sessions-title">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div>
            <h3 id="sessions-title" className="text-lg font-medium">
              Sessions
            </h3>
            <p className="text-sm text-muted">
              Lost a device, or signed in on a shared computer? End every session of your account.
            </p>
          </div>
          <ButtonLink to="/settings/security/sign-out-everywhere" variant="secondary" preventScrollReset>
            Sign out everywhere
          </ButtonLink>
        </div>
      </section>
      <Outlet />
    </div>
  )
}
