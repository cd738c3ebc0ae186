// `/`: the login screen, and the post-login redirect for a signed-in user (access.md §2, §4).
// Its states: normal; with a human check after failed sign-ins; and the two-step flow of an
// account with SMS verification (factor choice, then code entry), all handled on the server so
// they work without JavaScript.
import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseForm } from '#app/lib/forms'
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  type SerializeFrom,
} from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react'
import { Button } from '#app/components/ui/button'
import { Checkbox, ErrorList, Field } from '#app/components/ui/field'
import { CsrfField } from '#app/components/ui/misc'
import { HumanCheck } from '#app/components/human-check'
import { useCsrfToken } from '#app/lib/csrf'
import {
  authCookie,
  clientAddress,
  commitUiSession,
  getOptionalActor,
  getUiSession,
  requireCsrf,
} from '#app/lib/session.server'
import {
  clearPendingSignIn,
  PENDING_SIGN_IN_TTL_MS,
  readPendingSignIn,
  savePendingSignIn,
  type PendingSignIn,
} from '#app/lib/pending-sign-in.server'
import { landingPath, safeRedirectPath } from '#app/policy/permissions'
import { LoginSchema } from '#app/schemas/login'
import { SecondFactorChoiceSchema, VerificationCodeSchema } from '#app/schemas/mfa'
import {
  finishSecondFactor,
  MESSAGES,
  sendSecondFactorCode,
  signInWithPassword,
  type SignInOutcome,
} from '#app/services/auth.server'
import { humanCheckField, humanCheckWidget } from '#app/services/human-check.server'
import { defaultLook, loadBrandLook } from '#app/services/brand-look.server'
import { BrandedAuthLayout } from '#app/components/branded-auth-layout'
import { acceptAfterSignIn, inviteStateForLogin } from '#app/lib/invite-sign-in.server'
import type { Session } from '@remix-run/node'
import type { AppLoadContext } from '@remix-run/node'

export const meta: MetaFunction = () => [{ title: 'Sign in · Brand Portal' }]

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
  const secondFactor = secondFactorView(readPendingSignIn(await getUiSession(request, context)))
  return json({ look, invited, secondFactor })
}

/** What the page may know of a pending two-step sign-in: masked numbers, nothing secret. */
function secondFactorView(pending: PendingSignIn | null) {
  if (!pending) return null
  const chosen = pending.factors.find((factor) => factor.mfaEnrollmentId === pending.chosen?.mfaEnrollmentId)
  return {
    factors: pending.factors.map(({ mfaEnrollmentId, phoneInfo }) => ({ mfaEnrollmentId, phoneInfo })),
    sentTo: chosen?.phoneInfo ?? null,
  }
}

