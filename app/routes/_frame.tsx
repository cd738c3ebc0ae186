// The page frame of every signed-in screen: logo, back button, title, header navigation by job
// type, notification bell with its live dot, profile menu and sidebar (access.md §2 "page frame").
import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, NavLink, Outlet, useLoaderData, useLocation, useMatches, useNavigate } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { LogoutForm } from '#app/components/logout-form'
import { RouteDialog } from '#app/components/ui/dialog'
import { BackIcon, BellIcon, HelpIcon, LogoutIcon, SettingsIcon } from '#app/components/ui/icons'
import { Avatar, Menu } from '#app/components/ui/misc'
import { guard, run } from '#app/lib/session.server'
import { HEADER_ITEMS, brandGrantTypes, headerItemsFor, showsDashboardNavigation } from '#app/policy/permissions'
import { getBrand } from '#app/services/brands.server'
import { hasUnreadNotifications } from '#app/services/notifications.server'
import { EVENTS } from '#realtime/protocol'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard(request, context)
  const brandKey = params.brandKey ?? null
  const brand = brandKey ? await run(() => getBrand(context.deps, actor, brandKey)) : null
  const grantTypes = brandKey ? brandGrantTypes(actor.grants, brandKey) : []
  return json({
    account: { key: actor.key, name: actor.name, email: actor.email, role: actor.role, jobType: actor.jobType },
    brand: brand ? { key: brand.key, name: brand.name, logo: brand.assets.logo?.url ?? null } : null,
    nav: headerItemsFor(actor.jobType, grantTypes),
    isOwner: grantTypes.includes('owner'),
    dashboard: showsDashboardNavigation(grantTypes),
    unread: await hasUnreadNotifications(context.deps, actor),
    resourcesUrl: context.deps.env.RESOURCES_URL,
  })
}

export interface FrameHandle {
  /** Page title in the header; may use the route's loader data. */
  title?: string | ((data: unknown) => string)
  /** Where the back button goes without JavaScript history. */
  back?: string | ((data: unknown, params: Record<string, string | undefined>) => string)
  /** Brand home is full width with no padding. */
  fullWidth?: boolean
}

function usePageChrome() {
  const matches = useMatches()
  let title = ''
  let back = '/brands'
  let fullWidth = false
  for (const match of matches) {
    const handle = match.handle as FrameHandle | undefined
    if (!handle) continue
    if (handle.title) title = typeof handle.title === 'function' ? handle.title(match.data) : handle.title
    if (handle.back) back = typeof handle.back === 'function' ? handle.back(match.data, match.params) : handle.back
    if (handle.fullWidth !== undefined) fullWidth = handle.fullWidth
  }
  return { title, back, fullWidth }
}

/** The bell's dot turns on when a notification arrives over socket.io, without a reload. */
function useLiveUnread(initial: boolean, brandKey: string | null): boolean {
  const [unread, setUnread] = useState(initial)
  useEffect(() => setUnread(initial), [initial])
  useEffect(() => {
    let disposed = false
    let cleanup = () => {}
    void import('socket.io-client').then(({ io }) => {
      if (disposed) return
      const socket = io({ withCredentials: true, transports: ['websocket', 'polling'] })
      socket.on(EVENTS.notificationNew, () => setUnread(true))
      socket.on('connect', () => {
        if (brandKey) socket.emit(EVENTS.brandJoin, { brand: brandKey }, () => {})
        document.documentElement.dataset.realtime = 'connected'
      })
      cleanup = () => socket.disconnect()
    })
    return () => {
      disposed = true
      cleanup()
    }
  }, [brandKey])
  return unread
}

