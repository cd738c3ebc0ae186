// Breached-password check by k-anonymity (access.md §5, §7 checkpwned): the browser sends only
// the first 5 hex characters of the password's SHA-1; we answer every known suffix under that
// prefix. Suffixes come from a corpus shipped with the product and, when HIBP_API_URL is set,
// from the Have I Been Pwned range API (https://api.pwnedpasswords.com).
import { createHash } from 'node:crypto'
import { dictionary } from '@zxcvbn-ts/language-common'
import { AppError } from '#app/lib/errors'
import type { ServiceDeps } from './context.server'

const PREFIX = /^[0-9A-F]{5}$/

export function sha1Hex(password: string): string {
  return createHash('sha1').update(password, 'utf8').digest('hex').toUpperCase()
}

/**
 * Common passwords (the zxcvbn list, ~49k, all lowercase) plus the shapes people give them to
 * pass composition rules: capitalised with a digit-and-symbol tail ("Password123!"). Those
 * shapes are what breach corpora are full of, and the only ones our own rules let through.
 */
const TAILS = [
  '1!',
  '12!',
  '123!',
  '1234!',
  '!',
  '!1',
  '@1',
  '@123',
  '#1',
  '1@',
  '1#',
  '123@',
  '123#',
  '1$',
  '2024!',
  '2025!',
  '2026!',
]

function buildCorpus(): Map<string, Set<string>> {
  const words = dictionary['passwords-common'] as string[]
  const bySuffix = new Map<string, Set<string>>()
  const add = (password: string) => {
    const hash = sha1Hex(password)
    const prefix = hash.slice(0, 5)
    let suffixes = bySuffix.get(prefix)
    if (!suffixes) bySuffix.set(prefix, (suffixes = new Set()))
    suffixes.add(hash.slice(5))
  }
  for (const word of words) add(word)
  // Variants only for the most common words; the list is ordered by frequency.
  for (const word of words.slice(0, 10_000)) {
    if (word.length < 4 || !/^[a-z]+$/.test(word)) continue
    const capitalised = word[0]!.toUpperCase() + word.slice(1)
    for (const tail of TAILS) add(capitalised + tail)
  }
  return bySuffix
}

let corpus: Map<string, Set<string>> | null = null
function localCorpus(): Map<string, Set<string>> {
  corpus ??= buildCorpus()
  return corpus
}

async function remoteSuffixes(apiUrl: string, prefix: string): Promise<string[]> {
  try {
    const response = await fetch(`${apiUrl.replace(/\/$/, '')}/range/${prefix}`, {
      headers: { 'Add-Padding': 'true', 'User-Agent': 'brand-portal' },
      signal: AbortSignal.timeout(3000),
    })
    if (!response.ok) return []
    const body = await response.text()
    return body
      .split('\n')
      .map((line) => line.trim().split(':'))
      .filter(([suffix, count]) => suffix && count !== '0')
      .map(([suffix]) => suffix!.toUpperCase())
  } catch {
    // The local corpus still answers when the remote service is unreachable.
    return []
  }
}

/** Every known breached-hash suffix under a 5-character SHA-1 prefix. */
export async function breachedSuffixes(deps: Pick<ServiceDeps, 'env'>, prefix: string): Promise<string[]> {
  const normalised = prefix.trim().toUpperCase()
  if (!PREFIX.test(normalised)) {
    throw new AppError('ValidationError', 'prefix: must be the first 5 hexadecimal characters of a SHA-1 hash.')
  }
  const suffixes = new Set(localCorpus().get(normalised))
  if (deps.env.HIBP_API_URL)
    for (const suffix of await remoteSuffixes(deps.env.HIBP_API_URL, normalised)) suffixes.add(suffix)
  return [...suffixes]
}

/** Server-side check before a password is set: the same corpus, the same range call. */
export async function isPasswordBreached(deps: Pick<ServiceDeps, 'env'>, password: string): Promise<boolean> {
  const hash = sha1Hex(password)
  return (await breachedSuffixes(deps, hash.slice(0, 5))).includes(hash.slice(5))
}
