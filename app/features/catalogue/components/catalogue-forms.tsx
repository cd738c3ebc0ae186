// The create and update forms of a line and a collection (catalogue.md §2 "Create or update form
// for brand, line or collection"): one component per kind, used in the create dialogs and on the
// edit pages. Plain forms with a CSRF field, so they work without JavaScript.
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from '@conform-to/react'
import type { SubmissionResult } from '@conform-to/dom'
import { Form, Link } from '@remix-run/react'
import { Button, buttonClass } from '#app/ui/button'
import { ErrorList, Field } from '#app/ui/field'
import { CsrfField } from '#app/ui/misc'
import { SelectField } from '#app/ui/select-field'
import { useCsrfToken } from '#app/platform/csrf'
import { parseForm } from '#app/platform/forms'
import { CollectionFormSchema, LineFormSchema, SEASONS, YEAR_MAX, YEAR_MIN } from '#app/features/catalogue/schemas'

interface FormProps<Defaults> {
  id: string
  lastResult?: SubmissionResult<string[]> | null
  defaultValue?: Defaults
  submitLabel: string
  cancelTo: string
}

export function LineForm({
  id,
  lastResult,
  defaultValue,
  submitLabel,
  cancelTo,
}: FormProps<{ name: string; description: string }>) {
  const csrf = useCsrfToken()
  const [form, fields] = useForm({
    id,
    lastResult,
    defaultValue,
    shouldValidate: 'onBlur',
    onValidate: ({ formData }) => parseForm(formData, LineFormSchema),
  })
  const descriptionId = fields.description.id
  return (
    <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
      <CsrfField token={csrf} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field
        label="Line name"
        errors={fields.name.errors}
        inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoFocus: true }}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={descriptionId} className="text-sm font-medium">
          Description
        </label>
        <textarea
          {...getTextareaProps(fields.description)}
          rows={4}
          className="rounded-md border border-line bg-white px-3 py-2 text-sm outline-none focus:border-ink"
        />
        <ErrorList id={fields.description.errorId} errors={fields.description.errors} />
      </div>
      <div className="flex justify-end gap-2">
        <Link to={cancelTo} className={buttonClass('secondary')} preventScrollReset>
          Cancel
        </Link>
        <Button type="submit">{submitLabel}</Button>
      </div>
    </Form>
  )
}

export function CollectionForm({
  id,
  lastResult,
  defaultValue,
  submitLabel,
  cancelTo,
  lines,
  lockedLine,
}: FormProps<{ name: string; season: string; year: string; line: string }> & {
  /** The brand's lines for the optional Line select. */
  lines: readonly { key: string; name: string }[]
  /** The line page's own create: the line is preset and sent as a hidden field. */
  lockedLine?: { key: string; name: string }
}) {
  const csrf = useCsrfToken()
  const [form, fields] = useForm({
    id,
    lastResult,
    defaultValue,
    shouldValidate: 'onBlur',
    onValidate: ({ formData }) => parseForm(formData, CollectionFormSchema),
  })
  return (
    <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
      <CsrfField token={csrf} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field
        label="Collection Name"
        errors={fields.name.errors}
        inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoFocus: true }}
      />
      <div className="grid grid-cols-2 gap-4">
        <SelectField
          label="Season"
          errors={fields.season.errors}
          options={SEASONS}
          placeholder="Choose a season"
          selectProps={getSelectProps(fields.season)}
        />
        <Field
          label="Year"
          errors={fields.year.errors}
          inputProps={{
            ...getInputProps(fields.year, { type: 'number' }),
            min: YEAR_MIN,
            max: YEAR_MAX,
            step: 1,
            placeholder: String(new Date().getFullYear()),
          }}
        />
      </div>
      {lockedLine ? (
        <p className="text-sm text-muted">
          <input type="hidden" name={fields.line.name} value={lockedLine.key} />
          Line: <span className="font-medium text-ink">{lockedLine.name}</span>
        </p>
      ) : (
        <SelectField
          label="Line (optional)"
          errors={fields.line.errors}
          options={lines.map((line) => ({ value: line.key, label: line.name }))}
          placeholder="No line"
          selectProps={getSelectProps(fields.line)}
        />
      )}
      <div className="flex justify-end gap-2">
        <Link to={cancelTo} className={buttonClass('secondary')} preventScrollReset>
          Cancel
        </Link>
        <Button type="submit">{submitLabel}</Button>
      </div>
    </Form>
  )
}
