// `/brand/{key}/team/deactivate/{account}`: the confirmation of Revoke Access (a form with a
// submit button, so it works without JavaScript). Deactivating removes the member from this brand.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { Button, buttonClass } from '#app/components/ui/button'
import { RouteDialog } from '#app/components/ui/dialog'
import { CsrfField } from '#app/components/ui/misc'
import { useCsrfToken } from '#app/lib/csrf'
import { guard, redirectWithToast, requireCsrf, run } from '#app/lib/session.server'
import { getBrandMember, removeBrandMember } from '#app/services/teams.server'

const DEACTIVATE_CONFIRMATION = 'Are you sure you would like to deactivate this team member?'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard(request, context)
  const member = await run(() => getBrandMember(context.deps, actor, params.brandKey!, params.accountKey!))
  return json({ brandKey: params.brandKey!, member: { name: member.name, email: member.email } })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard(request, context)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  await run(() => removeBrandMember(context.deps, actor, { brand: params.brandKey, account: params.accountKey }))
  return redirectWithToast(request, context, `/brand/${params.brandKey}/team`, {
    kind: 'success',
    message: 'Team member has been successfully deactivated.',
  })
}

export default function DeactivateMember() {
  const { brandKey, member } = useLoaderData<typeof loader>()
  const csrf = useCsrfToken()
  const closeTo = `/brand/${brandKey}/team`
  return (
    <RouteDialog title="Revoke Access" closeTo={closeTo}>
      <Form method="post" className="flex flex-col gap-4">
        <CsrfField token={csrf} />
        <p>{DEACTIVATE_CONFIRMATION}</p>
        <p className="text-sm text-muted">
          {member.name} · {member.email}
        </p>
        <div className="flex justify-end gap-2">
          <Link to={closeTo} className={buttonClass('secondary')}>
            Cancel
          </Link>
          <Button type="submit" variant="danger">
            Deactivate
          </Button>
        </div>
      </Form>
    </RouteDialog>
  )
}
