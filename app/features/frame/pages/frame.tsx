// The page frame of every signed-in screen: logo, back button, title, header navigation by job
// type, notification bell with its live dot, profile menu and sidebar (access.md §2 "page frame").
import { ChatBarPanel, ChatLabel } from '#app/features/chat/components'
import { ChatProvider } from '#app/features/chat/components'
import { LogoutForm } from '#app/features/identity/components'
import { NotificationText } from '#app/features/notifications/components'
import { OnboardingStepper } from '#app/features/teams/components'
import { HEADER_ITEMS, activeHeaderItem } from '#app/platform/access/permissions'
import { useCsrfToken } from '#app/platform/csrf'
import { formatWhen } from '#app/platform/format'
import { RouteDialog } from '#app/ui/dialog'
import type { FrameHandle } from '#app/ui/frame-handle'
import { BackIcon, BellIcon, HelpIcon, LogoutIcon, SettingsIcon } from '#app/ui/icons'
import { Avatar, CsrfField, Menu } from '#app/ui/misc'
import { RealtimeProvider, useRealtimeEvent } from '#app/ui/realtime-provider'
import { EVENTS, type NotificationChangePayload, type NotificationPayload } from '#app/platform/protocol'
import { Form, Outlet, useLoaderData, useLocation, useMatches, useNavigate } from '@remix-run/react'
import { PageLink, isActivePath } from '#app/ui/page-link'
import { useEffect, useState } from 'react'
import type { loader } from './frame.server'
import { offlineAwareRevalidate, useOfflineReplay } from '#app/ui/offline-forms'

// Offline, the frame is not read again for a page that stays (decision 169).
export const shouldRevalidate = offlineAwareRevalidate

function usePageChrome() {
  const matches = useMatches()
  let title = ''
  let back = '/brands'
  let fullWidth = false
  let settingsTabs = false
  for (const match of matches) {
    const handle = match.handle as FrameHandle | undefined
    if (!handle) continue
    if (handle.title) title = typeof handle.title === 'function' ? handle.title(match.data) : handle.title
    if (handle.back) back = typeof handle.back === 'function' ? handle.back(match.data, match.params) : handle.back
    if (handle.fullWidth !== undefined) fullWidth = handle.fullWidth
    if (handle.settingsTabs) settingsTabs = true
  }
  return { title, back, fullWidth, settingsTabs }
}

/** A notification as the bell lists it: the pushed payload, plus whether it has been read. */
type BellItem = Omit<NotificationPayload, 'brand'> & { read: boolean }

/** The bell's dot and list update when a notification arrives over socket.io, without a reload. */
function useLiveNotifications(initialUnread: boolean, initialItems: BellItem[]) {
  const [unread, setUnread] = useState(initialUnread)
  const [items, setItems] = useState(initialItems)
  useEffect(() => setUnread(initialUnread), [initialUnread])
  useEffect(() => setItems(initialItems), [initialItems])
  useRealtimeEvent<NotificationPayload>(EVENTS.notificationNew, (payload) => {
    setUnread(true)
    setItems((current) =>
      [{ ...payload, read: false }, ...current.filter((item) => item.key !== payload.key)].slice(0, 8),
    )
  })
  // Marked read or cleared in another tab, the centre or by the API: the dot follows the server.
  useRealtimeEvent<NotificationChangePayload>(EVENTS.notificationRead, ({ keys, unread }) => {
    setUnread(unread)
    setItems((current) => current.map((item) => (keys.includes(item.key) ? { ...item, read: true } : item)))
  })
  useRealtimeEvent<NotificationChangePayload>(EVENTS.notificationCleared, ({ keys, unread }) => {
    setUnread(unread)
    setItems((current) => current.filter((item) => !keys.includes(item.key)))
  })
  return { unread, items }
}

