// `/brand/{key}/edit`: company profile with three forms (Company Profile, Headquarters, Contact
// Admin). Each toggles Edit → Update with Cancel through `?edit=`, so it works without JavaScript.
import { BRAND_FORMS, type BrandFormIntent } from '#app/features/brands/brand-schemas'
import { type BrandView } from '#app/features/brands/brands.server'
import { COUNTRIES, countryCode, countryName } from '#app/platform/countries'
import { useCsrfToken } from '#app/platform/csrf'
import { parseForm } from '#app/platform/forms'
import { Button, ButtonLink, buttonClass } from '#app/ui/button'
import { ErrorList, Field } from '#app/ui/field'
import type { FrameHandle } from '#app/ui/frame-handle'
import { CsrfField } from '#app/ui/misc'
import { SelectField } from '#app/ui/select-field'
import { SettingsTabs } from '#app/ui/settings-tabs'
import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react'
import { type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react'
import type { action, loader } from './brand-edit.server'

export const meta: MetaFunction = () => [{ title: 'Company profile · Brand Portal' }]

export const handle: FrameHandle = {
  title: 'Company profile',
  // The form open for editing is the one the onboarding stepper's Continue saves.
  stepForm: (search) => {
    const open = search.get('edit')
    return open && Object.hasOwn(BRAND_FORMS, open) ? `brand-${open}` : null
  },
  back: (_data, params) => `/brand/${params.brandKey ?? ''}`,
  settingsTabs: true,
}

interface FieldSpec {
  name: string
  label: string
  value: (brand: BrandView) => string | undefined
  /** A select from this list instead of a text input. */
  options?: readonly { value: string; label: string }[]
}

const COUNTRY_OPTIONS = COUNTRIES.map((country) => ({ value: country.alpha3, label: country.name }))

const FORM_FIELDS: Record<BrandFormIntent, { title: string; fields: FieldSpec[] }> = {
  profile: {
    title: 'Company Profile',
    fields: [
      { name: 'name', label: 'Profile Name', value: (b) => b.name },
      { name: 'legal_name', label: 'Legal Name', value: (b) => b.legal_name },
      { name: 'year_established', label: 'Year Established', value: (b) => b.year_established },
    ],
  },
  headquarters: {
    title: 'Headquarters',
    fields: [
      { name: 'street', label: 'Address 1', value: (b) => b.address.street },
      { name: 'suite', label: 'Address 2', value: (b) => b.address.suite },
      { name: 'city', label: 'City', value: (b) => b.address.city },
      { name: 'state', label: 'State', value: (b) => b.address.state },
      { name: 'zip', label: 'Zip', value: (b) => b.address.zip },
      // Older free-text countries (e.g. "United States") open as their entry in the list.
      {
        name: 'country',
        label: 'Country',
        value: (b) => countryCode(b.address.country) ?? b.address.country,
        options: COUNTRY_OPTIONS,
      },
      { name: 'phone', label: 'Phone', value: (b) => b.address.phone },
      { name: 'website', label: 'Website', value: (b) => b.address.website },
    ],
  },
  contact: {
    title: 'Contact Admin',
    fields: [
      { name: 'first', label: 'First Name', value: (b) => b.contact.first },
      { name: 'last', label: 'Last Name', value: (b) => b.contact.last },
      { name: 'title', label: 'Title', value: (b) => b.contact.title },
      { name: 'email', label: 'Email', value: (b) => b.contact.email },
      { name: 'phone', label: 'Phone', value: (b) => b.contact.phone },
      { name: 'department', label: 'Department', value: (b) => b.contact.department },
    ],
  },
}

export default function CompanyProfile() {
  const { brand, tabs } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const [params] = useSearchParams()
  const editing = actionData?.intent ?? params.get('edit')
  return (
    <div className="flex flex-col gap-6">
      <SettingsTabs tabs={tabs} />
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <Link to="/settings" className="hover:underline">
          Settings
        </Link>{' '}
        &gt; <span className="text-ink">Company profile</span>
      </nav>
      {(Object.keys(FORM_FIELDS) as BrandFormIntent[]).map((intent) => (
        <BrandForm
          key={intent}
          intent={intent}
          brand={brand}
          editing={editing === intent}
          lastResult={actionData?.intent === intent ? actionData.result : undefined}
        />
      ))}
    </div>
  )
}

function BrandForm({
  intent,
  brand,
  editing,
  lastResult,
}: {
  intent: BrandFormIntent
  brand: BrandView
  editing: boolean
  lastResult?: SubmissionResult<string[]> | null
}) {
  const csrf = useCsrfToken()
  const schema = BRAND_FORMS[intent]
  const spec = FORM_FIELDS[intent]
  const [form, fields] = useForm({
    id: `brand-${intent}`,
    lastResult: editing ? lastResult : undefined,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, schema),
    defaultValue: Object.fromEntries(spec.fields.map((field) => [field.name, field.value(brand) ?? ''])),
  })
  return (
    <section className="rounded-lg border border-line bg-white p-6" aria-labelledby={`${intent}-title`}>
      <Form method="post" {...getFormProps(form)} action={`?edit=${intent}`}>
        <div className="mb-4 flex items-center gap-2">
          <h2 id={`${intent}-title`} className="text-lg font-medium">
            {spec.title}
          </h2>
          <div className="ml-auto flex gap-2">
            {editing ? (
              <>
                <Link to="." className={buttonClass('secondary')} preventScrollReset>
                  Cancel
                </Link>
                <Button type="submit">Update</Button>
              </>
            ) : (
              <ButtonLink to={`?edit=${intent}`} variant="secondary" preventScrollReset>
                Edit
              </ButtonLink>
            )}
          </div>
        </div>
        <CsrfField token={csrf} />
        {/* In the form, not on Update: the onboarding stepper's Continue submits it too. */}
        {editing ? <input type="hidden" name="intent" value={intent} /> : null}
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          {spec.fields.map((spec) => {
            const meta = fields[spec.name as keyof typeof fields]
            if (!meta) return null
            if (spec.options) {
              const stored = spec.value(brand)
              // A stored value the list does not know stays visible until it is replaced.
              const options =
                stored && !spec.options.some((option) => option.value === stored)
                  ? [{ value: stored, label: countryName(stored) }, ...spec.options]
                  : spec.options
              return (
                <SelectField
                  key={spec.name}
                  label={spec.label}
                  placeholder={`Select a ${spec.label.toLowerCase()}`}
                  options={options}
                  errors={editing ? meta.errors : undefined}
                  selectProps={{ ...getSelectProps(meta), disabled: !editing }}
                />
              )
            }
            return (
              <Field
                key={spec.name}
                label={spec.label}
                errors={editing ? meta.errors : undefined}
                inputProps={{ ...getInputProps(meta, { type: 'text' }), disabled: !editing, readOnly: !editing }}
              />
            )
          })}
        </div>
      </Form>
    </section>
  )
}
