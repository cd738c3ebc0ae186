// The server side of settings-security-password.tsx: what its route loads and does.
import { PASSWORD_CHANGED } from '#app/features/identity/identity-messages'
import { ChangePasswordSchema } from '#app/features/identity/password-form-schemas'
import { changePassword } from '#app/features/identity/passwords.server'
import { formErrorReply } from '#app/platform/form-errors.server'
import { parseForm } from '#app/platform/forms'
import { guard, readAuthCookie, redirectWithToast, requireCsrf } from '#app/platform/session.server'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { CLOSE_TO } from './settings-security-password.shared'
import { signedInPage } from '#app/platform/access/permissions'

export const access = signedInPage

const SECRET_FIELDS = ['old_password', 'new_password', 'confirm_password']

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await guard({ request, context, params }, access)
  return null
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const submission = parseForm(formData, ChangePasswordSchema)
  if (submission.status !== 'success') return json(submission.reply({ hideFields: SECRET_FIELDS }), { status: 400 })
  // Same lifetime as the session being replaced (Remember me at sign-in).
  try {
    await changePassword(context.deps, actor, {
      oldPassword: submission.value.old_password,
      newPassword: submission.value.new_password,
      keepSession: readAuthCookie(request),
    })
  } catch (error) {
    return formErrorReply(submission, error, { hideFields: SECRET_FIELDS, validationStatus: 422 })
  }
  return redirectWithToast(request, context, CLOSE_TO, { kind: 'success', message: PASSWORD_CHANGED })
}