function BellPanel({ unread, items, allHref }: { unread: boolean; items: BellItem[]; allHref: string }) {
  const location = useLocation()
  const csrf = useCsrfToken()
  return (
    <Menu
      label={
        <span className="relative p-1" aria-label={unread ? 'Notifications (unread)' : 'Notifications'}>
          <BellIcon />
          {unread ? (
            <span data-testid="bell-dot" className="absolute right-0 top-0 h-2 w-2 rounded-full bg-red-600" />
          ) : null}
        </span>
      }
    >
      <div className="w-80" data-testid="bell-panel">
        <p className="border-b border-line px-4 py-2 font-medium">Notifications</p>
        {items.length === 0 ? (
          <p className="px-4 py-6 text-center text-muted">No notifications yet.</p>
        ) : (
          <ul className="max-h-80 divide-y divide-line overflow-y-auto">
            {items.map((item) => (
              <li key={item.key} className={`px-4 py-3 ${item.read ? 'text-muted' : ''}`}>
                <p>
                  <NotificationText
                    firstName={item.firstName}
                    lastName={item.lastName}
                    action={item.action}
                    segments={item.segments}
                  />
                </p>
                {/* Rendered in the viewer's time zone, which the server does not know. */}
                <p className="mt-0.5 text-xs text-muted" suppressHydrationWarning>
                  {formatWhen(item.when)}
                </p>
              </li>
            ))}
          </ul>
        )}
        <div className="flex items-center justify-between border-t border-line px-4 py-2">
          <Form method="post" action="/notifications/read" reloadDocument>
            <CsrfField token={csrf} />
            <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
            <button type="submit" className="text-xs underline underline-offset-4" disabled={!unread}>
              Mark all as read
            </button>
          </Form>
          <PageLink to={allHref} className="text-xs underline underline-offset-4">
            View all
          </PageLink>
        </div>
      </div>
    </Menu>
  )
}

export default function Frame() {
  const data = useLoaderData<typeof loader>()
  // Live events of a brand only on its own pages, not for the remembered brand of /settings.
  return (
    <RealtimeProvider brandKey={data.inBrand ? (data.brand?.key ?? null) : null}>
      <ChatProvider brandKey={data.brand?.key ?? null} selfKey={data.account.key} initialUnread={data.unreadCount}>
        <FrameContent />
        <ChatBarPanel />
      </ChatProvider>
    </RealtimeProvider>
  )
}

