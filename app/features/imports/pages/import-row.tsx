// The row editor of an upload (catalogue.md §4 Spreadsheet upload): one row's values, with its
// errors and warnings at their fields. Saving re-validates the row: with errors left the row keeps
// them and the error toast shows; clean, the row is taken into the dry run, or, after the commit,
// written and marked completed (the service decides which).
import { IMPORT_FIELDS, IMPORT_FIELD_NAMES } from '#app/features/imports/fields'
import { IMPORT_TEXTS } from '#app/features/imports/import-texts'
import { type ImportRowView } from '#app/features/imports/imports.server'
import { useCsrfToken } from '#app/platform/csrf'
import { Button, buttonClass } from '#app/ui/button'
import { RouteDialog } from '#app/ui/dialog'
import { Field } from '#app/ui/field'
import { CsrfField } from '#app/ui/misc'
import { Toasts } from '#app/ui/toasts'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import type { action, loader } from './import-row.server'

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
