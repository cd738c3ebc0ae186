// The login screen's human check (access.md §7): verify an answer, and fetch an ALTCHA challenge.
// docs/decisions/020-human-check-after-failures.md explains the doubled `data`.
import { createAltchaChallenge, verifyHumanCheck } from '#app/services/human-check.server'
import type { Endpoint } from '../endpoint'

export const humanCheckEndpoints: Endpoint[] = [
  {
    verb: 'POST',
    path: 'account/method/recaptcha',
    auth: false,
    async handle(deps, call) {
      const value = (call.body as { captcha_value?: unknown } | null)?.captcha_value
      const success = await verifyHumanCheck(deps, value, call.req.ip)
      // The client reads data.data.success; the router adds the outer `data`.
      return { data: { success } }
    },
  },
  {
    verb: 'GET',
    path: 'account/method/altcha_challenge',
    auth: false,
    handle: (deps) => createAltchaChallenge(deps),
  },
]
