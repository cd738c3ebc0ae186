// The breach corpora (access.md §5, §7 checkpwned), both looked up by the first 5 hex characters
// of a password's SHA-1 (k-anonymity): the list shipped with the product, and the Have I Been Pwned
// range API (https://api.pwnedpasswords.com) or a compatible service.
import { createHash } from 'node:crypto'
import { dictionary } from '@zxcvbn-ts/language-common'

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
/** The shipped corpus: known suffixes by prefix, built on first use. */
export function localCorpus(): Map<string, Set<string>> {
  corpus ??= buildCorpus()
  return corpus
}

/**
 * The suffixes the range API knows under a prefix. Asked with padding, so the answer's size says
 * nothing; padding entries (count 0) are not breaches and are left out.
 */
export async function rangeSuffixes(apiUrl: string, prefix: string): Promise<string[]> {
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
