// `/settings/security/sign-out-everywhere`: ends every session of the account, on every browser
// and device (this one too), and revokes the identity provider's refresh tokens, so API clients
// must sign in again as well (docs/decisions/028). A confirmation dialog route: a plain form
// without JavaScript.
import { ConfirmDialog } from '#app/ui/confirm-dialog'
import { type MetaFunction } from '@remix-run/node'

export const meta: MetaFunction = () => [{ title: 'Sign out everywhere · Brand Portal' }]

export default function SignOutEverywhere() {
  return (
    <ConfirmDialog title="Sign out everywhere" closeTo="/settings/security" confirmLabel="Sign out everywhere">
      <p className="text-sm">
        Sign out on every browser and device where you are signed in, this one included? You will need your password to
        sign in again.
      </p>
    </ConfirmDialog>
  )
}
