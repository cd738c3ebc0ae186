// Checks on a parsed JSON body before any handler sees it. Keys that name an object's prototype
// machinery (`__proto__`, `constructor`, `prototype`) are never fields of ours; letting them
// through invites prototype pollution in any code that copies or indexes by key, so a body
// holding one anywhere is refused as a whole.

export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype'])

/** The path of the first forbidden key in a parsed JSON value (e.g. `items.0.__proto__`), or null. */
export function forbiddenKeyPath(value: unknown): string | null {
  // Iterative, so a deeply nested body cannot exhaust the stack.
  const pending: { value: unknown; path: string }[] = [{ value, path: '' }]
  while (pending.length > 0) {
    const { value: current, path } = pending.pop()!
    if (current === null || typeof current !== 'object') continue
    for (const key of Object.keys(current)) {
      const keyPath = path ? `${path}.${key}` : key
      if (FORBIDDEN_KEYS.has(key)) return keyPath
      pending.push({ value: (current as Record<string, unknown>)[key], path: keyPath })
    }
  }
  return null
}
