// `/user-management?mode=&oobCode=`: where the identity provider's e-mail links point (its
// templates' action URL is {APP_URL}/user-management). It forwards to the screen of the action
// (access.md §2); any other mode shows "Invalid Link!".
import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { BrandedAuthLayout } from '#app/features/identity/components/branded-auth-layout'
import { defaultLook } from '#app/features/brands/brand-look.server'
import { InvalidLink } from '#app/ui/invalid-link'

export const meta: MetaFunction = () => [{ title: 'Brand Portal' }]

const TARGETS: Record<string, string> = {
  resetPassword: '/reset-password/',
  verifyEmail: '/verify-email/',
}

export function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams
  const target = TARGETS[params.get('mode') ?? '']
  const code = params.get('oobCode')
  if (target && code) throw redirect(`${target}?code=${encodeURIComponent(code)}`)
  return json({ look: defaultLook() }, { status: 400 })
}

export default function UserManagement() {
  const { look } = useLoaderData<typeof loader>()
  return (
    <BrandedAuthLayout look={look}>
      <InvalidLink />
    </BrandedAuthLayout>
  )
}
