// `/settings/security/unenroll/{factor}`: the confirmation before a phone stops being a second
// factor, with the password asked again (a session alone cannot remove the factor). A dialog
// route, so it is a plain form without JavaScript.
import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { Button, buttonClass } from '#app/ui/button'
import { RouteDialog } from '#app/ui/dialog'
import { ErrorList, Field } from '#app/ui/field'
import { CsrfField } from '#app/ui/misc'
import { useCsrfToken } from '#app/platform/csrf'
import { isAppError, notFound } from '#app/platform/errors'
import { parseForm } from '#app/platform/forms'
import { clientAddress, guard, redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { EnrollPasswordSchema } from '#app/features/identity/mfa-schemas'
import { listSecondFactors, MFA_MESSAGES, unenrollSecondFactor } from '#app/features/identity/mfa.server'

const BACK = '/settings/security'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard(request, context)
  const factors = await run(() => listSecondFactors(context.deps, actor))
  const factor = factors.find((candidate) => candidate.mfaEnrollmentId === params.factorId)
  if (!factor) await run(() => Promise.reject(notFound('Factor')))
  return json({ phone: factor!.phoneInfo, last: factors.length === 1 })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard(request, context)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const submission = parseForm(formData, EnrollPasswordSchema)
  if (submission.status !== 'success') return json(submission.reply({ hideFields: ['password'] }), { status: 400 })
  try {
    await unenrollSecondFactor(context.deps, actor, {
      mfaEnrollmentId: params.factorId ?? '',
      password: submission.value.password,
      ip: clientAddress(request, context),
    })
  } catch (error) {
    if (!isAppError(error) || error.type === 'NotFound') throw error
    return json(
      submission.reply({
        hideFields: ['password'],
        ...(error.fields ? { fieldErrors: error.fields } : { formErrors: [error.message] }),
      }),
      { status: error.status },
    )
  }
  return redirectWithToast(request, context, BACK, { kind: 'success', message: MFA_MESSAGES.unenrolled })
}

export default function UnenrollFactor() {
  const { phone, last } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const navigation = useNavigation()
  const csrf = useCsrfToken()
  const [form, fields] = useForm({
    id: 'unenroll',
    lastResult,
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseForm(formData, EnrollPasswordSchema),
  })
  return (
    <RouteDialog title="Unenroll Factor" closeTo={BACK}>
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        <CsrfField token={csrf} />
        <p className="text-sm">
          Stop sending sign-in codes to <strong>{phone}</strong>?
          {last ? ' Your password alone will then sign you in.' : ''}
        </p>
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field
          label="Password"
          errors={fields.password.errors}
          inputProps={{
            ...getInputProps(fields.password, { type: 'password' }),
            autoComplete: 'current-password',
            autoFocus: true,
          }}
        />
        <div className="flex justify-end gap-2">
          <Link to={BACK} className={buttonClass('secondary')} preventScrollReset>
            Cancel
          </Link>
          <Button type="submit" variant="danger" disabled={navigation.state === 'submitting'}>
            Unenroll
          </Button>
        </div>
      </Form>
    </RouteDialog>
  )
}
