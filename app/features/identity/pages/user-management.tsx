// `/user-management?mode=&oobCode=`: where the identity provider's e-mail links point (its
// templates' action URL is {APP_URL}/user-management). It forwards to the screen of the action
// (access.md §2); any other mode shows "Invalid Link!".
import { BrandedAuthLayout } from '#app/features/identity/components/branded-auth-layout'
import { InvalidLink } from '#app/features/identity/components/invalid-link'
import { type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import type { loader } from './user-management.server'

export const meta: MetaFunction = () => [{ title: 'Brand Portal' }]

export default function UserManagement() {
  const { look } = useLoaderData<typeof loader>()
  return (
    <BrandedAuthLayout look={look}>
      <InvalidLink />
    </BrandedAuthLayout>
  )
}
