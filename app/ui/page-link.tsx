// Links to the portal's own pages as plain anchors. A router link resolves its address and wires
// its prefetching on every render; the frame and the products list render some thirty of them on
// every page (docs/decisions/163). A PageLink is an anchor marked `data-nav` (and `data-discover`,
// so Remix still learns the routes it leads to); the one click handler of usePageLinks sends a
// plain left click on it through the router, as a router link would. Without JavaScript it is
// the anchor it always was.
import { useNavigate } from '@remix-run/react'
import { useEffect, type AnchorHTMLAttributes } from 'react'

type PageLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** An address of this portal, from its root: `/brand/…`. */
  to: string
  /** Keep the scroll position (a view or a page of the same list). */
  preventScrollReset?: boolean
}

export function PageLink({ to, preventScrollReset, ...anchor }: PageLinkProps) {
  return (
    <a
      {...anchor}
      data-keep-scroll={preventScrollReset ? 'true' : undefined}
      data-nav="true"
      data-discover="true"
      href={to}
    />
  )
}

/** Whether a click is one the router should take: a plain left click, in this tab. */
export function isPlainClick(event: MouseEvent): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey
  )
}

/** The one click handler of every PageLink (and of the products rows' links) on the page. */
export function usePageLinks() {
  const navigate = useNavigate()
  useEffect(() => {
    const follow = (event: MouseEvent) => {
      if (!isPlainClick(event)) return
      const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-nav]')
      if (!link || (link.target && link.target !== '_self') || link.hasAttribute('download')) return
      const url = new URL(link.href)
      if (url.origin !== window.location.origin) return
      event.preventDefault()
      const to = `${url.pathname}${url.search}${url.hash}`
      const here = `${window.location.pathname}${window.location.search}${window.location.hash}`
      navigate(to, {
        preventScrollReset: link.dataset.keepScroll === 'true',
        // A link to the page already shown adds no step to the history, as a router link.
        replace: to === here,
      })
    }
    document.addEventListener('click', follow)
    return () => document.removeEventListener('click', follow)
  }, [navigate])
}

/**
 * Whether a link to `to` marks the current page, as a router's NavLink decides: the same path, or
 * (unless `end`) a page below it; letters compared regardless of case.
 */
export function isActivePath(pathname: string, to: string, end: boolean): boolean {
  const here = pathname.toLowerCase().replace(/\/+$/, '') || '/'
  const target = to.toLowerCase().replace(/\/+$/, '') || '/'
  if (here === target) return true
  return !end && (target === '/' || here.startsWith(`${target}/`))
}
