// "Invalid Link!" (access.md §2): an e-mail link without a usable code.
import { Link } from '@remix-run/react'
import { INVALID_LINK } from '../identity-messages'

export function InvalidLink() {
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-2xl font-semibold">{INVALID_LINK}</h2>
      <p className="text-sm text-muted">
        This link is incomplete. Open the newest e-mail we sent you and use its link.
      </p>
      <Link to="/" className="text-sm underline underline-offset-4">
        Back to sign in
      </Link>
    </div>
  )
}
