// `/brand/{key}/products/bulk-edit?keys=…`: new values for the ticked products, in a dialog over
// the list. The list's "Edit selected" lands here with the keys (a GET form, so without
// JavaScript too). Fields left as they are stay; "Review changes" makes the edit an upload and
// opens its dry run, where each change shows before → after until Commit (docs/decisions/182).
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { BULK_EDIT_FIELDS, type BulkEditField } from '#app/features/imports/bulk-edit-fields'
import { useCsrfToken } from '#app/platform/csrf'
import { Button, buttonClass } from '#app/ui/button'
import { RouteDialog } from '#app/ui/dialog'
import { Field } from '#app/ui/field'
import { CsrfField } from '#app/ui/misc'
import { SelectField } from '#app/ui/select-field'
import type { action, loader } from './bulk-edit.server'

const KEEP = 'Keep as it is'

/** What each field takes, told under it. */
const HINTS: Partial<Record<BulkEditField, string>> = {
  Categories: 'Comma-separated; they replace the current ones.',
  Units: 'A whole number.',
  'Wholesale Prices': 'Like 45 USD, 40.50 EUR.',
}

export default function BulkEdit() {
  const { rows, choices, closeTo } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  const csrf = useCsrfToken()
  const busy = useNavigation().state === 'submitting'
  const given = (answer?.values ?? {}) as Partial<Record<BulkEditField, string>>
  const select = (field: BulkEditField, values: readonly string[]) => (
    <SelectField
      key={field}
      label={field}
      placeholder={KEEP}
      options={values.map((value) => ({ value, label: value }))}
      selectProps={{ id: `bulk-${field}`, name: field, defaultValue: given[field] ?? '' }}
    />
  )
  return (
    <RouteDialog title="Edit Products" closeTo={closeTo}>
      <Form method="post" className="flex flex-col gap-4" aria-describedby="bulk-edit-intro">
        <CsrfField token={csrf} />
        {rows.map((row) => (
          <input key={row.key} type="hidden" name="keys" value={row.key} />
        ))}
        <p id="bulk-edit-intro" className="text-sm">
          New values for {rows.length === 1 ? 'this product' : `these ${rows.length} products`}. Fields left as they are
          don’t change. You’ll see every change before it is saved, and can roll it back from History.
        </p>
        <ul className="max-h-28 list-disc overflow-y-auto pl-5 text-sm text-muted" data-testid="bulk-edit-names">
          {rows.map((row) => (
            <li key={row.key}>
              {row.styleName ?? row.listingUniqueId}
              {row.styleNumber ? ` · ${row.styleNumber}` : ''}
            </li>
          ))}
        </ul>
        {answer?.error ? (
          <p role="alert" className="rounded-md border-l-4 border-red-700 bg-red-50 px-3 py-2 text-sm text-red-900">
            {answer.error}
          </p>
        ) : null}
        <div className="grid gap-3 sm:grid-cols-2">
          {BULK_EDIT_FIELDS.map((field) =>
            field === 'Line' ? (
              select(field, choices.lines)
            ) : field === 'Collection' ? (
              select(field, choices.collections)
            ) : field === 'Status' ? (
              select(field, choices.statuses)
            ) : (
              <Field
                key={field}
                label={field}
                hint={HINTS[field]}
                inputProps={{
                  id: `bulk-${field}`,
                  name: field,
                  placeholder: KEEP,
                  defaultValue: given[field] ?? '',
                  maxLength: 2000,
                  inputMode: field === 'Units' ? 'numeric' : undefined,
                }}
              />
            ),
          )}
        </div>
        <div className="flex justify-end gap-2">
          <Link to={closeTo} className={buttonClass('secondary')} preventScrollReset>
            Cancel
          </Link>
          <Button type="submit" disabled={busy}>
            Review changes
          </Button>
        </div>
      </Form>
    </RouteDialog>
  )
}
