export interface Toast {
  kind: 'success' | 'error' | 'info'
  message: string
  persistent?: boolean
}

/** What a redirect flashes: one toast (the common case) or several shown one below the other. */
export type FlashToasts = Toast | readonly Toast[]

/** The flashed value as a list; anything that is not a toast (an old or tampered cookie) is dropped. */
export function toastList(flashed: unknown): Toast[] {
  const items: unknown[] = Array.isArray(flashed) ? flashed : flashed == null ? [] : [flashed]
  return items.filter(isToast)
}

function isToast(value: unknown): value is Toast {
  if (!value || typeof value !== 'object') return false
  const candidate = value as Partial<Toast>
  return (
    (candidate.kind === 'success' || candidate.kind === 'error' || candidate.kind === 'info') &&
    typeof candidate.message === 'string'
  )
}
