// Who is looking, each an avatar one presses to follow them, and the banner that says whom one
// follows. The banner sits beside the "Looking now" line, above the stage: it never covers the
// picture, and it is not a toast (it lasts as long as following does).
import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import type { Follow } from './use-follow'

/** "Dana Designer" → "DD": the avatar of someone looking. */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean)
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase() || '?'
}

const AVATAR = 'flex h-6 w-6 items-center justify-center rounded-full border-2 text-[10px] font-medium text-white'

/** The "Looking now" line: avatars (buttons "Follow {name}") and what the page says of who is here. */
export function LookingNow({ follow, children }: { follow: Follow; children: ReactNode }) {
  const following = follow.state.mode === 'following' ? follow.state.key : null
  return (
    <div className="flex items-center gap-2 text-xs text-muted" data-testid="markup-presence">
      {follow.people.length > 0 ? (
        <span className="flex -space-x-1.5">
          {follow.people.slice(0, 5).map((person) =>
            person.followable ? (
              <button
                key={person.key}
                type="button"
                aria-pressed={following === person.key}
                aria-label={`Follow ${person.name}`}
                title={following === person.key ? `Following ${person.name}: press to stop` : `Follow ${person.name}`}
                onClick={() => follow.toggle(person.key)}
                className={`${AVATAR} relative bg-ink hover:z-10 focus-visible:z-10 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-sky-700 ${
                  following === person.key ? 'z-10 border-sky-600 ring-2 ring-sky-600' : 'border-white'
                }`}
              >
                {initialsOf(person.name)}
              </button>
            ) : (
              // Oneself in another tab, or someone whose view has not arrived yet.
              <span key={person.key} title={person.name} aria-hidden="true" className={`${AVATAR} border-white bg-ink`}>
                {initialsOf(person.name)}
              </span>
            ),
          )}
        </span>
      ) : null}
      <p aria-live="polite">{children}</p>
    </div>
  )
}

/** "Following Dana — Stop" while following; "Dana opened version 3 — Follow" when they moved on. */
export function FollowBanner({ follow }: { follow: Follow }) {
  const { state } = follow
  const pill = 'flex items-center gap-2 whitespace-nowrap rounded-full px-3 py-0.5 text-xs'
  if (state.mode === 'following') {
    return (
      <p role="status" data-testid="follow-banner" className={`${pill} bg-sky-700 text-white`}>
        <span>
          Following <strong className="font-medium">{state.name}</strong>
        </span>
        <span aria-hidden="true">—</span>
        <button
          type="button"
          onClick={follow.stop}
          aria-label={`Stop following ${state.name}`}
          className="font-medium underline underline-offset-2 focus-visible:outline focus-visible:outline-2 focus-visible:outline-white"
        >
          Stop
        </button>
      </p>
    )
  }
  if (state.mode === 'left') {
    return (
      <p
        role="status"
        data-testid="follow-banner"
        className={`${pill} border border-sky-700/30 bg-sky-50 text-sky-950`}
      >
        <span>
          {state.name} opened version {state.to.version}
        </span>
        <span aria-hidden="true">—</span>
        <Link
          to={follow.hrefOf(state.to.key, state.key)}
          aria-label={`Follow ${state.name} to version ${state.to.version}`}
          className="font-medium underline underline-offset-2"
        >
          follow
        </Link>
        <button type="button" onClick={follow.stop} aria-label="Dismiss" className="px-1 text-sky-900 hover:text-ink">
          ×
        </button>
      </p>
    )
  }
  return null
}
