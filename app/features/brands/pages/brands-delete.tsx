// `/brands/{id}/delete`: Delete Brand from the admin's brand menu (docs/decisions/066). The admin
// types the brand's name; the brand is then archived for everyone and can be restored from
// Archived brands. Needs account role admin and an owner grant on the brand.
import { useCsrfToken } from '#app/platform/csrf'
import { Button, buttonClass } from '#app/ui/button'
import { RouteDialog } from '#app/ui/dialog'
import { ErrorList, Field } from '#app/ui/field'
import { CsrfField } from '#app/ui/misc'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import type { action, loader } from './brands-delete.server'

export default function DeleteBrand() {
  const { brand, mayDelete } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const csrf = useCsrfToken()
  const errors = lastResult?.error
  if (!mayDelete) {
    return (
      <RouteDialog title="Delete Brand" closeTo="/brands">
        <p className="text-sm">Only an owner of {brand.name} can delete it.</p>
        <div className="mt-6 flex justify-end">
          <Link to="/brands" className={buttonClass('secondary')}>
            Close
          </Link>
        </div>
      </RouteDialog>
    )
  }
  return (
    <RouteDialog title="Delete Brand" closeTo="/brands">
      <Form method="post" className="flex flex-col gap-4">
        <CsrfField token={csrf} />
        <p>
          Are you sure you would like to delete <strong>{brand.name}</strong>?
        </p>
        <p className="text-sm text-muted">
          The brand, its lines, collections and products disappear for every member at once. An admin who owns it can
          restore it from Archived brands.
        </p>
        <ErrorList errors={errors?.[''] ?? null} />
        <Field
          label={`Type ${brand.name} to confirm`}
          errors={errors?.name ?? null}
          inputProps={{ id: 'confirm-name', name: 'name', type: 'text', autoComplete: 'off', autoFocus: true }}
        />
        <div className="flex justify-end gap-2">
          <Link to="/brands" className={buttonClass('secondary')} preventScrollReset>
            Cancel
          </Link>
          <Button type="submit" variant="danger">
            Delete Brand
          </Button>
        </div>
      </Form>
    </RouteDialog>
  )
}
