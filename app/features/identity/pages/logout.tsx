// Logout: GET shows the confirmation (works without JavaScript), POST ends the session on the
// server and clears the cookie.
import { LogoutForm } from '#app/features/identity/components/logout-form'
import { type MetaFunction } from '@remix-run/node'

export const meta: MetaFunction = () => [{ title: 'Logout · Brand Portal' }]

export default function Logout() {
  return (
    <main className="mx-auto flex min-h-screen max-w-sm flex-col justify-center gap-4 p-8">
      <h1 className="text-xl font-semibold">Logout</h1>
      <LogoutForm cancelTo="/brands" />
    </main>
  )
}
