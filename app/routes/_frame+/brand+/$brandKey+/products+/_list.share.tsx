// `/brand/{id}/products/share?line={key}`: the share-line modal (catalogue.md §2, §4 "Share flow",
// §8), opened from the products list's team sidebar. Name and Email; a line select unless the
// address names the line; the Permissions dropdown for accounts whose role or job type is admin.
// Submitting makes the line's team when it has none and invites the person into it by e-mail.
import { getFormProps, getInputProps, getSelectProps, useForm } from '@conform-to/react'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { Button, buttonClass } from '#app/ui/button'
import { RouteDialog } from '#app/ui/dialog'
import { ErrorList, Field } from '#app/ui/field'
import { CsrfField } from '#app/ui/misc'
import { useCsrfToken } from '#app/platform/csrf'
import { isAppError } from '#app/platform/errors'
import { formErrorReply } from '#app/platform/form-errors.server'
import { parseForm } from '#app/platform/forms'
import { guard, redirectWithToast, requireCsrf, run, type Toast } from '#app/platform/session.server'
import {
  mayChoosePermission,
  SHARE_MESSAGES,
  SHARE_PERMISSIONS,
  ShareLineSchema,
} from '#app/features/teams/share-line-schemas'
import { listShareableLines, shareLine } from '#app/features/teams/line-share.server'
import type { FrameHandle } from '#app/ui/frame-handle'

export const meta: MetaFunction = () => [{ title: 'Share Line · Brand Portal' }]
export const handle: FrameHandle = {
  title: 'Products',
  back: (_data, params) => `/brand/${params.brandKey ?? ''}/products`,
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard(request, context)
  const brandKey = params.brandKey!
  const lines = await run(() => listShareableLines(context.deps, actor, brandKey))
  const asked = new URL(request.url).searchParams.get('line')
  const line = lines.find((candidate) => candidate.key === asked) ?? null
  return json({ brandKey, lines, line, showPermissions: mayChoosePermission(actor) })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard(request, context)
  const brandKey = params.brandKey!
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const submission = parseForm(formData, ShareLineSchema)
  if (submission.status !== 'success') return json(submission.reply(), { status: 400 })
  const lines = await run(() => listShareableLines(context.deps, actor, brandKey))
  const lineName = lines.find((line) => line.key === submission.value.line)?.name ?? 'line'
  let outcome
  try {
    outcome = await shareLine(context.deps, actor, brandKey, submission.value)
  } catch (error) {
    if (isAppError(error) && error.type === 'ValidationError') return formErrorReply(submission, error)
    if (!isAppError(error) || error.status >= 500) throw error
    return json(submission.reply({ formErrors: [SHARE_MESSAGES.shareError(lineName), error.message] }), {
      status: error.status,
    })
  }
  const toasts: Toast[] = []
  if (outcome.team.created) toasts.push({ kind: 'info', message: SHARE_MESSAGES.creatingTeam(outcome.team.name) })
  toasts.push({ kind: 'success', message: SHARE_MESSAGES.invited(outcome.invite.email, outcome.line.name) })
  toasts.push(
    outcome.mailError
      ? { kind: 'error', message: SHARE_MESSAGES.sendError }
      : { kind: 'success', message: SHARE_MESSAGES.delivered(outcome.invite.email) },
  )
  return redirectWithToast(request, context, `/brand/${brandKey}/products`, toasts)
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
          <p className="text-xs text-muted">
            They get an e-mail with a link to sign up, and can then work on this line with its team.
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
