// `/brand/{key}/team/add?job_type=admin|guest`: the add-member dialog of Manage Team (access.md §3
// "Forms", §5 "Invite form"). Add Team Member picks an account type (Admin by default); Add Guest
// invites with job type guest. Submitting creates the invite and e-mails it.
import { inviteReach } from '#app/features/teams/invite-rules'
import { ACCOUNT_TYPES, ADD_MEMBER_MODES, DEPARTMENTS } from '#app/features/teams/team-rules'
import { addMemberSchema } from '#app/features/teams/team-schemas'
import { useCsrfToken } from '#app/platform/csrf'
import { parseForm } from '#app/platform/forms'
import { Button, buttonClass } from '#app/ui/button'
import { RouteDialog } from '#app/ui/dialog'
import { ErrorList, Field } from '#app/ui/field'
import { CsrfField } from '#app/ui/misc'
import {
  getCollectionProps,
  getFormProps,
  getInputProps,
  getSelectProps,
  useForm,
  type FieldMetadata,
} from '@conform-to/react'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useEffect, useState } from 'react'
import type { action, loader } from './team-add.server'

const selectClass = 'rounded-md border border-line bg-white px-3 py-2 text-sm outline-none focus:border-ink'

export default function AddMember() {
  const { brandKey, mode, lines, collections } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const csrf = useCsrfToken()
  const schema = addMemberSchema({ lines: lines.length > 0, collections: collections.length > 0 })
  const [form, fields] = useForm({
    id: `add-member-${mode}`,
    lastResult,
    // Checked on Send Invite first, then as fields change: an error shown on blur pushed the
    // checkboxes below down between mouse down and up, and the click that moved the focus missed.
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, schema),
    defaultValue: { job_type: mode === 'guest' ? 'guest' : 'admin', lines: [], collections: [] },
  })
  const closeTo = `/brand/${brandKey}/team`
  const [choice, setChoice] = useState<{ jobType: string; lines: string[]; collections: string[] }>({
    jobType: mode === 'guest' ? 'guest' : 'admin',
    lines: [],
    collections: [],
  })
  // The sentence follows the choices only once the page runs: before, the account types are listed.
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return (
    <RouteDialog title={ADD_MEMBER_MODES[mode]} closeTo={closeTo}>
      <Form
        method="post"
        className="flex flex-col gap-4"
        {...getFormProps(form)}
        // What the invite gives follows the choices as they are made (read from the form itself).
        onChange={(event) => {
          const data = new FormData(event.currentTarget)
          setChoice({
            jobType: String(data.get('job_type') ?? ''),
            lines: data.getAll('lines').map(String),
            collections: data.getAll('collections').map(String),
          })
        }}
      >
        <CsrfField token={csrf} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="-mx-1 flex max-h-[55vh] flex-col gap-4 overflow-y-auto px-1">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="First Name"
              errors={fields.first_name.errors}
              inputProps={{ ...getInputProps(fields.first_name, { type: 'text' }), autoFocus: true }}
            />
            <Field
              label="Last Name"
              errors={fields.last_name.errors}
              inputProps={getInputProps(fields.last_name, { type: 'text' })}
            />
          </div>
          <Field
            label="Email"
            errors={fields.email.errors}
            inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'off' }}
          />
          <Field
            label="Title"
            errors={fields.title.errors}
            inputProps={getInputProps(fields.title, { type: 'text' })}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="flex flex-col gap-1">
              <label htmlFor={fields.department.id} className="text-sm font-medium">
                Department
              </label>
              <select {...getSelectProps(fields.department)} className={selectClass}>
                <option value="">Choose…</option>
                {DEPARTMENTS.map((department) => (
                  <option key={department} value={department}>
                    {department}
                  </option>
                ))}
              </select>
              <ErrorList id={fields.department.errorId} errors={fields.department.errors} />
            </div>
            <Field
              label="Employee Number"
              errors={fields.employee_number.errors}
              inputProps={{ ...getInputProps(fields.employee_number, { type: 'text' }), inputMode: 'numeric' }}
            />
          </div>
          {mode === 'guest' ? (
            <input type="hidden" name={fields.job_type.name} value="guest" />
          ) : (
            <div className="flex flex-col gap-1">
              <label htmlFor={fields.job_type.id} className="text-sm font-medium">
                Account Type
              </label>
              <select {...getSelectProps(fields.job_type)} className={selectClass}>
                {ACCOUNT_TYPES.map((type) => (
                  <option key={type.jobType} value={type.jobType}>
                    {type.label}
                  </option>
                ))}
              </select>
              <ErrorList id={fields.job_type.errorId} errors={fields.job_type.errors} />
            </div>
          )}
          <CheckboxGroup
            legend="Lines"
            field={fields.lines}
            options={lines.map((l) => ({ key: l.key, label: l.name }))}
          />
          <CheckboxGroup
            legend="Collections"
            field={fields.collections}
            options={collections.map((c) => ({ key: c.key, label: `${c.name} · ${c.season} ${c.year}` }))}
          />
          <InviteReachByType mode={mode} />
        </div>
        {hydrated ? (
          <InviteReach
            mode={mode}
            jobType={choice.jobType}
            lines={lines.filter((l) => choice.lines.includes(l.key)).map((l) => l.name)}
            collections={collections.filter((c) => choice.collections.includes(c.key)).map((c) => c.name)}
          />
        ) : null}
        <div className="flex justify-end gap-2">
          <Link to={closeTo} className={buttonClass('secondary')}>
            Cancel
          </Link>
          <Button type="submit">Send Invite</Button>
        </div>
      </Form>
    </RouteDialog>
  )
}

