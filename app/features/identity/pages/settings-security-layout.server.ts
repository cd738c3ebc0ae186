// The server side of settings-security-layout.tsx: what its route loads and does.
import { listSecondFactors } from '#app/features/identity/mfa.server'
import { guard, run } from '#app/platform/session.server'
import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { signedInPage } from '#app/platform/access/permissions'

export const access = signedInPage

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const factors = await run(() => listSecondFactors(context.deps, actor))
  return json({ factors })
}
