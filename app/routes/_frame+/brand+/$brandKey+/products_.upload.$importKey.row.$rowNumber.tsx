// The row editor of an upload (catalogue.md §4 Spreadsheet upload): one row's values, with its
// errors and warnings at their fields. Saving re-validates the row: with errors left the row keeps
// them and the error toast shows; clean, the row is taken into the dry run, or, after the commit,
// written and marked completed (the service decides which).
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { Button, buttonClass } from '#app/ui/button'
import { RouteDialog } from '#app/ui/dialog'
import { Field } from '#app/ui/field'
import { CsrfField } from '#app/ui/misc'
import { Toasts } from '#app/ui/toasts'
import { useCsrfToken } from '#app/platform/csrf'
import { notFound } from '#app/platform/errors'
import { IMPORT_FIELDS, IMPORT_FIELD_NAMES } from '#app/features/imports/fields'
import { IMPORT_TEXTS } from '#app/features/imports/import-texts'
import { importOfBrand } from '#app/features/imports/import-upload.server'
import { guard, redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { getImportRow, updateImportRow, type ImportRowView } from '#app/features/imports/imports.server'

function rowNumberOf(param: string | undefined): number {
  const number = Number(param)
  if (!Number.isSafeInteger(number) || number < 1) throw notFound('Row')
  return number
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard(request, context)
  const row = await run(async () => {
    const view = await importOfBrand(context, actor, params.brandKey!, params.importKey!)
    return getImportRow(context.deps, actor, view.key, rowNumberOf(params.rowNumber))
  })
  return json({ brandKey: params.brandKey!, importKey: params.importKey!, row })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard(request, context)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const values: Record<string, string> = {}
  for (const name of IMPORT_FIELD_NAMES) {
    const value = formData.get(name)
    values[name] = typeof value === 'string' ? value : ''
  }
  const row = await run(async () => {
    const view = await importOfBrand(context, actor, params.brandKey!, params.importKey!)
    return updateImportRow(context.deps, actor, view.key, rowNumberOf(params.rowNumber), values)
  })
  if (row.issues.some((issue) => issue.level === 'error')) {
    // The row keeps its errors (the service stored the edit with them); the form shows them again.
    return json({ row, values }, { status: 422 })
  }
  const page = `/brand/${params.brandKey!}/products/upload/${params.importKey!}`
  return redirectWithToast(request, context, page, {
    kind: 'success',
    message: row.status === 'completed' ? `Row ${row.rowNumber} is completed.` : `Row ${row.rowNumber} is saved.`,
  })
}

function issuesOf(row: ImportRowView, field: string): string[] {
  return row.issues.filter((issue) => issue.field === field).map((issue) => issue.message)
}

export default function RowEditor() {
  const loaded = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  const csrf = useCsrfToken()
  const row = answer?.row ?? loaded.row
  const values = answer?.values ?? row.values
  const close = `/brand/${loaded.brandKey}/products/upload/${loaded.importKey}`
  // Issues not tied to one column (a duplicate id, a row that could not be read) show on top.
  const general = row.issues.filter((issue) => !IMPORT_FIELD_NAMES.includes(issue.field))
  return (
    <RouteDialog title={`Row ${row.rowNumber}`} closeTo={close}>
      {answer ? <Toasts toasts={[{ kind: 'error', message: IMPORT_TEXTS.reviewAgain }]} /> : null}
      <Form method="post" className="flex flex-col gap-4" preventScrollReset>
        <CsrfField token={csrf} />
        {general.length > 0 ? (
          <ul role="alert" className="rounded-md border-l-4 border-red-700 bg-red-50 px-3 py-2 text-sm text-red-900">
            {general.map((issue, index) => (
              <li key={index}>
                {issue.field}: {issue.message}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="-mx-1 flex max-h-[55vh] flex-col gap-3 overflow-y-auto px-1">
          {IMPORT_FIELDS.map((field, index) => (
            <Field
              key={field.name}
              label={`${field.name}${field.required ? ' (required)' : ''}`}
              errors={issuesOf(row, field.name)}
              inputProps={{ id: `row-field-${index}`, name: field.name, defaultValue: values[field.name] ?? '' }}
            />
          ))}
        </div>
        <div className="flex justify-end gap-2">
          <Link to={close} className={buttonClass('secondary')} preventScrollReset>
            Cancel
          </Link>
          <Button type="submit">Save</Button>
        </div>
      </Form>
    </RouteDialog>
  )
}
