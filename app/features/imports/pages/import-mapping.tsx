// The column-mapping step of an upload: when some headers of the file match no listing field
// (case and spaces ignored), each of them gets a select of the template's fields, or "Ignore this
// column". The choice is remembered for the brand's next uploads (by the service), and the file
// is read again with it. A wide file is mapped a page of columns at a time: the page is bounded
// whatever the file holds, and the columns left come next.
import { IMPORT_FIELD_NAMES } from '#app/features/imports/fields'
import { useCsrfToken } from '#app/platform/csrf'
import { Button, buttonClass } from '#app/ui/button'
import { RouteDialog } from '#app/ui/dialog'
import { CsrfField } from '#app/ui/misc'
import { SelectField } from '#app/ui/select-field'
import { Form, Link, useLoaderData } from '@remix-run/react'
import type { loader } from './import-mapping.server'

const OPTIONS = IMPORT_FIELD_NAMES.map((name) => ({ value: name, label: name }))

export default function ColumnMapping() {
  const { brandKey, importKey, filename, unmatched, unmatchedTotal, matched, matchedTotal } =
    useLoaderData<typeof loader>()
  const csrf = useCsrfToken()
  const close = `/brand/${brandKey}/products/upload/${importKey}`
  const later = unmatchedTotal - unmatched.length
  return (
    <RouteDialog title="Map columns" closeTo={close}>
      {unmatchedTotal === 0 ? (
        <p className="text-sm">Every column of this file matches a field of the template.</p>
      ) : (
        <Form method="post" className="flex flex-col gap-4">
          <CsrfField token={csrf} />
          <p className="text-sm text-muted">
            These columns of {filename} match no field of the template. Choose the field each one holds; the choice is
            remembered for this brand.
          </p>
          {later > 0 ? (
            <p className="text-sm text-muted" data-testid="mapping-page">
              Columns 1–{unmatched.length.toLocaleString('en-US')} of {unmatchedTotal.toLocaleString('en-US')}: the
              other {later.toLocaleString('en-US')} follow once these are applied.
            </p>
          ) : null}
          <div className="flex max-h-[50vh] flex-col gap-3 overflow-y-auto">
            {unmatched.map(({ header, field }, index) => (
              <SelectField
                key={header}
                label={`Column “${header}”`}
                placeholder="Ignore this column"
                options={OPTIONS}
                selectProps={{ id: `map-${index}`, name: `map-${index}`, defaultValue: field }}
              />
            ))}
          </div>
          {matchedTotal > 0 ? (
            <details className="text-sm">
              <summary className="cursor-pointer text-muted">Columns already matched ({matchedTotal})</summary>
              <ul className="mt-2 flex flex-col gap-1">
                {matched.map(([header, field]) => (
                  <li key={header}>
                    {header} → {field}
                  </li>
                ))}
                {matchedTotal > matched.length ? (
                  <li className="text-muted">and {(matchedTotal - matched.length).toLocaleString('en-US')} more</li>
                ) : null}
              </ul>
            </details>
          ) : null}
          <div className="flex justify-end gap-2">
            <Link to={close} className={buttonClass('secondary')}>
              Cancel
            </Link>
            <Button type="submit">{later > 0 ? 'Apply and map the next columns' : 'Apply mapping'}</Button>
          </div>
        </Form>
      )}
    </RouteDialog>
  )
}
