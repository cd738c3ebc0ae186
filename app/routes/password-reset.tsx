// Forgot-password screen. The reset e-mail flow arrives with the identity work; until then the
// page exists and says so.
import type { MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'

export const meta: MetaFunction = () => [{ title: 'Forgot password · Brand Portal' }]

export default function PasswordReset() {
  return (
    <main className="mx-auto flex min-h-screen max-w-sm flex-col justify-center gap-4 p-8">
      <h1 className="text-2xl font-semibold">Forgot password</h1>
      <p className="text-sm text-muted">
        Password reset by e-mail is coming soon. Until then, ask a team admin of your brand for help.
      </p>
      <Link to="/" className="text-sm underline underline-offset-4">
        Back to sign in
      </Link>
    </main>
  )
}
