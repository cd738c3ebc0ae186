// Parts of the dialogs History opens on an upload (roll back, discard) when they only tell
// something: why the action cannot be taken, and the Close that goes back to History.
import type { ReactNode } from 'react'
import { Link } from '@remix-run/react'
import { buttonClass } from '#app/ui/button'
import { RouteDialog } from '#app/ui/dialog'

/** The dialog's only way on: back to History, where the page was. */
export function CloseToHistory({ history }: { history: string }) {
  return (
    <div className="flex justify-end">
      <Link to={history} className={buttonClass('secondary')} preventScrollReset>
        Close
      </Link>
    </div>
  )
}

/** A dialog that says why this upload can't be rolled back or discarded, with Close. */
export function UploadRefusal({ title, history, children }: { title: string; history: string; children: ReactNode }) {
  return (
    <RouteDialog title={title} closeTo={history}>
      <div className="flex flex-col gap-4">
        <p className="text-sm" role="status">
          {children}
        </p>
        <CloseToHistory history={history} />
      </div>
    </RouteDialog>
  )
}
