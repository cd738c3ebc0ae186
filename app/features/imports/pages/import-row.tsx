// The row editor of an upload (catalogue.md §4 Spreadsheet upload): one row's values, with its
// errors and warnings at their fields. Saving re-validates the row: with errors left the row keeps
// them and the error toast shows; clean, the row is taken into the dry run, or, after the commit,
// written and marked completed (the service decides which).
import { IMPORT_FIELDS, IMPORT_FIELD_NAMES } from '#app/features/imports/fields'
import { RowIssues, issueText } from '#app/features/imports/components/row-issues'
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

/** A field's errors, each with its reason; warnings are told apart (they do not stop the row). */
function issuesOf(row: ImportRowView, field: string, level: 'error' | 'warning'): string[] {
  return row.issues.filter((issue) => issue.field === field && issue.level === level).map(issueText)
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
  // The file's own columns first; the template's others folded (opened when one has an issue).
  const inFile = new Set(loaded.fileFields)
  const own = IMPORT_FIELDS.filter((field) => inFile.has(field.name) || field.required)
  const others = IMPORT_FIELDS.filter((field) => !inFile.has(field.name) && !field.required)
  const othersWithIssues = others.some((field) => row.issues.some((issue) => issue.field === field.name))
  return (
    <RouteDialog title={`Row ${row.rowNumber}`} closeTo={close}>
      {answer ? <Toasts toasts={[{ kind: 'error', message: IMPORT_TEXTS.reviewAgain }]} /> : null}
      <Form method="post" className="flex flex-col gap-4" preventScrollReset>
        <CsrfField token={csrf} />
        {general.length > 0 ? (
          <div role="alert">
            <RowIssues issues={general} />
          </div>
        ) : null}
        <div className="-mx-1 flex max-h-[55vh] flex-col gap-3 overflow-y-auto px-1">
          {own.map((field) => (
            <RowField key={field.name} field={field} row={row} values={values} />
          ))}
          {others.length > 0 ? (
            <details className="rounded-md border border-line px-3 py-2" open={othersWithIssues}>
              <summary className="cursor-pointer text-sm font-medium">
                Other fields ({others.length}), not in the file
              </summary>
              <div className="mt-3 flex flex-col gap-3">
                {others.map((field) => (
                  <RowField key={field.name} field={field} row={row} values={values} />
                ))}
              </div>
            </details>
          ) : null}
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

function RowField({
  field,
  row,
  values,
}: {
  field: (typeof IMPORT_FIELDS)[number]
  row: ImportRowView
  values: Record<string, string>
}) {
  const index = IMPORT_FIELDS.indexOf(field)
  const warnings = issuesOf(row, field.name, 'warning')
  return (
    <Field
      label={`${field.name}${field.required ? ' (required)' : ''}`}
      errors={issuesOf(row, field.name, 'error')}
      hint={
        warnings.length > 0 ? (
          <span className="text-amber-800" data-testid="field-warning">
            Warning — {warnings.join(' ')}
          </span>
        ) : undefined
      }
      inputProps={{ id: `row-field-${index}`, name: field.name, defaultValue: values[field.name] ?? '' }}
    />
  )
}
