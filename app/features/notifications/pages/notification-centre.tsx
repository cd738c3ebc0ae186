// `/brand/{key}/notifications`: the notification centre (atelier.md §2 "Chat and notifications").
// Lists this brand's notifications and those of no brand, newest first, 50 a page; mark one or all
// read, clear one (by target) or all. Every action is a plain form, so it works without JavaScript;
// with it, the page updates in place and follows changes made in other tabs.
import { NotificationText } from '#app/features/notifications/components/notification-text'
import { type NotificationView } from '#app/features/notifications/notifications.server'
import { useCsrfToken } from '#app/platform/csrf'
import { formatWhen } from '#app/platform/format'
import { buttonClass } from '#app/ui/button'
import type { FrameHandle } from '#app/ui/frame-handle'
import { BellIcon } from '#app/ui/icons'
import { Avatar, CsrfField, EmptyState } from '#app/ui/misc'
import { useRealtimeEvent } from '#app/ui/realtime-provider'
import { EVENTS } from '#app/platform/protocol'
import { type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData, useNavigation, useRevalidator } from '@remix-run/react'
import type { ReactNode } from 'react'
import type { loader } from './notification-centre.server'
import { type Intent } from './notification-centre.shared'

export const meta: MetaFunction = () => [{ title: 'Notifications · Brand Portal' }]

export const handle: FrameHandle = {
  title: 'Notifications',
  back: (_data, params) => `/brand/${params.brandKey ?? ''}`,
}

/** A small form of one action; posts the page's cursor so the redirect returns to this page. */
function ActionForm({
  intent,
  before,
  fields = {},
  children,
  className,
  disabled,
}: {
  intent: Intent
  before: string | null
  fields?: Record<string, string>
  children: ReactNode
  className: string
  disabled?: boolean
}) {
  const csrf = useCsrfToken()
  return (
    <Form method="post" preventScrollReset>
      <CsrfField token={csrf} />
      <input type="hidden" name="intent" value={intent} />
      {before ? <input type="hidden" name="before" value={before} /> : null}
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={className} disabled={disabled}>
        {children}
      </button>
    </Form>
  )
}

const rowButton =
  'rounded-md px-2.5 py-1 text-xs font-medium text-muted transition-colors hover:bg-black/5 hover:text-ink'

function NotificationRow({ item, before }: { item: NotificationView; before: string | null }) {
  const name = `${item.firstName} ${item.lastName}`.trim()
  const about = name ? ` from ${name}` : ''
  return (
    <li
      data-testid="notification"
      data-read={item.read ? 'true' : 'false'}
      className={`flex items-start gap-4 px-5 py-4 ${item.read ? '' : 'bg-sky-50/60'}`}
    >
      <span className="mt-2 flex w-2 shrink-0 justify-center">
        {item.read ? null : (
          <span className="h-2 w-2 rounded-full bg-sky-600" data-testid="unread-dot">
            <span className="sr-only">Unread</span>
          </span>
        )}
      </span>
      {name ? (
        <Avatar name={name} src={item.profileImg} size={40} />
      ) : (
        // From the product itself (onboarding): no person to show.
        <span
          aria-hidden="true"
          className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-black/5 text-muted"
        >
          <BellIcon />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className={`text-sm leading-6 ${item.read ? 'text-muted' : 'text-ink'}`}>
          <NotificationText
            firstName={item.firstName}
            lastName={item.lastName}
            action={item.action}
            segments={item.segments}
          />
        </p>
        {/* Rendered in the viewer's time zone, which the server does not know. */}
        <time dateTime={item.when} className="text-xs text-muted" suppressHydrationWarning>
          {formatWhen(item.when)}
        </time>
      </div>
      <div className="flex shrink-0 items-center gap-1">
        {item.read ? null : (
          <ActionForm intent="read" before={before} fields={{ key: item.key }} className={rowButton}>
            Mark read<span className="sr-only"> the notification{about}</span>
          </ActionForm>
        )}
        <ActionForm intent="clear" before={before} fields={{ targetId: item.targetId }} className={rowButton}>
          Clear<span className="sr-only"> the notification{about}</span>
        </ActionForm>
      </div>
    </li>
  )
}

export default function NotificationCentre() {
  const { brandKey, before, items, older, unread } = useLoaderData<typeof loader>()
  const revalidator = useRevalidator()
  const navigation = useNavigation()
  // Changes from other tabs, the bell or the API show here without a reload.
  const refresh = () => {
    if (revalidator.state === 'idle' && navigation.state === 'idle') revalidator.revalidate()
  }
  useRealtimeEvent(EVENTS.notificationNew, refresh)
  useRealtimeEvent(EVENTS.notificationRead, refresh)
  useRealtimeEvent(EVENTS.notificationCleared, refresh)
  const base = `/brand/${brandKey}/notifications`

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5">
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <h2 className="text-lg font-medium">All notifications</h2>
          <p className="text-sm text-muted" data-testid="unread-count">
            {unread === 0 ? 'You are all caught up.' : `${unread} unread`}
          </p>
        </div>
        <div className="ml-auto flex items-center gap-2">
          <ActionForm intent="read-all" before={before} className={buttonClass('secondary')} disabled={unread === 0}>
            Mark all as read
          </ActionForm>
          <ActionForm intent="clear-all" before={null} className={buttonClass('ghost')} disabled={items.length === 0}>
            Clear all
          </ActionForm>
        </div>
      </div>

      {items.length === 0 ? (
        before ? (
          <EmptyState title="No older notifications.">
            <Link to={base} className="underline underline-offset-4">
              Back to the newest
            </Link>
          </EmptyState>
        ) : (
          <EmptyState title="No notifications yet.">Updates from your team on this brand will appear here.</EmptyState>
        )
      ) : (
        <ul
          aria-label="Notifications"
          className="divide-y divide-line overflow-hidden rounded-lg border border-line bg-white"
        >
          {items.map((item) => (
            <NotificationRow key={item.key} item={item} before={before} />
          ))}
        </ul>
      )}

      {before || older ? (
        <nav aria-label="Older and newer notifications" className="flex items-center justify-between text-sm">
          {before ? (
            <Link to={base} className="underline underline-offset-4">
              Newest
            </Link>
          ) : (
            <span />
          )}
          {older ? (
            <Link to={`${base}?before=${encodeURIComponent(older)}`} className="underline underline-offset-4">
              Show older
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  )
}
