// Breach check in the browser by k-anonymity (access.md §5, §7 checkpwned): the password's SHA-1
// is computed here, only its first 5 hex characters are sent, and the suffixes that come back are
// compared locally. A hint before submit only; the server checks every submitted password again.
import { useEffect, useState } from 'react'

export const CHECKPWNED_PATH = '/api/account/method/checkpwned'

export async function sha1Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-1', new TextEncoder().encode(text))
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase()
}

/** True when breached, false when not, null when the check could not be made (never blocks). */
export async function isBreachedPassword(
  password: string,
  fetcher: typeof fetch = (...args) => fetch(...args),
): Promise<boolean | null> {
  if (!password) return false
  try {
    const hash = await sha1Hex(password)
    const response = await fetcher(CHECKPWNED_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prefix: hash.slice(0, 5) }),
    })
    if (!response.ok) return null
    const body = (await response.json()) as { data?: unknown }
    if (!Array.isArray(body.data)) return null
    const suffix = hash.slice(5)
    return body.data.some((candidate) => typeof candidate === 'string' && candidate.toUpperCase() === suffix)
  } catch {
    return null
  }
}

/**
 * Whether the password being typed is known to be breached, checked a moment after typing stops.
 * Answers false until a check has said otherwise, and for an empty field.
 */
export function useBreachedPassword(password: string, delayMs = 400): boolean {
  const [result, setResult] = useState<{ password: string; breached: boolean } | null>(null)
  useEffect(() => {
    if (!password) return
    let cancelled = false
    const timer = setTimeout(() => {
      void isBreachedPassword(password).then((breached) => {
        if (!cancelled && breached !== null) setResult({ password, breached })
      })
    }, delayMs)
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
  }, [password, delayMs])
  return result?.password === password && result.breached
}
