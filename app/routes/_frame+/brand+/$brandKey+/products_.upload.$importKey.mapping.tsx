// The column-mapping step of an upload: when some headers of the file match no listing field
// (case and spaces ignored), each of them gets a select of the template's fields, or "Ignore this
// column". The choice is remembered for the brand's next uploads (by the service), and the file
// is read again with it.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { Button, buttonClass } from '#app/components/ui/button'
import { RouteDialog } from '#app/components/ui/dialog'
import { CsrfField } from '#app/components/ui/misc'
import { SelectField } from '#app/components/ui/select-field'
import { useCsrfToken } from '#app/lib/csrf'
import { IMPORT_FIELD_NAMES } from '#app/lib/import/fields'
import { importOfBrand } from '#app/lib/import-upload.server'
import { guard, requireCsrf, run } from '#app/lib/session.server'
import { setImportMapping } from '#app/services/imports.server'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard(request, context)
  const view = await run(() => importOfBrand(context, actor, params.brandKey!, params.importKey!))
  return json({ brandKey: params.brandKey!, view })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard(request, context)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const view = await run(() => importOfBrand(context, actor, params.brandKey!, params.importKey!))
  const mapping: Record<string, string | null> = { ...view.mapping }
  view.unmatchedHeaders.forEach((header, index) => {
    const chosen = formData.get(`map-${index}`)
    // Anything but a field of the template is "ignore".
    mapping[header] = typeof chosen === 'string' && IMPORT_FIELD_NAMES.includes(chosen) ? chosen : null
  })
  await run(() => setImportMapping(context.deps, actor, view.key, mapping))
  return redirect(`/brand/${params.brandKey!}/products/upload/${view.key}`)
}

const OPTIONS = IMPORT_FIELD_NAMES.map((name) => ({ value: name, label: name }))

export default function ColumnMapping() {
  const { brandKey, view } = useLoaderData<typeof loader>()
  const csrf = useCsrfToken()
  const close = `/brand/${brandKey}/products/upload/${view.key}`
  const matched = Object.entries(view.mapping).filter(
    ([header, field]) => field !== null && !view.unmatchedHeaders.includes(header),
  )
  return (
    <RouteDialog title="Map columns" closeTo={close}>
      {view.unmatchedHeaders.length === 0 ? (
        <p className="text-sm">Every column of this file matches a field of the template.</p>
      ) : (
        <Form method="post" className="flex flex-col gap-4">
          <CsrfField token={csrf} />
          <p className="text-sm text-muted">
            These columns of {view.filename} match no field of the template. Choose the field each one holds; the choice
            is remembered for this brand.
          </p>
          <div className="flex max-h-[50vh] flex-col gap-3 overflow-y-auto">
            {view.unmatchedHeaders.map((header, index) => (
              <SelectField
                key={header}
                label={`Column “${header}”`}
                placeholder="Ignore this column"
                options={OPTIONS}
                selectProps={{ id: `map-${index}`, name: `map-${index}`, defaultValue: view.mapping[header] ?? '' }}
              />
            ))}
          </div>
          {matched.length > 0 ? (
            <details className="text-sm">
              <summary className="cursor-pointer text-muted">Columns already matched ({matched.length})</summary>
              <ul className="mt-2 flex flex-col gap-1">
                {matched.map(([header, field]) => (
                  <li key={header}>
                    {header} → {field}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
          <div className="flex justify-end gap-2">
            <Link to={close} className={buttonClass('secondary')}>
              Cancel
            </Link>
            <Button type="submit">Apply mapping</Button>
          </div>
        </Form>
      )}
    </RouteDialog>
  )
}
