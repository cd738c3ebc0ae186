// `/brand/{id}/products/share?line={key}`: the share-line modal (catalogue.md §2, §4 "Share flow",
// §8), opened from the products list's team sidebar. Name and Email; a line select unless the
// address names the line; the Permissions dropdown for accounts whose role or job type is admin.
// Submitting makes the line's team when it has none and invites the person into it by e-mail.
import { SHARE_PERMISSIONS, ShareLineSchema } from '#app/features/teams/share-line-schemas'
import { useCsrfToken } from '#app/platform/csrf'
import { parseForm } from '#app/platform/forms'
import { Button, buttonClass } from '#app/ui/button'
import { RouteDialog } from '#app/ui/dialog'
import { ErrorList, Field } from '#app/ui/field'
import type { FrameHandle } from '#app/ui/frame-handle'
import { CsrfField } from '#app/ui/misc'
import { getFormProps, getInputProps, getSelectProps, useForm } from '@conform-to/react'
import { type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import type { action, loader } from './line-share.server'

export const meta: MetaFunction = () => [{ title: 'Share Line · Brand Portal' }]

export const handle: FrameHandle = {
  title: 'Products',
  back: (_data, params) => `/brand/${params.brandKey ?? ''}/products`,
}

const selectClass = 'rounded-md border border-line bg-white px-3 py-2 text-sm outline-none focus:border-ink'

export default function ShareLine() {
  const { brandKey, lines, line, showPermissions } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const csrf = useCsrfToken()
  const [form, fields] = useForm({
    id: 'share-line',
    lastResult,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, ShareLineSchema),
    defaultValue: { line: line?.key ?? '', permission: 'designer' },
  })
  const closeTo = `/brand/${brandKey}/products`
  return (
    <RouteDialog title={line ? `Share ${line.name}` : 'Share Line'} closeTo={closeTo}>
      {lines.length === 0 ? (
        <p className="text-sm text-muted">No resources available.</p>
      ) : (
        <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
          <CsrfField token={csrf} />
          <ErrorList id={form.errorId} errors={form.errors} />
          {line ? (
            <input type="hidden" name={fields.line.name} value={line.key} />
          ) : (
            <div className="flex flex-col gap-1">
              <label htmlFor={fields.line.id} className="text-sm font-medium">
                Line
              </label>
              <select {...getSelectProps(fields.line)} className={selectClass}>
                <option value="">Choose a line…</option>
                {lines.map((option) => (
                  <option key={option.key} value={option.key}>
                    {option.name}
                  </option>
                ))}
              </select>
              <ErrorList id={fields.line.errorId} errors={fields.line.errors} />
            </div>
          )}
          <Field
            label="Name"
            errors={fields.name.errors}
            inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoFocus: true, autoComplete: 'off' }}
          />
          <Field
            label="Email"
            errors={fields.email.errors}
            inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'off' }}
          />
          {showPermissions ? (
            <div className="flex flex-col gap-1">
              <label htmlFor={fields.permission.id} className="text-sm font-medium">
                Permissions
              </label>
              <select {...getSelectProps(fields.permission)} className={selectClass}>
                {SHARE_PERMISSIONS.map((option) => (
                  <option key={option.jobType} value={option.jobType}>
                    {option.label}
                  </option>
                ))}
              </select>
              <ErrorList id={fields.permission.errorId} errors={fields.permission.errors} />
            </div>
          ) : null}
          <p className="text-xs text-muted" data-testid="share-reach">
            They get an e-mail with a link to sign up. They will see the whole brand and change only this line, with its
            team{showPermissions ? '; Admin lets them change everything in the brand' : ''}.
          </p>
          <div className="flex justify-end gap-2">
            <Link to={closeTo} className={buttonClass('secondary')}>
              Cancel
            </Link>
            <Button type="submit">Share</Button>
          </div>
        </Form>
      )}
    </RouteDialog>
  )
}
