// `/invite?token=` (and `/register?token=`): the invite landing with the sign-up form, in the
// inviting brand's look (access.md §2 "Sign-up", §4, §5 "Sign-up"). Works without JavaScript.
import { BrandedAuthLayout } from '#app/features/identity/components'
import { NewPasswordFields, useBreachHint } from '#app/features/identity/components'
import { SignupFormSchema } from '#app/features/teams'
import { useCsrfToken } from '#app/platform/csrf'
import { parseForm } from '#app/platform/forms'
import { Button } from '#app/ui/button'
import { ErrorList, Field } from '#app/ui/field'
import { CsrfField } from '#app/ui/misc'
import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import type { action, loader } from './invite-accept.server'

export const meta: MetaFunction = () => [{ title: 'Accept your invite · Brand Portal' }]

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
