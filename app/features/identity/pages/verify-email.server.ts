// The server side of verify-email.tsx: what its route loads and does.
import { defaultLook } from '#app/features/brands/index.server'
import { verifyEmailWithCode } from '#app/features/identity/passwords.server'
import { isAppError } from '#app/platform/errors'
import { redirectWithToast } from '#app/platform/session.server'
import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { publicPage } from '#app/platform/access/permissions'

export const access = publicPage

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
