// Toasts raised in the browser (a chat message deleted over the socket, a send refused): the same
// look as the flash toasts of a redirect, shown by root.tsx in the same stack.
import { useEffect, useState } from 'react'
import type { Toast } from '#app/platform/toast'

type Listener = (toasts: readonly Toast[]) => void

let current: readonly Toast[] = []
const listeners = new Set<Listener>()

function publish(next: readonly Toast[]) {
  current = next
  for (const listener of listeners) listener(current)
}

/** Shows a toast for about as long as a flash toast stays (its CSS fades it after 6 s). */
export function showToast(toast: Toast): void {
  publish([...current, toast])
  setTimeout(() => publish(current.filter((shown) => shown !== toast)), 7000)
}

export function useLiveToasts(): readonly Toast[] {
  const [toasts, setToasts] = useState<readonly Toast[]>(current)
  useEffect(() => {
    listeners.add(setToasts)
    setToasts(current)
    return () => {
      listeners.delete(setToasts)
    }
  }, [])
  return toasts
}
