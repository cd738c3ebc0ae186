// `/`: the login screen, and the post-login redirect for a signed-in user (access.md §2, §4).
import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseForm } from '#app/lib/forms'
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react'
import { Button } from '#app/components/ui/button'
import { Checkbox, ErrorList, Field } from '#app/components/ui/field'
import { CsrfField } from '#app/components/ui/misc'
import { useCsrfToken } from '#app/lib/csrf'
import {
  authCookie,
  clientAddress,
  commitUiSession,
  getOptionalActor,
  getUiSession,
  requireCsrf,
} from '#app/lib/session.server'
import { landingPath, safeRedirectPath } from '#app/policy/permissions'
import { LoginSchema } from '#app/schemas/login'
import { signInWithPassword } from '#app/services/auth.server'
import { defaultLook, loadBrandLook } from '#app/services/brand-look.server'
import { BrandedAuthLayout } from '#app/components/branded-auth-layout'
import { acceptAfterSignIn, inviteStateForLogin } from '#app/lib/invite-sign-in.server'

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
  return json({ look, invited })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const submission = parseForm(formData, LoginSchema)
  if (submission.status !== 'success') {
    return json(submission.reply({ hideFields: ['password'] }), { status: 400 })
  }
  const { email, password, remember, redirectTo } = submission.value
  const outcome = await signInWithPassword(context.deps, {
    email,
    password,
    remember,
    ip: clientAddress(request, context),
  })
  if (!outcome.ok) {
    return json(submission.reply({ formErrors: [outcome.message], hideFields: ['password'] }), {
      status: outcome.status,
    })
  }
  const maxAge = remember ? Math.floor(outcome.expiresInMs / 1000) : undefined
  // Remembered so that Reset Session issues a cookie of the same lifetime; the CSRF token is
  // renewed so that one planted before sign-in is worth nothing after it.
  const ui = await getUiSession(request, context)
  ui.set('remember', remember)
  ui.unset('csrf')
  // Signed in from an invite link: accept it and land by its first grant.
  const inviteToken = formData.get('token')
  const accepted =
    typeof inviteToken === 'string' && inviteToken ? await acceptAfterSignIn(context, outcome.actor, inviteToken) : null
  if (accepted) ui.flash('toast', accepted.toast)
  const headers = new Headers()
  headers.append('Set-Cookie', authCookie(context, outcome.sessionCookie, maxAge))
  headers.append('Set-Cookie', await commitUiSession(ui, context))
  return redirect(accepted?.landing ?? safeRedirectPath(redirectTo, outcome.landing), { headers })
}

export default function Login() {
  const { look, invited } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const [searchParams] = useSearchParams()
  const navigation = useNavigation()
  const csrf = useCsrfToken()
  const [form, fields] = useForm({
    id: 'login',
    lastResult,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, LoginSchema),
  })
  const busy = navigation.state === 'submitting'

  return (
    <BrandedAuthLayout look={look}>
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
        <Button type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </Button>
      </Form>
    </BrandedAuthLayout>
  )
}
