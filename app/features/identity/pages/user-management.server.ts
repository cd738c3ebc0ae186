// The server side of user-management.tsx: what its route loads and does.
import { defaultLook } from '#app/features/brands/index.server'
import { json, redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { publicPage } from '#app/platform/access/permissions'

export const access = publicPage

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
