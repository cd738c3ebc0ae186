// Messages written while offline that the server does not have yet, counted across every composer
// on the page. A link held while offline (offline-forms.tsx) waits for them too: opening it
// unmounts the composer, and its outbox with it, so it opens only once they are delivered or
// refused. The browser can say "online" before the live socket is back to carry them.
import { useSyncExternalStore } from 'react'

const unsentBy = new Map<string, number>()
const listeners = new Set<() => void>()

/** A composer's outbox reports how many of its messages still wait (0: none, or it left the page). */
export function reportUnsent(owner: string, count: number): void {
  const before = unsentBy.get(owner) ?? 0
  if (count > 0) unsentBy.set(owner, count)
  else unsentBy.delete(owner)
  if (before !== count) for (const listener of listeners) listener()
}

export function unsentCount(): number {
  let total = 0
  for (const count of unsentBy.values()) total += count
  return total
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** How many messages on the page still wait for the server; 0 on the server's render. */
export function useUnsentCount(): number {
  return useSyncExternalStore(subscribe, unsentCount, () => 0)
}
