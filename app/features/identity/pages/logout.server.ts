// The server side of logout.tsx: what its route loads and does.
import { requireActor, requireCsrf } from '#app/platform/session.server'
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { endSessionCookie } from '../session-cookies.server'
import { signedInPage } from '#app/platform/access/permissions'

export const access = signedInPage

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireActor(request, context)
  return null
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  return redirect('/', { headers: { 'Set-Cookie': await endSessionCookie(request, context) } })
}
