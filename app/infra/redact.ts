// Secrets that travel in URLs (invite tokens, blob link signatures, Firebase oob codes) must not
// reach the logs or the error service: a log reader could use them. Every logged string passes
// through here.

const SECRET_PARAMS = ['token', 'signature', 'sig', 'oobCode', 'idToken', 'refreshToken', 'password', 'apiKey']
// `name=value` in a query string or form body; the name must stand alone (not `mytoken=`).
const SECRET_PARAM = new RegExp(`(^|[^A-Za-z0-9_])(${SECRET_PARAMS.join('|')})=([^&#\\s"'<>]*)`, 'gi')

export const REDACTED = '[redacted]'

/** The text with the values of secret-bearing query parameters replaced. */
export function redactText(text: string): string {
  return text.replace(SECRET_PARAM, (_match, before: string, name: string, value: string) =>
    value ? `${before}${name}=${REDACTED}` : `${before}${name}=`,
  )
}

/** A copy of a log record's fields with every string redacted (nested objects and arrays too). */
export function redactFields<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return redactText(value) as T
  if (depth > 8 || value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map((entry: unknown) => redactFields(entry, depth + 1)) as T
  const copy: Record<string, unknown> = {}
  for (const [key, entry] of Object.entries(value)) copy[key] = redactFields(entry, depth + 1)
  return copy as T
}
