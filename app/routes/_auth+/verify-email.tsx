// `/verify-email?code=`: applies an e-mail verification code from an e-mailed link (access.md §2).
// Success: toast "Email Verified" and on to `/`; a refused code: the provider's message as the
// toast; no code at all: "Invalid Link!" on this page.
import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { BrandedAuthLayout } from '#app/components/branded-auth-layout'
import { InvalidLink } from '#app/components/invalid-link'
import { redirectWithToast } from '#app/lib/session.server'
import { defaultLook } from '#app/services/brand-look.server'
import { verifyEmailWithCode } from '#app/services/passwords.server'

export const meta: MetaFunction = () => [{ title: 'Verify e-mail · Brand Portal' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams
  const code = params.get('code') ?? params.get('oobCode')
  if (!code) return json({ look: defaultLook() }, { status: 400 })
  const outcome = await verifyEmailWithCode(context.deps, code)
  throw await redirectWithToast(request, context, '/', {
    kind: outcome.ok ? 'success' : 'error',
    message: outcome.message,
  })
}

export default function VerifyEmail() {
  const { look } = useLoaderData<typeof loader>()
  return (
    <BrandedAuthLayout look={look}>
      <InvalidLink />
    </BrandedAuthLayout>
  )
}
