// "Are you sure …?" as a dialog route: a form with one submit button, so it confirms without
// JavaScript too (ui.md). Cancel is a link back to where the dialog opened from.
import type { ReactNode } from 'react'
import { Form, Link } from '@remix-run/react'
import { Button, buttonClass } from '#app/ui/button'
import { RouteDialog } from '#app/ui/dialog'
import { CsrfField } from '#app/ui/misc'
import { useCsrfToken } from '#app/platform/csrf'

export function ConfirmDialog({
  title,
  closeTo,
  confirmLabel,
  children,
}: {
  title: string
  closeTo: string
  confirmLabel: string
  /** The question and any detail about what it applies to. */
  children: ReactNode
}) {
  const csrf = useCsrfToken()
  return (
    <RouteDialog title={title} closeTo={closeTo}>
      <Form method="post" className="flex flex-col gap-4">
        <CsrfField token={csrf} />
        {children}
        <div className="flex justify-end gap-2">
          <Link to={closeTo} className={buttonClass('secondary')} preventScrollReset>
            Cancel
          </Link>
          <Button type="submit" variant="danger">
            {confirmLabel}
          </Button>
        </div>
      </Form>
    </RouteDialog>
  )
}