type ActionReply = {
  form: 'login' | 'factor' | 'code'
  result: ReturnType<ReturnType<typeof parseForm>['reply']>
  humanCheck?: Awaited<ReturnType<typeof humanCheckWidget>> | null
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const ui = await getUiSession(request, context)
  const ip = clientAddress(request, context)
  const intent = formData.get('intent')

  if (intent === 'cancel-second-factor') {
    clearPendingSignIn(ui)
    return redirect('/', { headers: { 'Set-Cookie': await commitUiSession(ui, context) } })
  }
  if (intent === 'choose-factor' || intent === 'resend-code' || intent === 'verify-code') {
    const pending = readPendingSignIn(ui)
    // Expired (or never started): back to the password, with a word about why.
    if (!pending) return restartSignIn(request, context, ui)
    if (intent === 'verify-code') return verifyCode(context, ui, pending, formData, ip)
    const submission = parseForm(formData, SecondFactorChoiceSchema)
    const factorId =
      intent === 'resend-code'
        ? pending.chosen?.mfaEnrollmentId
        : submission.status === 'success'
          ? submission.value.factor
          : undefined
    if (!factorId || !pending.factors.some((factor) => factor.mfaEnrollmentId === factorId)) {
      return json<ActionReply>({ form: 'factor', result: submission.reply() }, { status: 400 })
    }
    const sent = await sendSecondFactorCode(context.deps, {
      mfaPendingCredential: pending.mfaPendingCredential,
      mfaEnrollmentId: factorId,
      email: pending.email,
      ip,
    })
    if (!sent.ok) {
      // "Send a new code" sits under the code form, which shows the error there.
      return json<ActionReply>(
        {
          form: intent === 'resend-code' ? 'code' : 'factor',
          result: submission.reply({ formErrors: [sent.message] }),
        },
        { status: sent.status },
      )
    }
    savePendingSignIn(ui, { ...pending, chosen: { mfaEnrollmentId: factorId, sessionInfo: sent.sessionInfo } })
    return redirect(loginPage(request), { headers: { 'Set-Cookie': await commitUiSession(ui, context) } })
  }

  const submission = parseForm(formData, LoginSchema)
  if (submission.status !== 'success') {
    return json<ActionReply>({ form: 'login', result: submission.reply({ hideFields: ['password'] }) }, { status: 400 })
  }
  const { email, password, remember, redirectTo } = submission.value
  const inviteToken = typeof formData.get('token') === 'string' ? (formData.get('token') as string) : undefined
  const outcome = await signInWithPassword(context.deps, {
    email,
    password,
    remember,
    ip,
    humanCheck: formData.get(humanCheckField(context.deps)),
    inviteToken,
  })
  if (!outcome.ok && outcome.reason === 'second-factor') {
    const pending: PendingSignIn = {
      email: outcome.email,
      mfaPendingCredential: outcome.mfaPendingCredential,
      factors: outcome.factors,
      remember,
      redirectTo,
      inviteToken,
      expiresAt: Date.now() + PENDING_SIGN_IN_TTL_MS,
    }
    // With one phone there is nothing to choose: its code goes out at once.
    const only = outcome.factors.length === 1 ? outcome.factors[0] : undefined
    if (only) {
      const sent = await sendSecondFactorCode(context.deps, {
        mfaPendingCredential: pending.mfaPendingCredential,
        mfaEnrollmentId: only.mfaEnrollmentId,
        email: pending.email,
        ip,
      })
      if (!sent.ok) {
        return json<ActionReply>(
          { form: 'login', result: submission.reply({ formErrors: [sent.message], hideFields: ['password'] }) },
          { status: sent.status },
        )
      }
      pending.chosen = { mfaEnrollmentId: only.mfaEnrollmentId, sessionInfo: sent.sessionInfo }
    }
    savePendingSignIn(ui, pending)
    return redirect(loginPage(request), { headers: { 'Set-Cookie': await commitUiSession(ui, context) } })
  }
  if (!outcome.ok) {
    const locked = await lockedRedirect(context, ui, outcome)
    if (locked) return locked
    return json<ActionReply>(
      {
        form: 'login',
        result: submission.reply({ formErrors: [outcome.message], hideFields: ['password'] }),
        humanCheck: outcome.humanCheckRequired ? await humanCheckWidget(context.deps) : null,
      },
      { status: outcome.status },
    )
  }
  return signedIn(context, ui, outcome, { remember, redirectTo, inviteToken })
}

async function verifyCode(
  context: AppLoadContext,
  ui: Session,
  pending: PendingSignIn,
  formData: FormData,
  ip: string,
) {
  const submission = parseForm(formData, VerificationCodeSchema)
  if (submission.status !== 'success') {
    return json<ActionReply>({ form: 'code', result: submission.reply() }, { status: 400 })
  }
  if (!pending.chosen) return json<ActionReply>({ form: 'factor', result: submission.reply() }, { status: 400 })
  const outcome = await finishSecondFactor(context.deps, {
    email: pending.email,
    mfaPendingCredential: pending.mfaPendingCredential,
    sessionInfo: pending.chosen.sessionInfo,
    code: submission.value.code,
    remember: pending.remember,
    ip,
    inviteToken: pending.inviteToken,
  })
  if (!outcome.ok) {
    const locked = await lockedRedirect(context, ui, outcome)
    if (locked) return locked
    return json<ActionReply>(
      { form: 'code', result: submission.reply({ formErrors: [outcome.message] }) },
      {
        status: outcome.status,
      },
    )
  }
  clearPendingSignIn(ui)
  return signedIn(context, ui, outcome, pending)
}

