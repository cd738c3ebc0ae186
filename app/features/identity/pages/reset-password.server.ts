// The server side of reset-password.tsx: what its route loads and does.
import { defaultLook } from '#app/features/brands/index.server'
import { ResetPasswordSchema } from '#app/features/identity/password-form-schemas'
import { checkResetCode, resetPasswordWithCode } from '#app/features/identity/passwords.server'
import { isAppError } from '#app/platform/errors'
import { formErrorReply } from '#app/platform/form-errors.server'
import { parseForm } from '#app/platform/forms'
import { requireCsrf } from '#app/platform/session.server'
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { publicPage } from '#app/platform/access/permissions'

export const access = publicPage

type Screen = { step: 'form'; code: string; email: string } | { step: 'invalid'; message: string } | { step: 'done' }

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams
  const look = defaultLook()
  if (params.get('status') === 'done') return json({ look, screen: { step: 'done' } as Screen })
  const code = params.get('code') ?? params.get('oobCode')
  try {
    const { email } = await checkResetCode(context.deps, code)
    return json({ look, screen: { step: 'form', code: code!, email } as Screen })
  } catch (error) {
    if (!isAppError(error)) throw error
    return json({ look, screen: { step: 'invalid', message: error.message } as Screen }, { status: 400 })
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const submission = parseForm(formData, ResetPasswordSchema)
  const hidden = ['new_password', 'confirm_password']
  if (submission.status !== 'success') return json(submission.reply({ hideFields: hidden }), { status: 400 })
  try {
    await resetPasswordWithCode(context.deps, {
      code: submission.value.code,
      newPassword: submission.value.new_password,
    })
  } catch (error) {
    return formErrorReply(submission, error, { hideFields: hidden, validationStatus: 422 })
  }
  return redirect('/reset-password?status=done')
}
