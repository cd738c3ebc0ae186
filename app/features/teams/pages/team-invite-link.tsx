// `/brand/{key}/team/invite-link/{invite}`: the invite URL to copy by hand. The Invited badge
// copies it to the clipboard with JavaScript; without JavaScript it opens this page.
import { buttonClass } from '#app/ui/button'
import { RouteDialog } from '#app/ui/dialog'
import { Link, useLoaderData } from '@remix-run/react'
import type { loader } from './team-invite-link.server'

export default function InviteLink() {
  const { brandKey, email, url } = useLoaderData<typeof loader>()
  const closeTo = `/brand/${brandKey}/team`
  return (
    <RouteDialog title="Invite URL" closeTo={closeTo}>
      <div className="flex flex-col gap-4">
        <p className="text-sm">Copy this link and send it to {email}.</p>
        <label htmlFor="invite-url" className="sr-only">
          Invite URL
        </label>
        <input
          id="invite-url"
          readOnly
          value={url ?? ''}
          onFocus={(event) => event.currentTarget.select()}
          className="w-full rounded-md border border-line bg-canvas px-3 py-2 font-mono text-xs"
        />
        <div className="flex justify-end">
          <Link to={closeTo} className={buttonClass('secondary')}>
            Done
          </Link>
        </div>
      </div>
    </RouteDialog>
  )
}