/** A locked account is sent to reset its password (access.md §4 "Sign-in" 5). */
async function lockedRedirect(context: AppLoadContext, ui: Session, outcome: SignInOutcome) {
  if (outcome.ok || outcome.reason !== 'limited' || outcome.message !== MESSAGES.tooManyForAccount) return null
  clearPendingSignIn(ui)
  ui.flash('toast', { kind: 'error', message: MESSAGES.tooManyForAccount })
  return redirect('/password-reset', { headers: { 'Set-Cookie': await commitUiSession(ui, context) } })
}

/** The login page the form was posted from (its brand look and redirectTo), for a redirect. */
function loginPage(request: Request): string {
  const url = new URL(request.url)
  url.searchParams.delete('index')
  return `${url.pathname}${url.search}`
}

async function restartSignIn(request: Request, context: AppLoadContext, ui: Session) {
  clearPendingSignIn(ui)
  ui.flash('toast', { kind: 'info', message: 'The verification has expired. Please sign in again.' })
  return redirect(loginPage(request), { headers: { 'Set-Cookie': await commitUiSession(ui, context) } })
}

async function signedIn(
  context: AppLoadContext,
  ui: Session,
  outcome: Extract<SignInOutcome, { ok: true }>,
  { remember, redirectTo, inviteToken }: Pick<PendingSignIn, 'remember' | 'redirectTo' | 'inviteToken'>,
) {
  const maxAge = remember ? Math.floor(outcome.expiresInMs / 1000) : undefined
  // Remembered so that Reset Session issues a cookie of the same lifetime; the CSRF token is
  // renewed so that one planted before sign-in is worth nothing after it.
  ui.set('remember', remember)
  ui.unset('csrf')
  // Signed in from an invite link: accept it and land by its first grant.
  const accepted = inviteToken ? await acceptAfterSignIn(context, outcome.actor, inviteToken) : null
  if (accepted) ui.flash('toast', accepted.toast)
  const headers = new Headers()
  headers.append('Set-Cookie', authCookie(context, outcome.sessionCookie, maxAge))
  headers.append('Set-Cookie', await commitUiSession(ui, context))
  return redirect(accepted?.landing ?? safeRedirectPath(redirectTo, outcome.landing), { headers })
}

export default function Login() {
  const { look, invited, secondFactor } = useLoaderData<typeof loader>()
  return (
    <BrandedAuthLayout look={look}>
      {secondFactor ? <SecondFactorStep {...secondFactor} /> : <PasswordStep invited={invited} />}
    </BrandedAuthLayout>
  )
}

function PasswordStep({ invited }: { invited: SerializeFrom<typeof loader>['invited'] }) {
  const reply = useActionData<typeof action>()
  const [searchParams] = useSearchParams()
  const navigation = useNavigation()
  const csrf = useCsrfToken()
  const [form, fields] = useForm({
    id: 'login',
    lastResult: reply?.form === 'login' ? reply.result : undefined,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, LoginSchema),
  })
  const busy = navigation.state === 'submitting'
  const humanCheck = reply?.form === 'login' ? reply.humanCheck : null

  return (
    <>
      <h2 className="text-2xl font-semibold">Sign in</h2>
      <p className="mt-1 text-sm text-muted" data-testid="login-subtitle">
        {invited
          ? `You have been invited to ${invited.brandName}. Sign in as ${invited.email} to accept the invite.`
          : 'Use the e-mail your brand invited.'}
      </p>
      <Form method="post" className="mt-8 flex flex-col gap-4" {...getFormProps(form)}>
        <CsrfField token={csrf} />
        <input type="hidden" name="redirectTo" value={searchParams.get('redirectTo') ?? ''} />
        {invited ? <input type="hidden" name="token" value={invited.token} /> : null}
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field
          label="Email"
          errors={fields.email.errors}
          inputProps={{
            ...getInputProps(fields.email, { type: 'email' }),
            ...(invited && !fields.email.initialValue && { defaultValue: invited.email }),
            autoComplete: 'email',
            autoFocus: true,
          }}
        />
        <Field
          label="Password"
          errors={fields.password.errors}
          inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'current-password' }}
        />
        <div className="flex items-center justify-between">
          <Checkbox label="Remember me" {...getInputProps(fields.remember, { type: 'checkbox' })} />
          <Link to="/password-reset" className="text-sm underline underline-offset-4">
            Forgot password
          </Link>
        </div>
        {humanCheck ? <HumanCheck widget={humanCheck} /> : null}
        <Button type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </Button>
      </Form>
    </>
  )
}

