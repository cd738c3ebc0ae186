// The login screen's human check (access.md §7): verify an answer, and fetch an ALTCHA challenge.
// Both are public, so both count against a per-address limit. docs/decisions/020-human-check-
// after-failures.md explains the doubled `data` and the pass a success hands out.
import {
  checkHumanCheckAnswer,
  countHumanCheckCall,
  createAltchaChallenge,
} from '#app/features/identity/human-check.server'
import type { Endpoint } from '#app/platform/api/endpoint.server'

export const humanCheckEndpoints: Endpoint[] = [
  {
    verb: 'POST',
    path: 'account/method/recaptcha',
    auth: false,
    async handle(deps, call) {
      const ip = call.req.ip ?? 'unknown'
      await countHumanCheckCall(deps, ip)
      const value = (call.body as { captcha_value?: unknown } | null)?.captcha_value
      // The client reads data.data.success (and data.data.pass); the router adds the outer `data`.
      return { data: await checkHumanCheckAnswer(deps, value, ip) }
    },
  },
  {
    verb: 'GET',
    path: 'account/method/altcha_challenge',
    auth: false,
    async handle(deps, call) {
      await countHumanCheckCall(deps, call.req.ip ?? 'unknown')
      return createAltchaChallenge(deps)
    },
  },
]
