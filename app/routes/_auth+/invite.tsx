// `/invite?token=` (and `/register?token=`): the invite landing with the sign-up form, in the
// inviting brand's look (access.md §2 "Sign-up", §4, §5 "Sign-up"). Works without JavaScript.
import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { BrandedAuthLayout } from '#app/features/identity/components/branded-auth-layout'
import { Button } from '#app/ui/button'
import { ErrorList, Field } from '#app/ui/field'
import { CsrfField } from '#app/ui/misc'
import { useCsrfToken } from '#app/platform/csrf'
import { isAppError } from '#app/platform/errors'
import { formErrorReply } from '#app/platform/form-errors.server'
import { parseForm } from '#app/platform/forms'
import { inviteErrorToast, invitedToast } from '#app/features/identity/invite-sign-in.server'
import {
  commitUiSession,
  getOptionalActor,
  getUiSession,
  issueSessionCookie,
  redirectWithToast,
  requireCsrf,
} from '#app/platform/session.server'
import { SignupFormSchema } from '#app/features/teams/invite-schemas'
import { NewPasswordFields, useBreachHint } from '#app/features/identity/components/new-password-fields'
import { defaultLook, loadBrandLook } from '#app/features/brands/brand-look.server'
import { INVITE_MESSAGES, parseInvite } from '#app/features/teams/invites.server'
import { signUpWithInvite } from '#app/features/teams/registration.server'

export const meta: MetaFunction = () => [{ title: 'Accept your invite · Brand Portal' }]

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

export default function InviteLanding() {
  const { token, invite, look } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const navigation = useNavigation()
  const csrf = useCsrfToken()
  const [form, fields] = useForm({
    id: 'signup',
    lastResult,
    defaultValue: { token, email: invite.email, first: invite.first_name, last: invite.last_name },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, SignupFormSchema),
    // With JavaScript, a breached password is flagged before anything is sent.
    onSubmit: (event) => breach.onSubmit(event),
  })
  const breach = useBreachHint(fields.password)
  const busy = navigation.state === 'submitting'
  const team = invite.data.find((entry) => entry.KIND === 'Team')

  return (
    <BrandedAuthLayout look={look} headline={`Join ${invite.brand.name} on Brand Portal.`}>
      <h2 className="text-2xl font-semibold">Create your account</h2>
      <p className="mt-1 text-sm text-muted" data-testid="invite-summary">
        You have been invited to {invite.brand.name}
        {team ? ` (team ${team.name})` : ''}.
      </p>
      <Form method="post" className="mt-8 flex flex-col gap-4" {...getFormProps(form)}>
        <CsrfField token={csrf} />
        <input {...getInputProps(fields.token, { type: 'hidden' })} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field
          label="Email"
          errors={fields.email.errors}
          hint="The address your invite was sent to."
          inputProps={{ ...getInputProps(fields.email, { type: 'email' }), readOnly: true, autoComplete: 'email' }}
        />
        <div className="grid grid-cols-2 gap-3">
          <Field
            label="First name"
            errors={fields.first.errors}
            inputProps={{ ...getInputProps(fields.first, { type: 'text' }), autoComplete: 'given-name' }}
          />
          <Field
            label="Last name"
            errors={fields.last.errors}
            inputProps={{ ...getInputProps(fields.last, { type: 'text' }), autoComplete: 'family-name' }}
          />
        </div>
        <NewPasswordFields
          newPassword={fields.password}
          confirmPassword={fields.confirm}
          breached={breach.breached}
          labels={{ new: 'Password', confirm: 'Confirm password' }}
        />
        <Button type="submit" disabled={busy}>
          {busy ? 'Creating your account…' : 'Sign up'}
        </Button>
        <p className="text-sm text-muted">
          Already have an account?{' '}
          <Link to={`/?token=${encodeURIComponent(token)}`} className="underline underline-offset-4">
            Sign in
          </Link>
        </p>
      </Form>
    </BrandedAuthLayout>
  )
}