function SecondFactorStep({
  factors,
  sentTo,
}: {
  factors: { mfaEnrollmentId: string; phoneInfo: string }[]
  sentTo: string | null
}) {
  const reply = useActionData<typeof action>()
  const navigation = useNavigation()
  const csrf = useCsrfToken()
  const busy = navigation.state === 'submitting'
  const [choiceForm, choiceFields] = useForm({
    id: 'second-factor-choice',
    lastResult: reply?.form === 'factor' ? reply.result : undefined,
    onValidate: ({ formData }) => parseForm(formData, SecondFactorChoiceSchema),
  })
  const [codeForm, codeFields] = useForm({
    id: 'second-factor-code',
    lastResult: reply?.form === 'code' ? reply.result : undefined,
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseForm(formData, VerificationCodeSchema),
  })

  return (
    <>
      <h2 className="text-2xl font-semibold">Two-step verification</h2>
      {sentTo ? (
        <>
          <p className="mt-1 text-sm text-muted" data-testid="code-sent-to">
            We sent a verification code by SMS to {sentTo}.
          </p>
          <Form method="post" className="mt-8 flex flex-col gap-4" {...getFormProps(codeForm)}>
            <CsrfField token={csrf} />
            <ErrorList id={codeForm.errorId} errors={codeForm.errors} />
            <Field
              label="Verification code"
              errors={codeFields.code.errors}
              inputProps={{
                ...getInputProps(codeFields.code, { type: 'text' }),
                inputMode: 'numeric',
                autoComplete: 'one-time-code',
                autoFocus: true,
              }}
            />
            <Button type="submit" name="intent" value="verify-code" disabled={busy}>
              Verify
            </Button>
          </Form>
        </>
      ) : (
        <>
          <p className="mt-1 text-sm text-muted">Choose the phone that should receive your verification code.</p>
          <Form method="post" className="mt-8 flex flex-col gap-4" {...getFormProps(choiceForm)}>
            <CsrfField token={csrf} />
            <ErrorList id={choiceForm.errorId} errors={choiceForm.errors} />
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-2 text-sm font-medium">Phone</legend>
              {factors.map((factor, index) => (
                <label key={factor.mfaEnrollmentId} className="inline-flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={choiceFields.factor.name}
                    value={factor.mfaEnrollmentId}
                    defaultChecked={index === 0}
                    className="accent-ink"
                  />
                  {factor.phoneInfo}
                </label>
              ))}
              <ErrorList errors={choiceFields.factor.errors} />
            </fieldset>
            <Button type="submit" name="intent" value="choose-factor" disabled={busy}>
              Send code
            </Button>
          </Form>
        </>
      )}
      <Form method="post" className="mt-4 flex items-center justify-between gap-2 text-sm">
        <CsrfField token={csrf} />
        {sentTo ? (
          <button type="submit" name="intent" value="resend-code" className="underline underline-offset-4">
            Send a new code
          </button>
        ) : (
          <span />
        )}
        <button type="submit" name="intent" value="cancel-second-factor" className="underline underline-offset-4">
          Cancel
        </button>
      </Form>
    </>
  )
}