/**
 * What the invite will let the person see and change, said before it is sent (issue 46): the
 * chosen account type's brand-wide level and what the chosen lines and collections add, beside
 * Send Invite, following the form as it is filled.
 */
function InviteReach({
  mode,
  jobType,
  lines,
  collections,
}: {
  mode: 'admin' | 'guest'
  jobType: string
  lines: string[]
  collections: string[]
}) {
  const chosen = jobType || (mode === 'guest' ? 'guest' : 'admin')
  const label = mode === 'guest' ? 'Guest' : (ACCOUNT_TYPES.find((type) => type.jobType === chosen)?.label ?? chosen)
  return (
    <p
      className="rounded-md border border-line bg-canvas px-3 py-2 text-xs leading-relaxed"
      aria-live="polite"
      data-testid="invite-reach-chosen"
    >
      {inviteReach(label, chosen, { lines, collections })}
    </p>
  )
}

/** Without JavaScript the choice is known only once posted: every account type's reach is listed. */
function InviteReachByType({ mode }: { mode: 'admin' | 'guest' }) {
  const types = mode === 'guest' ? [{ label: 'Guest', jobType: 'guest' }] : ACCOUNT_TYPES
  return (
    <noscript>
      <div className="rounded-md border border-line bg-canvas px-3 py-2 text-sm" data-testid="invite-reach">
        <p className="font-medium">What they will be able to see and change</p>
        <ul className="mt-2 flex flex-col gap-1 text-xs text-muted">
          {types.map((type) => (
            <li key={type.jobType}>{inviteReach(type.label, type.jobType, { lines: [], collections: [] })}</li>
          ))}
          <li>Lines and collections chosen are added at the same level; they do not narrow the brand.</li>
        </ul>
      </div>
    </noscript>
  )
}

function CheckboxGroup({
  legend,
  field,
  options,
}: {
  legend: string
  field: FieldMetadata<string[]>
  options: { key: string; label: string }[]
}) {
  const labels = new Map(options.map((option) => [option.key, option.label]))
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={field.errors ? field.errorId : undefined}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {options.length === 0 ? (
        <p className="text-xs text-muted">This brand has no {legend.toLowerCase()} yet.</p>
      ) : (
        <div className="grid gap-2 sm:grid-cols-2">
          {getCollectionProps(field, { type: 'checkbox', options: options.map((option) => option.key) }).map(
            (props) => (
              <label key={props.key} htmlFor={props.id} className="inline-flex items-center gap-2 text-sm">
                <input {...props} key={props.key} className="h-4 w-4 rounded border-line accent-ink" />
                {labels.get(props.value)}
              </label>
            ),
          )}
        </div>
      )}
      <ErrorList id={field.errorId} errors={field.errors} />
    </fieldset>
  )
}
