// Endpoints of the password flows: the breach check by k-anonymity (access.md §7 checkpwned).
import { checkPwnedPrefix } from '#app/features/identity/passwords.server'
import type { Endpoint } from '#app/platform/api/endpoint.server'

export const passwordEndpoints: Endpoint[] = [
  {
    // Public: sign-up and the reset screen check passwords before anyone is signed in. The body
    // is { prefix } (or { hash_prefix }); the answer { data: [suffixes] } (decision 015).
    verb: 'POST',
    path: 'account/method/checkpwned',
    auth: false,
    async handle(deps, call) {
      const body = (call.body ?? {}) as Record<string, unknown>
      return checkPwnedPrefix(deps, { prefix: body.prefix ?? body.hash_prefix, ip: call.req.ip ?? 'unknown' })
    },
  },
]
