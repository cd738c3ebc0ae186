// `/brand/{key}/products/line-sheet?…`: the line sheet of the list as it is filtered, a PDF of
// style cards for buyers (docs/decisions/183). A plain GET form, so it works before JavaScript
// loads; "Make PDF" opens the PDF in the browser, to read, print or save.
import { Link, useLoaderData } from '@remix-run/react'
import { buttonClass } from '#app/ui/button'
import { RouteDialog } from '#app/ui/dialog'
import { Field } from '#app/ui/field'
import { SelectField } from '#app/ui/select-field'
import { LINE_SHEET_TITLE_MAX } from '#app/features/catalogue/line-sheet'
import type { loader } from './line-sheet.server'

export default function LineSheet() {
  const { plan, values, filterFields, closeTo, error } = useLoaderData<typeof loader>()
  return (
    <RouteDialog title="Line Sheet" closeTo={closeTo}>
      {/* Not Remix's Form: the answer is a PDF for the browser to open, not a page to render. */}
      <form method="get" className="flex flex-col gap-4" aria-describedby="line-sheet-intro">
        {filterFields.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="make" value="1" />
        <p id="line-sheet-intro" className="text-sm" data-testid="line-sheet-intro">
          {plan.refusal ??
            `A PDF for buyers of the ${plan.countText} ${plan.count === 1 ? 'product' : 'products'} this list shows: one card per style with its picture, name and number, colours, sizes and prices, under your brand’s logo.`}
        </p>
        {error ? (
          <p role="alert" className="rounded-md border-l-4 border-red-700 bg-red-50 px-3 py-2 text-sm text-red-900">
            {error}
          </p>
        ) : null}
        {plan.refusal ? null : (
          <>
            <Field
              label="Title"
              inputProps={{
                id: 'line-sheet-title',
                name: 'title',
                defaultValue: values.title,
                maxLength: LINE_SHEET_TITLE_MAX,
              }}
            />
            <div className="grid gap-3 sm:grid-cols-2">
              <Field
                label="Retail markup"
                hint="Retail prices are wholesale × this number. Leave it empty to print wholesale only."
                inputProps={{
                  id: 'line-sheet-markup',
                  name: 'markup',
                  defaultValue: values.markup,
                  inputMode: 'decimal',
                  placeholder: 'e.g. 2.2',
                  maxLength: 10,
                }}
              />
              <SelectField
                label="Paper"
                options={[
                  { value: 'A4', label: 'A4' },
                  { value: 'LETTER', label: 'US Letter' },
                ]}
                selectProps={{ id: 'line-sheet-paper', name: 'paper', defaultValue: values.paper }}
              />
            </div>
          </>
        )}
        <div className="flex justify-end gap-2">
          <Link to={closeTo} className={buttonClass('secondary')} preventScrollReset>
            {plan.refusal ? 'Close' : 'Cancel'}
          </Link>
          {plan.refusal ? null : (
            <button type="submit" className={buttonClass('primary')}>
              Make PDF
            </button>
          )}
        </div>
      </form>
    </RouteDialog>
  )
}
