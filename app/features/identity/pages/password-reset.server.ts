// The server side of password-reset.tsx: what its route loads and does.
import { defaultLook } from '#app/features/brands/index.server'
import { PasswordResetRequestSchema } from '#app/features/identity/password-form-schemas'
import { requestPasswordReset } from '#app/features/identity/passwords.server'
import { isAppError } from '#app/platform/errors'
import { parseForm } from '#app/platform/forms'
import { clientAddress, requireCsrf } from '#app/platform/session.server'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { publicPage } from '#app/platform/access/permissions'

export const access = publicPage

export function loader(_args: LoaderFunctionArgs) {
  return json({ look: defaultLook() })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const submission = parseForm(formData, PasswordResetRequestSchema)
  if (submission.status !== 'success') return json({ result: submission.reply(), sent: null }, { status: 400 })
  try {
    const { message } = await requestPasswordReset(context.deps, {
      email: submission.value.email,
      ip: clientAddress(request, context),
    })
    return json({ result: submission.reply({ resetForm: true }), sent: message })
  } catch (error) {
    if (!isAppError(error)) throw error
    return json({ result: submission.reply({ formErrors: [error.message] }), sent: null }, { status: error.status })
  }
}
