// `/settings/profile`: Personal Profile (access.md §2, §5). One form toggles Edit → Update with
// Cancel through `?edit=profile`, so it works without JavaScript. The picture's crop dialog is a
// nested route (`/settings/profile/picture`) rendered in the <Outlet/>.
import { type AccountProfile } from '#app/features/identity/account-profile.server'
import {
  ACCOUNT_TYPES,
  DATE_FORMATS,
  DEPARTMENTS,
  LANGUAGES,
  PersonalProfileSchema,
} from '#app/features/identity/account-schemas'
import { COUNTRIES, countryCode, countryName } from '#app/platform/countries'
import { useCsrfToken } from '#app/platform/csrf'
import { parseForm } from '#app/platform/forms'
import { Button, ButtonLink, buttonClass } from '#app/ui/button'
import { ErrorList, Field } from '#app/ui/field'
import type { FrameHandle } from '#app/ui/frame-handle'
import { Avatar, CsrfField } from '#app/ui/misc'
import { SelectField } from '#app/ui/select-field'
import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react'
import { type MetaFunction } from '@remix-run/node'
import { Form, Link, Outlet, useActionData, useLoaderData, useSearchParams } from '@remix-run/react'
import type { action, loader } from './settings-profile-layout.server'

export const meta: MetaFunction = () => [{ title: 'Personal Profile · Brand Portal' }]

export const handle: FrameHandle = {
  title: 'Settings',
  back: '/brands',
  // While the profile is open for editing, the onboarding stepper's Continue saves it.
  stepForm: (search) => (search.get('edit') === 'profile' ? 'personal-profile' : null),
}

export default function PersonalProfilePage() {
  const { account, isAdmin } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const [params] = useSearchParams()
  const editing = Boolean(actionData) || params.get('edit') === 'profile'
  return (
    <div className="flex flex-col gap-6">
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <Link to="/settings" className="hover:underline">
          Settings
        </Link>{' '}
        &gt; <span className="text-ink">Personal profile</span>
      </nav>
      <section className="flex items-center gap-4 rounded-lg border border-line bg-white p-6" aria-label="Picture">
        <Avatar name={account.name} src={account.picture} size={72} />
        <div className="flex flex-col gap-1">
          <p className="text-lg font-medium">{account.name}</p>
          <p className="text-sm text-muted">{account.email}</p>
          <Link to="/settings/profile/picture" className="text-sm underline underline-offset-4">
            Change picture
          </Link>
        </div>
      </section>
      <Outlet />
      <ProfileForm account={account} isAdmin={isAdmin} editing={editing} lastResult={actionData?.result} />
    </div>
  )
}

const LANGUAGE_OPTIONS = LANGUAGES.map((l) => ({ value: l.value, label: l.label }))

const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: c.alpha3, label: c.name }))

const DEPARTMENT_OPTIONS = DEPARTMENTS.map((d) => ({ value: d.value, label: d.label }))

const DATE_FORMAT_OPTIONS = DATE_FORMATS.map((f) => ({ value: f, label: f }))

function ProfileForm({
  account,
  isAdmin,
  editing,
  lastResult,
}: {
  account: AccountProfile
  isAdmin: boolean
  editing: boolean
  lastResult?: SubmissionResult<string[]> | null
}) {
  const csrf = useCsrfToken()
  const [form, fields] = useForm({
    id: 'personal-profile',
    lastResult: editing ? lastResult : undefined,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, PersonalProfileSchema),
    defaultValue: {
      first: account.first,
      last: account.last,
      username: account.username ?? '',
      title: account.title ?? '',
      department: account.department ?? '',
      employee_number: account.employee_number ?? '',
      contact_number: account.contact_number ?? '',
      mobile_number: account.mobile_number ?? '',
      date_format: account.date_format,
      // The form sends the selected codes; the schema joins them by `/` (its output type).
      language: account.language.split('/').filter(Boolean) as unknown as string,
      country: countryCode(account.country) ?? '',
      job_type: account.job_type,
    },
  })
  const readOnly = { disabled: !editing, readOnly: !editing }
  const text = (
    name: 'first' | 'last' | 'username' | 'title' | 'employee_number' | 'contact_number' | 'mobile_number',
    label: string,
    type: 'text' | 'tel' = 'text',
  ) => (
    <Field
      label={label}
      errors={editing ? fields[name].errors : undefined}
      inputProps={{ ...getInputProps(fields[name], { type }), ...readOnly }}
    />
  )
  // An account type outside the selectable list (e.g. owner, vsm) stays visible as it is.
  const accountTypes = ACCOUNT_TYPES.some((t) => t.value === account.job_type)
    ? ACCOUNT_TYPES
    : [...ACCOUNT_TYPES, { value: account.job_type, label: account.job_type }]
  return (
    <section className="rounded-lg border border-line bg-white p-6" aria-labelledby="personal-profile-heading">
      <Form method="post" {...getFormProps(form)} action="?edit=profile">
        <div className="mb-4 flex items-center gap-2">
          <h2 id="personal-profile-heading" className="text-lg font-medium">
            Personal Profile
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
              <ButtonLink to="?edit=profile" variant="secondary" preventScrollReset>
                Edit
              </ButtonLink>
            )}
          </div>
        </div>
        <CsrfField token={csrf} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Email"
            hint="Your sign-in e-mail; it is changed with your account administrator."
            inputProps={{ id: 'profile-email', type: 'email', value: account.email, disabled: true, readOnly: true }}
          />
          {text('username', 'Username')}
          {text('first', 'First Name')}
          {text('last', 'Last Name')}
          {text('title', 'Title')}
          <SelectField
            label="Department"
            placeholder="Select a department"
            options={DEPARTMENT_OPTIONS}
            errors={editing ? fields.department.errors : undefined}
            selectProps={{ ...getSelectProps(fields.department), ...readOnly }}
          />
          {text('employee_number', 'Employee Number')}
          {isAdmin ? (
            <SelectField
              label="Account Type"
              options={accountTypes}
              errors={editing ? fields.job_type.errors : undefined}
              selectProps={{ ...getSelectProps(fields.job_type), ...readOnly }}
            />
          ) : null}
          {text('contact_number', 'Contact Number', 'tel')}
          {text('mobile_number', 'Mobile Number', 'tel')}
          <SelectField
            label="Country"
            placeholder="Select a country"
            options={COUNTRY_OPTIONS}
            errors={editing ? fields.country.errors : undefined}
            selectProps={{ ...getSelectProps(fields.country), ...readOnly }}
            hint={
              !editing && account.country && !countryCode(account.country) ? countryName(account.country) : undefined
            }
          />
          <SelectField
            label="Date Format"
            options={DATE_FORMAT_OPTIONS}
            errors={editing ? fields.date_format.errors : undefined}
            selectProps={{ ...getSelectProps(fields.date_format), ...readOnly }}
          />
          <SelectField
            label="Language"
            options={LANGUAGE_OPTIONS}
            errors={editing ? fields.language.errors : undefined}
            selectProps={{ ...getSelectProps(fields.language), multiple: true, size: 4, ...readOnly }}
            hint={editing ? 'Hold Ctrl (Cmd on a Mac) to choose several.' : undefined}
          />
        </div>
      </Form>
    </section>
  )
}
