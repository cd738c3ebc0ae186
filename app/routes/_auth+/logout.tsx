// Logout: GET shows the confirmation (works without JavaScript), POST ends the session on the
// server and clears the cookie.
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { LogoutForm } from '#app/features/identity/components/logout-form'
import { endSessionCookie, requireActor, requireCsrf } from '#app/platform/session.server'

export const meta: MetaFunction = () => [{ title: 'Logout · Brand Portal' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireActor(request, context)
  return null
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  return redirect('/', { headers: { 'Set-Cookie': await endSessionCookie(request, context) } })
}

export default function Logout() {
  return (
    <main className="mx-auto flex min-h-screen max-w-sm flex-col justify-center gap-4 p-8">
      <h1 className="text-xl font-semibold">Logout</h1>
      <LogoutForm cancelTo="/brands" />
    </main>
  )
}
