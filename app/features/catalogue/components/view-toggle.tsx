// The list / card switch of the catalogue lists: links that keep the rest of the query, so the
// chosen view is part of the URL and works without JavaScript.
import { Link, useSearchParams } from '@remix-run/react'

export type ListView = 'list' | 'card'

/** The view in the URL (`?view=`), list unless it says card. */
export function useListView(): ListView {
  const [params] = useSearchParams()
  return params.get('view') === 'card' ? 'card' : 'list'
}

export function ViewToggle() {
  const [params] = useSearchParams()
  const view = useListView()
  const hrefFor = (mode: ListView) => {
    const next = new URLSearchParams(params)
    next.set('view', mode)
    return `?${next.toString()}`
  }
  return (
    <div role="group" aria-label="View" className="flex rounded-md border border-line bg-white p-0.5 text-sm">
      {(['list', 'card'] as const).map((mode) => (
        <Link
          key={mode}
          to={hrefFor(mode)}
          aria-current={view === mode ? 'true' : undefined}
          preventScrollReset
          className={`rounded px-3 py-1 capitalize ${view === mode ? 'bg-ink text-white' : ''}`}
        >
          {mode}
        </Link>
      ))}
    </div>
  )
}
