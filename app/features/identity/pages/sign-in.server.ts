// The server side of the login screen `/` (sign-in.tsx): its loader, and its action. Each step of
// signing in (password, factor choice, code) runs in app/features/identity/sign-in.server.ts; the
// action turns the step's outcome, or its refusal (a thrown AppError), into a reply, a redirect or
// a new session.
import { defaultLook, loadBrandLook } from '#app/features/brands/index.server'
import { MESSAGES } from '#app/features/identity/auth.server'
import { humanCheckField, humanCheckWidget } from '#app/features/identity/human-check.server'
import { acceptAfterSignIn, inviteStateForLogin } from '#app/features/identity/invite-sign-in.server'
import { LoginSchema } from '#app/features/identity/login-schemas'
import { SecondFactorChoiceSchema, VerificationCodeSchema } from '#app/features/identity/mfa-schemas'
import { clearPendingSignIn, readPendingSignIn, savePendingSignIn } from '#app/features/identity/pending-sign-in.server'
import {
  pendingView,
  sendSignInCode,
  startSignIn,
  verifySignInCode,
  type SignInStep,
} from '#app/features/identity/sign-in.server'
import { publicPage, landingPath, safeRedirectPath } from '#app/platform/access/permissions'
import { SignInRefused } from '#app/platform/errors'
import { parseForm } from '#app/platform/forms'
import {
  clientAddress,
  commitUiSession,
  getOptionalActor,
  getUiSession,
  requireCsrf,
} from '#app/platform/session.server'
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { issueSessionCookie } from '../session-cookies.server'

export const access = publicPage

type ActionReply = {
  form: 'login' | 'factor' | 'code'
  result: ReturnType<ReturnType<typeof parseForm>['reply']>
  humanCheck?: Awaited<ReturnType<typeof humanCheckWidget>> | null
}

/** The steps of signing in run in app/features/identity/sign-in.server.ts; this turns each into a reply. */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const ui = await getUiSession(request, context)
  const ip = clientAddress(request, context)
  const intent = formData.get('intent')
  const pending = readPendingSignIn(ui)
  let step: SignInStep
  let submission: ReturnType<typeof parseForm>
  // The form a refusal's message goes under, unless the refusal names another.
  let form: ActionReply['form'] = 'login'

  if (intent === 'cancel-second-factor') {
    clearPendingSignIn(ui)
    return redirect('/', { headers: { 'Set-Cookie': await commitUiSession(ui, context) } })
  }
  try {
    if (intent === 'choose-factor' || intent === 'resend-code') {
      form = intent === 'resend-code' ? 'code' : 'factor'
      submission = parseForm(formData, SecondFactorChoiceSchema)
      const factor = submission.status === 'success' ? (submission.value as { factor: string }).factor : undefined
      step = await sendSignInCode(context.deps, pending, { factor, resend: intent === 'resend-code', ip })
    } else if (intent === 'verify-code') {
      form = 'code'
      submission = parseForm(formData, VerificationCodeSchema)
      if (pending && submission.status !== 'success') {
        return json<ActionReply>({ form: 'code', result: submission.reply() }, { status: 400 })
      }
      const code = submission.status === 'success' ? (submission.value as { code: string }).code : ''
      step = await verifySignInCode(context.deps, pending, { code, ip })
    } else {
      form = 'login'
      const login = parseForm(formData, LoginSchema)
      submission = login
      if (login.status !== 'success') {
        return json<ActionReply>({ form: 'login', result: login.reply({ hideFields: ['password'] }) }, { status: 400 })
      }
      const token = formData.get('token')
      step = await startSignIn(context.deps, {
        ...login.value,
        ip,
        humanCheck: formData.get(humanCheckField(context.deps)),
        inviteToken: typeof token === 'string' ? token : undefined,
      })
    }
  } catch (error) {
    // Only a refused step is shown in the page; anything else goes on to the error boundary.
    if (!(error instanceof SignInRefused)) throw error
    if (error.locked) {
      // A locked account is sent to reset its password (access.md §4 "Sign-in" 5).
      clearPendingSignIn(ui)
      ui.flash('toast', { kind: 'error', message: MESSAGES.tooManyForAccount })
      return redirect('/password-reset', { headers: { 'Set-Cookie': await commitUiSession(ui, context) } })
    }
    return json<ActionReply>(
      {
        form: error.form ?? form,
        result: submission!.reply({ formErrors: [error.message], hideFields: ['password'] }),
        humanCheck: error.humanCheckRequired ? await humanCheckWidget(context.deps) : null,
      },
      // A refused form is a 400 for the page: its client takes a 401 for a session that ended.
      { status: error.status === 401 ? 400 : error.status },
    )
  }

  switch (step.kind) {
    case 'expired':
      // Back to the password, with a word about why.
      clearPendingSignIn(ui)
      ui.flash('toast', { kind: 'info', message: 'The verification has expired. Please sign in again.' })
      return redirect(loginPage(request), { headers: { 'Set-Cookie': await commitUiSession(ui, context) } })
    case 'second-factor':
      savePendingSignIn(ui, step.pending)
      return redirect(loginPage(request), { headers: { 'Set-Cookie': await commitUiSession(ui, context) } })
    case 'signed-in':
      return signedIn(request, context, ui, step)
  }
}

/** The login page the form was posted from (its brand look and redirectTo), for a redirect. */
function loginPage(request: Request): string {
  const url = new URL(request.url)
  url.searchParams.delete('index')
  return `${url.pathname}${url.search}`
}

async function signedIn(
  request: Request,
  context: ActionFunctionArgs['context'],
  ui: Awaited<ReturnType<typeof getUiSession>>,
  step: Extract<SignInStep, { kind: 'signed-in' }>,
) {
  const { signedIn: outcome, remember, redirectTo, inviteToken } = step
  clearPendingSignIn(ui)
  // The CSRF token is renewed so that one planted before sign-in is worth nothing after it.
  ui.unset('csrf')
  // Signed in from an invite link: accept it and land by its first grant.
  const accepted = inviteToken ? await acceptAfterSignIn(context, outcome.actor, inviteToken) : null
  if (accepted) ui.flash('toast', accepted.toast)
  const headers = new Headers()
  headers.append('Set-Cookie', await issueSessionCookie(request, context, outcome.actor, { remember }))
  headers.append('Set-Cookie', await commitUiSession(ui, context))
  // Only a path on this site: `//evil.example` or `https://…` fall back to the landing page.
  return redirect(accepted?.landing ?? safeRedirectPath(redirectTo, outcome.landing), { headers })
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await getOptionalActor(request, context)
  // An invite link (/?token=): accept now, or sign in as the invitee first (state "invited").
  const inviteToken = new URL(request.url).searchParams.get('token')
  const invited = inviteToken ? await inviteStateForLogin(request, context, actor, inviteToken) : null
  if (actor) {
    const back = new URL(request.url).searchParams.get('redirectTo')
    const landing = landingPath({ status: actor.status, preferredBrand: actor.preferences.brand, grants: actor.grants })
    throw redirect(safeRedirectPath(back, landing))
  }
  // A brand's own login page is /?brand={key}: same form, that brand's look.
  const brandKey = invited?.brandKey ?? new URL(request.url).searchParams.get('brand')
  const look = (brandKey ? await loadBrandLook(context.deps, brandKey) : null) ?? defaultLook()
  const pending = readPendingSignIn(await getUiSession(request, context))
  return json({ look, invited, secondFactor: pending ? pendingView(pending) : null })
}