export default function Frame() {
  const data = useLoaderData<typeof loader>()
  const { title, back, fullWidth } = usePageChrome()
  const location = useLocation()
  const navigate = useNavigate()
  const unread = useLiveUnread(data.unread, data.brand?.key ?? null)
  const confirmingLogout = new URLSearchParams(location.search).get('confirm') === 'logout'
  const brandBase = data.brand ? `/brand/${data.brand.key}` : null

  return (
    <div className="flex min-h-screen">
      <aside
        className="flex w-20 shrink-0 flex-col items-center gap-1 border-r border-line bg-white py-4 text-xs"
        aria-label="Sidebar"
      >
        <Link to="/settings/profile" className="flex w-16 flex-col items-center gap-1 rounded-md py-2 hover:bg-black/5">
          <SettingsIcon />
          Settings
        </Link>
        <a
          href={data.resourcesUrl}
          target="_blank"
          rel="noreferrer"
          className="flex w-16 flex-col items-center gap-1 rounded-md py-2 hover:bg-black/5"
        >
          <HelpIcon />
          Resources
        </a>
        <Link
          to={`${location.pathname}?confirm=logout`}
          className="mt-auto flex w-16 flex-col items-center gap-1 rounded-md py-2 hover:bg-black/5"
        >
          <LogoutIcon />
          Logout
        </Link>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="border-b border-line bg-white">
          <div className="flex items-center gap-4 px-6 py-3">
            <Link
              to={brandBase ?? '/brands'}
              className="flex items-center gap-2 font-semibold tracking-wide"
              aria-label="Brand home"
            >
              {data.brand?.logo ? <img src={data.brand.logo} alt="" className="h-8 w-auto" /> : null}
              <span>{data.brand?.name ?? 'Brand Portal'}</span>
            </Link>
            <a
              href={back}
              aria-label="Back"
              className="rounded-md px-2 py-1 text-muted hover:bg-black/5 hover:text-ink"
              onClick={(event) => {
                if (window.history.length > 1) {
                  event.preventDefault()
                  navigate(-1)
                }
              }}
            >
              <BackIcon />
            </a>
            <h1 className="truncate text-lg font-medium" data-testid="page-title">
              {title}
            </h1>
            <nav aria-label="Header" className="ml-auto flex items-center gap-1 text-sm">
              {HEADER_ITEMS.filter((item) => data.nav.includes(item.id)).map((item) =>
                brandBase ? (
                  <NavLink
                    key={item.id}
                    to={`${brandBase}/${item.path}`}
                    className={({ isActive }) =>
                      `rounded-md px-3 py-1.5 ${isActive ? 'bg-ink text-white' : 'hover:bg-black/5'}`
                    }
                  >
                    {item.label}
                  </NavLink>
                ) : (
                  <span
                    key={item.id}
                    aria-disabled="true"
                    className="cursor-not-allowed rounded-md px-3 py-1.5 text-muted/60"
                  >
                    {item.label}
                  </span>
                ),
              )}
            </nav>
            <Link
              to={brandBase ? `${brandBase}/notifications` : '/brands'}
              aria-label={unread ? 'Notifications (unread)' : 'Notifications'}
              className="relative rounded-md p-2 hover:bg-black/5"
            >
              <BellIcon />
              {unread ? (
                <span data-testid="bell-dot" className="absolute right-1 top-1 h-2 w-2 rounded-full bg-red-600" />
              ) : null}
            </Link>
            <Menu label={<Avatar name={data.account.name} />}>
              <p className="px-4 py-2 text-xs text-muted">{data.account.email}</p>
              <Link to="/settings/profile" className="block px-4 py-2 hover:bg-black/5">
                Profile
              </Link>
              {brandBase && data.isOwner ? (
                <Link to={`${brandBase}/team`} className="block px-4 py-2 hover:bg-black/5">
                  Manage Team
                </Link>
              ) : null}
              <Link to={`${location.pathname}?confirm=logout`} className="block px-4 py-2 hover:bg-black/5">
                Log out
              </Link>
            </Menu>
          </div>
          {brandBase && data.dashboard ? (
            <nav aria-label="Dashboard" className="flex gap-1 border-t border-line px-6 py-2 text-sm">
              {[
                ['Dashboard', brandBase, true],
                ['Lines', `${brandBase}/lines`, false],
                ['Collections', `${brandBase}/collections`, false],
                ['Company Profile', `${brandBase}/edit`, false],
                ['Branding', `${brandBase}/customization`, false],
                ...(data.isOwner ? [['Manage Team', `${brandBase}/team`, false] as const] : []),
              ].map(([label, to, end]) => (
                <NavLink
                  key={String(label)}
                  to={String(to)}
                  end={Boolean(end)}
                  className={({ isActive }) =>
                    `rounded-md px-3 py-1 ${isActive ? 'bg-black/10' : 'text-muted hover:text-ink'}`
                  }
                >
                  {label}
                </NavLink>
              ))}
            </nav>
          ) : null}
        </header>
        <main className={fullWidth ? 'flex-1' : 'mx-auto w-full max-w-6xl flex-1 p-6'}>
          <Outlet />
        </main>
      </div>
      {confirmingLogout ? (
        <RouteDialog title="Logout" closeTo={location.pathname}>
          <LogoutForm cancelTo={location.pathname} />
        </RouteDialog>
      ) : null}
    </div>
  )
}
