import { Form, Link } from '@remix-run/react'
import { Button, buttonClass } from '#app/ui/button'
import { CsrfField } from '#app/ui/misc'
import { useCsrfToken } from '#app/platform/csrf'

/** The logout confirmation, used by the sidebar dialog and by the /logout page. */
export function LogoutForm({ cancelTo }: { cancelTo: string }) {
  const csrf = useCsrfToken()
  return (
    <Form method="post" action="/logout" reloadDocument className="flex flex-col gap-6">
      <CsrfField token={csrf} />
      <p className="text-sm">Are you sure you want to logout?</p>
      <div className="flex justify-end gap-2">
        <Link to={cancelTo} className={buttonClass('secondary')}>
          Cancel
        </Link>
        <Button type="submit">Logout</Button>
      </div>
    </Form>
  )
}
