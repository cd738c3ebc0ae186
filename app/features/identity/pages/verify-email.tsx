// `/verify-email?code=`: applies an e-mail verification code from an e-mailed link (access.md §2).
// Success: toast "Email Verified" and on to `/`; a refused code: the provider's message as the
// toast; no code at all: "Invalid Link!" on this page.
import { BrandedAuthLayout } from '#app/features/identity/components/branded-auth-layout'
import { InvalidLink } from '#app/features/identity/components/invalid-link'
import { type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import type { loader } from './verify-email.server'

export const meta: MetaFunction = () => [{ title: 'Verify e-mail · Brand Portal' }]

export default function VerifyEmail() {
  const { look } = useLoaderData<typeof loader>()
  return (
    <BrandedAuthLayout look={look}>
      <InvalidLink />
    </BrandedAuthLayout>
  )
}
