import { useLocation } from '@remix-run/react'
import { useEffect, useRef, type ReactNode } from 'react'

export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'muted' | 'danger'

const BADGE_TONES: Record<BadgeTone, string> = {
  neutral: 'bg-black/5 text-ink',
  info: 'bg-sky-100 text-sky-900',
  success: 'bg-emerald-100 text-emerald-900',
  warning: 'bg-amber-100 text-amber-900',
  muted: 'bg-zinc-200 text-zinc-600',
  danger: 'bg-red-100 text-red-900',
}

/** A badge's classes, for the badges written as text too (app/ui/html-text.ts). */
export function badgeClass(tone: BadgeTone): string {
  return `inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${BADGE_TONES[tone]}`
}

export function Badge({ children, tone = 'neutral' }: { children: ReactNode; tone?: BadgeTone }) {
  return <span className={badgeClass(tone)}>{children}</span>
}

export function initials(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]!.toUpperCase())
      .join('') || '?'
  )
}

export function Avatar({ name, src, size = 32 }: { name: string; src?: string | null; size?: number }) {
  const style = { width: size, height: size }
  if (src) return <img src={src} alt="" style={style} className="shrink-0 rounded-full object-cover" />
  return (
    <span
      style={style}
      aria-hidden="true"
      className="inline-flex shrink-0 items-center justify-center rounded-full bg-ink text-xs font-semibold text-white"
    >
      {initials(name)}
    </span>
  )
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-line bg-white p-10 text-center">
      <p className="font-medium">{title}</p>
      {children ? <div className="mt-2 text-sm text-muted">{children}</div> : null}
    </div>
  )
}

/** A menu built on <details>, so it opens without JavaScript. */
export function Menu({
  label,
  children,
  align = 'right',
  name,
}: {
  label: ReactNode
  children: ReactNode
  align?: 'left' | 'right'
  /** Accessible name of the toggle when its label is only an icon or avatar. */
  name?: string
}) {
  // A menu item leads somewhere, often to the same page with new data: the menu then closes, as
  // it does without JavaScript, where the whole page is new.
  const details = useRef<HTMLDetailsElement>(null)
  const location = useLocation()
  useEffect(() => {
    if (details.current) details.current.open = false
  }, [location.key])
  return (
    <details ref={details} className="relative">
      <summary
        aria-label={name}
        className="flex cursor-pointer list-none items-center gap-2 rounded-md px-2 py-1 hover:bg-black/5 [&::-webkit-details-marker]:hidden"
      >
        {label}
      </summary>
      <div
        className={`absolute z-30 mt-2 min-w-48 rounded-md border border-line bg-white py-1 text-sm shadow-lg ${
          align === 'right' ? 'right-0' : 'left-0'
        }`}
      >
        {children}
      </div>
    </details>
  )
}

export function CsrfField({ token }: { token: string }) {
  return <input type="hidden" name="csrf" value={token} />
}
