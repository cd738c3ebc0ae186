// `/verify-email?code=`: applies an e-mail verification code from an e-mailed link (access.md §2).
// Success: toast "Email Verified" and on to `/`; a refused code: the provider's message as the
// toast; no code at all: "Invalid Link!" on this page.
import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { BrandedAuthLayout } from '#app/features/identity/components/branded-auth-layout'
import { InvalidLink } from '#app/ui/invalid-link'
import { isAppError } from '#app/platform/errors'
import { redirectWithToast } from '#app/platform/session.server'
import { defaultLook } from '#app/features/brands/brand-look.server'
import { verifyEmailWithCode } from '#app/features/identity/passwords.server'

export const meta: MetaFunction = () => [{ title: 'Verify e-mail · Brand Portal' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams
  const code = params.get('code') ?? params.get('oobCode')
  if (!code) return json({ look: defaultLook() }, { status: 400 })
  const toast = await verifyEmailWithCode(context.deps, code).then(
    ({ message }) => ({ kind: 'success' as const, message }),
    (error: unknown) => {
      if (!isAppError(error)) throw error
      return { kind: 'error' as const, message: error.message }
    },
  )
  throw await redirectWithToast(request, context, '/', toast)
}

export default function VerifyEmail() {
  const { look } = useLoaderData<typeof loader>()
  return (
    <BrandedAuthLayout look={look}>
      <InvalidLink />
    </BrandedAuthLayout>
  )
}
