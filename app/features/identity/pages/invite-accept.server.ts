// The server side of invite-accept.tsx: what its route loads and does.
import { defaultLook, loadBrandLook } from '#app/features/brands/index.server'
import { inviteErrorToast, invitedToast } from '#app/features/identity/invite-sign-in.server'
import { SignupFormSchema } from '#app/features/teams'
import { INVITE_MESSAGES, parseInvite } from '#app/features/teams/index.server'
import { signUpWithInvite } from '#app/features/teams/index.server'
import { isAppError } from '#app/platform/errors'
import { formErrorReply } from '#app/platform/form-errors.server'
import { parseForm } from '#app/platform/forms'
import {
  commitUiSession,
  getOptionalActor,
  getUiSession,
  redirectWithToast,
  requireCsrf,
} from '#app/platform/session.server'
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { issueSessionCookie } from '../session-cookies.server'
import { publicPage } from '#app/platform/access/permissions'

export const access = publicPage

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  // Signed in already, or an account exists: the login screen accepts the invite (§4).
  const actor = await getOptionalActor(request, context)
  if (actor) throw redirect(`/?token=${encodeURIComponent(token)}`)
  let invite: Awaited<ReturnType<typeof parseInvite>>
  try {
    invite = await parseInvite(context.deps, token)
  } catch (error) {
    if (!isAppError(error)) throw error
    throw await redirectWithToast(request, context, '/', inviteErrorToast(error.message))
  }
  if (invite.account) throw redirect(`/?token=${encodeURIComponent(token)}`)
  const look = (await loadBrandLook(context.deps, invite.brand.key)) ?? defaultLook()
  return json({ token, invite, look })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const submission = parseForm(formData, SignupFormSchema)
  if (submission.status !== 'success') {
    return json(submission.reply({ hideFields: ['password', 'confirm'] }), { status: 400 })
  }
  const { token, email, first, last, password } = submission.value
  let signedUp: Awaited<ReturnType<typeof signUpWithInvite>>
  try {
    signedUp = await signUpWithInvite(context.deps, { email, first, last, password, invite: token })
  } catch (error) {
    if (!isAppError(error)) throw error
    if (error.type === 'NotFound') {
      throw await redirectWithToast(request, context, '/', inviteErrorToast(INVITE_MESSAGES.notFound))
    }
    return formErrorReply(submission, error, { hideFields: ['password', 'confirm'] })
  }
  // Signed in as the login form does (without Remember me), with a new CSRF token.
  const sessionCookie = await issueSessionCookie(
    request,
    context,
    { key: signedUp.account.key, firebaseUid: signedUp.firebaseUid },
    { remember: false },
  )
  const ui = await getUiSession(request, context)
  ui.unset('csrf')
  ui.flash('toast', invitedToast(signedUp.email, signedUp.brandName))
  const headers = new Headers()
  headers.append('Set-Cookie', sessionCookie)
  headers.append('Set-Cookie', await commitUiSession(ui, context))
  return redirect(signedUp.landing, { headers })
}