function FrameContent() {
  const data = useLoaderData<typeof loader>()
  // Forms that waited for the connection go when it is back, whichever page is open.
  useOfflineReplay()
  const { title, back, fullWidth, settingsTabs } = usePageChrome()
  const location = useLocation()
  const navigate = useNavigate()
  const csrf = useCsrfToken()
  const { unread, items } = useLiveNotifications(data.unread, data.notifications)
  const confirmingLogout = new URLSearchParams(location.search).get('confirm') === 'logout'
  const brandBase = data.brand ? `/brand/${data.brand.key}` : null
  const activeItem =
    brandBase && location.pathname.startsWith(`${brandBase}/`)
      ? activeHeaderItem(location.pathname.slice(brandBase.length + 1))
      : null

  return (
    <div className="flex min-h-screen">
      {/* An account still onboarding sees only the header (access.md §2 "/ after login"). */}
      {data.onboarding ? null : (
        <aside
          className="flex w-20 shrink-0 flex-col items-center gap-1 border-r border-line bg-white py-4 text-xs"
          aria-label="Sidebar"
        >
          <PageLink
            to="/settings/profile"
            className="flex w-16 flex-col items-center gap-1 rounded-md py-2 hover:bg-black/5"
          >
            <SettingsIcon />
            Settings
          </PageLink>
          <a
            href={data.resourcesUrl}
            target="_blank"
            rel="noreferrer"
            className="flex w-16 flex-col items-center gap-1 rounded-md py-2 hover:bg-black/5"
          >
            <HelpIcon />
            Resources
          </a>
          <PageLink
            to={`${location.pathname}?confirm=logout`}
            className="mt-auto flex w-16 flex-col items-center gap-1 rounded-md py-2 hover:bg-black/5"
          >
            <LogoutIcon />
            Logout
          </PageLink>
        </aside>
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <header data-frame-header className="border-b border-line bg-white">
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-6 py-3">
            <PageLink
              to={brandBase ?? '/brands'}
              className="flex items-center gap-2 font-semibold tracking-wide"
              // The name starts with the visible text, as axe's label-content-name-mismatch asks.
              aria-label={`${data.brand?.name ?? 'Brand Portal'}, Brand home`}
            >
              {data.brand?.logo ? <img src={data.brand.logo} alt="" className="h-8 w-auto" /> : null}
              <span>{data.brand?.name ?? 'Brand Portal'}</span>
            </PageLink>
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
            <h1 className="min-w-0 max-w-full shrink-0 truncate text-lg font-medium" data-testid="page-title">
              {title}
            </h1>
            {/* The header's links and menus wrap below the title together when the row is too narrow,
                so the title is never cut short. */}
            <div className="ml-auto flex min-w-0 flex-wrap items-center justify-end gap-x-4 gap-y-1">
              {/* On a narrow screen (a tablet upright) the links wrap as whole links, never mid-label. */}
              <nav aria-label="Header" className="flex flex-wrap items-center justify-end gap-1 text-sm">
                {HEADER_ITEMS.filter((item) => data.nav.includes(item.id)).map((item) =>
                  brandBase ? (
                    <PageLink
                      key={item.id}
                      to={`${brandBase}/${item.path}`}
                      aria-current={item.id === activeItem ? 'page' : undefined}
                      className={`whitespace-nowrap rounded-md px-3 py-1.5 ${
                        item.id === activeItem ? 'bg-ink text-white' : 'hover:bg-black/5'
                      }`}
                    >
                      {item.label}
                    </PageLink>
                  ) : (
                    <span
                      key={item.id}
                      aria-disabled="true"
                      className="cursor-not-allowed whitespace-nowrap rounded-md px-3 py-1.5 text-muted/60"
                    >
                      {item.label}
                    </span>
                  ),
                )}
              </nav>
              <ChatLabel />
              <BellPanel unread={unread} items={items} allHref={brandBase ? `${brandBase}/notifications` : '/brands'} />
              {/* Named by its content, not aria-label: the avatar's initials are visible text, and a
                label without them fails axe's label-content-name-mismatch. */}
              <Menu
                label={
                  <>
                    <span className="sr-only">Profile menu</span>
                    <Avatar name={data.account.name} src={data.account.picture} />
                  </>
                }
              >
                <p className="px-4 py-2 text-xs text-muted">{data.account.email}</p>
                <PageLink to="/settings/profile" className="block px-4 py-2 hover:bg-black/5">
                  Profile
                </PageLink>
                {brandBase && data.isOwner ? (
                  <PageLink to={`${brandBase}/team`} className="block px-4 py-2 hover:bg-black/5">
                    Manage Team
                  </PageLink>
                ) : null}
                <Form method="post" action="/session/reset" reloadDocument>
                  <CsrfField token={csrf} />
                  <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
                  <button type="submit" className="block w-full px-4 py-2 text-left hover:bg-black/5">
                    Reset Session
                  </button>
                </Form>
                <PageLink to={`${location.pathname}?confirm=logout`} className="block px-4 py-2 hover:bg-black/5">
                  Log out
                </PageLink>
              </Menu>
            </div>
          </div>
          {brandBase && data.inBrand && data.dashboard && !settingsTabs ? (
            <nav aria-label="Dashboard" className="flex gap-1 border-t border-line px-6 py-2 text-sm">
              {[
                ['Dashboard', brandBase, true],
                ['Lines', `${brandBase}/lines`, false],
                ['Collections', `${brandBase}/collections`, false],
                ['Company Profile', `${brandBase}/edit`, false],
                ['Branding', `${brandBase}/customization`, false],
                ...(data.isOwner ? [['Manage Team', `${brandBase}/team`, false] as const] : []),
              ].map(([label, to, end]) => (
                <PageLink
                  key={String(label)}
                  to={String(to)}
                  aria-current={isActivePath(location.pathname, String(to), Boolean(end)) ? 'page' : undefined}
                  className={`rounded-md px-3 py-1 ${
                    isActivePath(location.pathname, String(to), Boolean(end))
                      ? 'bg-black/10'
                      : 'text-muted hover:text-ink'
                  }`}
                >
                  {label}
                </PageLink>
              ))}
            </nav>
          ) : null}
        </header>
        <main className={fullWidth ? 'flex flex-1 flex-col' : 'mx-auto w-full max-w-6xl flex-1 p-6'}>
          {data.onboarding ? <OnboardingStepper input={data.onboarding} /> : null}
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
