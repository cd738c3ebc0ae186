// Breached-password check by k-anonymity (access.md §5, §7 checkpwned): the browser sends only
// the first 5 hex characters of the password's SHA-1; we answer every known suffix under that
// prefix. Suffixes come from a corpus shipped with the product and, when HIBP_API_URL is set,
// from the Have I Been Pwned range API (both in app/infra/breach-corpus.server.ts).
import { AppError } from '#app/platform/errors'
import { localCorpus, rangeSuffixes, sha1Hex } from '#app/infra/breach-corpus.server'
import type { ServiceDeps } from '#app/platform/context.server'

const PREFIX = /^[0-9A-F]{5}$/

/** Every known breached-hash suffix under a 5-character SHA-1 prefix. */
export async function breachedSuffixes(deps: Pick<ServiceDeps, 'env'>, prefix: string): Promise<string[]> {
  const normalised = prefix.trim().toUpperCase()
  if (!PREFIX.test(normalised)) {
    throw new AppError('ValidationError', 'prefix: must be the first 5 hexadecimal characters of a SHA-1 hash.')
  }
  const suffixes = new Set(localCorpus().get(normalised))
  if (deps.env.HIBP_API_URL)
    for (const suffix of await rangeSuffixes(deps.env.HIBP_API_URL, normalised)) suffixes.add(suffix)
  return [...suffixes]
}

/** Server-side check before a password is set: the same corpus, the same range call. */
export async function isPasswordBreached(deps: Pick<ServiceDeps, 'env'>, password: string): Promise<boolean> {
  const hash = sha1Hex(password)
  return (await breachedSuffixes(deps, hash.slice(0, 5))).includes(hash.slice(5))
}
