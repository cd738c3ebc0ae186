// The login form's human check, shown only when the server asks for it (after failed sign-ins).
// ALTCHA: a proof of work solved in the browser; the widget's script is fetched only here and
// only then. reCAPTCHA: Google's widget when the portal is configured with its keys. Both need
// JavaScript; without it the user is told how to go on.
import { Link } from '@remix-run/react'
import { useEffect } from 'react'
import type {} from 'altcha/types/react'
import type { HumanCheckWidget } from '../views'

export function HumanCheck({ widget }: { widget: HumanCheckWidget }) {
  useEffect(() => {
    if (widget.kind === 'altcha') {
      void import('altcha')
      return
    }
    if (document.querySelector('script[data-recaptcha]')) return
    const script = document.createElement('script')
    script.src = 'https://www.google.com/recaptcha/api.js'
    script.async = true
    script.dataset.recaptcha = 'true'
    document.head.appendChild(script)
  }, [widget.kind])

  return (
    <div data-testid="human-check" className="flex flex-col gap-2">
      {widget.kind === 'altcha' ? (
        // The challenge is embedded, so the widget needs no extra request to start.
        <altcha-widget challenge={widget.challenge} name="altcha" suppressHydrationWarning />
      ) : (
        <div className="g-recaptcha" data-sitekey={widget.siteKey} />
      )}
      <noscript>
        <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900" data-testid="human-check-needs-javascript">
          After several failed sign-ins we need to check that you are human. Enable JavaScript to complete the check, or{' '}
          <Link to="/password-reset" className="underline">
            reset your password
          </Link>
          .
        </p>
      </noscript>
    </div>
  )
}
