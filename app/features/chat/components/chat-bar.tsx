// The frame's CHAT label and the chat bar it opens (access.md §2, atelier.md §2): a side panel
// with the brand's contacts and group chats, newest activity first, kept live from the socket;
// a conversation opens inside the panel. Without JavaScript the label is a link to the chat page.
import { Link } from '@remix-run/react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useRealtime, useRealtimeEvent } from '#app/ui/realtime-provider'
import { buttonClass } from '#app/ui/button'
import { BackIcon, CloseIcon } from '#app/ui/icons'
import { Avatar } from '#app/ui/misc'
import { PREVIEW_MAX, SENDER_NAME_MAX, truncate } from '#app/features/chat/schemas'
import { CHAT_EVENTS, type PresenceAll, type PresenceChanged } from '#app/platform/protocol'
import type { PresenceState } from '../presence-state'
import {
  api,
  loadChatBar,
  type ChatBar,
  type ChatContact,
  type ConversationSummary,
  type MessageView,
} from './chat-client'
import { useChat } from './chat-provider'
import { ConversationView } from './conversation-view'
import { DirectChatForm } from './direct-chat-form'

/** The CHAT label of the header with the brand's unread count. */
export function ChatLabel() {
  const chat = useChat()
  if (!chat.brandKey) return null
  return (
    <Link
      to={`/brand/${chat.brandKey}/chat`}
      data-testid="chat-label"
      className="flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium tracking-wide hover:bg-black/5"
      aria-expanded={chat.barOpen}
      onClick={(event) => {
        // With JavaScript the label opens the bar over the page instead.
        if (event.metaKey || event.ctrlKey || event.shiftKey) return
        event.preventDefault()
        if (chat.barOpen) chat.closeBar()
        else chat.openBar()
      }}
    >
      CHAT
      {chat.unread > 0 ? (
        <span
          data-testid="chat-unread"
          className="inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white"
        >
          {chat.unread}
          <span className="sr-only"> unread</span>
        </span>
      ) : null}
    </Link>
  )
}

function byActivity<T extends { activity: string | null }>(items: T[]): T[] {
  return [...items].sort((a, b) => (b.activity ?? '').localeCompare(a.activity ?? ''))
}

/** The bar's list kept live: new messages move their conversation up and count as unread. */
function useLiveChatBar(brandKey: string, selfKey: string, openConversation: string | null, initial?: ChatBar) {
  const [bar, setBar] = useState<ChatBar | null>(initial ?? null)
  const [error, setError] = useState<string | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>()
  const reload = useCallback(
    (delay = 0) => {
      clearTimeout(timer.current)
      timer.current = setTimeout(() => {
        loadChatBar(brandKey).then(
          (next) => {
            setBar(next)
            setError(null)
          },
          (failure: unknown) => setError(failure instanceof Error ? failure.message : 'Chat could not be loaded.'),
        )
      }, delay)
    },
    [brandKey],
  )
  useEffect(() => {
    // The page's loader read it already; the bar reads it when it opens.
    if (initial) setBar(initial)
    else reload()
    return () => clearTimeout(timer.current)
  }, [reload, initial])

  useRealtimeEvent<MessageView>(CHAT_EVENTS.message, (message) => {
    setBar((current) => {
      if (!current) return current
      const known =
        current.contacts.some((contact) => contact.conversation === message.conversation) ||
        current.groups.some((group) => group.key === message.conversation)
      if (!known) {
        // A conversation the bar does not list yet (someone's first message): ask again.
        if (message.model === 'direct' || message.model === 'group') reload(200)
        return current
      }
      const counts = message.senderKey !== selfKey && message.conversation !== openConversation
      const update = <T extends ChatContact | ConversationSummary>(item: T): T => ({
        ...item,
        lastMessage: {
          // A file sent without text is told by its name.
          text: truncate(message.text || message.attachment_name || '', PREVIEW_MAX),
          sender: truncate(message.sender, SENDER_NAME_MAX),
          senderKey: message.senderKey,
          timestamp: message.timestamp,
        },
        activity: message.created,
        unread: counts ? item.unread + 1 : item.unread,
        readStatus: false,
      })
      return {
        ...current,
        contacts: byActivity(current.contacts.map((c) => (c.conversation === message.conversation ? update(c) : c))),
        groups: byActivity(current.groups.map((g) => (g.key === message.conversation ? update(g) : g))),
      }
    })
  })
  useRealtimeEvent<{ conversation: string; account: string }>(CHAT_EVENTS.read, (mark) => {
    setBar((current) => {
      if (!current) return current
      const read = <T extends ChatContact | ConversationSummary>(item: T): T =>
        mark.account === selfKey ? { ...item, unread: 0 } : { ...item, readStatus: true }
      return {
        ...current,
        contacts: current.contacts.map((c) => (c.conversation === mark.conversation ? read(c) : c)),
        groups: current.groups.map((g) => (g.key === mark.conversation ? read(g) : g)),
      }
    })
  })
  useRealtimeEvent<PresenceChanged>(CHAT_EVENTS.presence, (event) => {
    if (event.brand !== brandKey) return
    const presence = event.state
    setBar(
      (current) =>
        current && {
          ...current,
          contacts: current.contacts.map((c) =>
            c.key === event.account ? { ...c, presence, onlineUser: presence !== 'offline' } : c,
          ),
        },
    )
  })
  // Everyone present, the others offline: told to this tab as it joins (whoever came or went while
  // the page loaded or the socket was away), and to all after a portal process stopped.
  useRealtimeEvent<PresenceAll>(CHAT_EVENTS.presenceAll, (event) => {
    if (event.brand !== brandKey) return
    setBar(
      (current) =>
        current && {
          ...current,
          contacts: current.contacts.map((c) => {
            const presence = event.people[c.key] ?? 'offline'
            return { ...c, presence, onlineUser: presence !== 'offline' }
          }),
        },
    )
  })
  useRealtimeEvent(CHAT_EVENTS.conversation, () => reload(100))
  useRealtimeEvent(CHAT_EVENTS.threadDeleted, () => reload(100))
  useRealtimeEvent(CHAT_EVENTS.deleted, () => reload(300))
  return { bar, error, setBar, reload }
}

/** The panel; mounted only while open, so a closed bar costs nothing. */
export function ChatBarPanel() {
  const chat = useChat()
  if (!chat.barOpen || !chat.brandKey) return null
  return <OpenChatBar brandKey={chat.brandKey} />
}

function OpenChatBar({ brandKey }: { brandKey: string }) {
  const chat = useChat()
  const { socket, connected } = useRealtime()
  const { bar, error, reload } = useLiveChatBar(brandKey, chat.selfKey, chat.barConversation)
  const [opening, setOpening] = useState<string | null>(null)
  const panel = useRef<HTMLElement>(null)

  // The bar is on screen: the brand's members see this account online.
  useEffect(() => {
    if (socket && connected) socket.emit(CHAT_EVENTS.presenceJoin, { brand: brandKey }, () => {})
  }, [socket, connected, brandKey])

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') chat.closeBar()
    }
    document.addEventListener('keydown', onKey)
    panel.current?.focus()
    return () => document.removeEventListener('keydown', onKey)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once while open
  }, [])

  async function openContact(contact: ChatContact) {
    if (contact.conversation) {
      chat.openBar(contact.conversation)
      return
    }
    setOpening(contact.key)
    try {
      const conversation = await api<ConversationSummary>('POST', 'conversation/method/direct', {
        brand: brandKey,
        account: contact.key,
      })
      chat.openBar(conversation.key)
      reload(0)
    } finally {
      setOpening(null)
    }
  }

  const open = chat.barConversation
  const openSummary =
    bar?.groups.find((group) => group.key === open) ?? bar?.contacts.find((contact) => contact.conversation === open)
  const openTitle = openSummary ? ('title' in openSummary ? openSummary.title : openSummary.name) : ''

  return (
    <aside
      ref={panel}
      tabIndex={-1}
      aria-label="Chat"
      data-testid="chat-bar"
      className="fixed inset-y-0 right-0 z-30 flex w-full max-w-sm flex-col border-l border-line bg-white shadow-2xl outline-none"
    >
      <div className="flex items-center gap-2 border-b border-line px-4 py-3">
        {open ? (
          <button
            type="button"
            aria-label="Back to conversations"
            className="rounded-md p-1 text-muted hover:bg-black/5 hover:text-ink"
            onClick={() => {
              chat.openBar(null)
              reload(0)
            }}
          >
            <BackIcon />
          </button>
        ) : null}
        <h2 className="min-w-0 flex-1 truncate font-medium">{open ? openTitle || 'Conversation' : 'Chat'}</h2>
        {open ? null : (
          <Link
            to={`/brand/${brandKey}/chat/new-group`}
            className={buttonClass('secondary', 'px-3 py-1 text-xs')}
            onClick={() => chat.closeBar()}
          >
            New group chat
          </Link>
        )}
        <button
          type="button"
          aria-label="Close chat"
          className="rounded-md p-1 text-muted hover:bg-black/5 hover:text-ink"
          onClick={() => chat.closeBar()}
        >
          <CloseIcon />
        </button>
      </div>
      {open ? (
        <ConversationView
          key={open}
          target={{ conversation: open }}
          selfKey={chat.selfKey}
          onThreadDeleted={() => {
            chat.openBar(null)
            reload(0)
          }}
        />
      ) : error ? (
        <p className="p-6 text-center text-sm text-red-700">{error}</p>
      ) : !bar ? (
        <ListLoading />
      ) : (
        <div className="min-h-0 flex-1 overflow-y-auto">
          <ConversationList
            bar={bar}
            opening={opening}
            onContact={(contact) => void openContact(contact)}
            onGroup={(group) => chat.openBar(group.key)}
          />
        </div>
      )}
    </aside>
  )
}

/** The chat page's list: what its loader read, then kept live like the bar's. */
export function LiveConversationList({
  initial,
  active,
  hrefOf,
}: {
  initial: ChatBar
  active: string | null
  hrefOf: (conversation: string) => string
}) {
  const chat = useChat()
  const { bar } = useLiveChatBar(initial.brand, chat.selfKey, active, initial)
  return <ConversationList bar={bar ?? initial} active={active} hrefOf={hrefOf} />
}

/** Contacts and group chats as the bar and the chat page list them. */
export function ConversationList({
  bar,
  opening,
  onContact,
  onGroup,
  hrefOf,
  active,
}: {
  bar: ChatBar
  opening?: string | null
  onContact?: (contact: ChatContact) => void
  onGroup?: (group: ConversationSummary) => void
  /** Links of the chat page (without JavaScript); the bar uses buttons. */
  hrefOf?: (conversation: string) => string
  /** The conversation on screen. */
  active?: string | null
}) {
  return (
    <div className="flex flex-col gap-1 py-2">
      <h3 className="px-4 pb-1 pt-2 text-xs font-semibold uppercase tracking-wider text-muted">Contacts</h3>
      {bar.contacts.length === 0 ? (
        <p className="px-4 py-3 text-sm text-muted">No resources available.</p>
      ) : (
        <ul>
          {bar.contacts.map((contact) => (
            <li key={contact.key} data-testid="chat-contact">
              <Row
                name={contact.name}
                picture={contact.profilePictureUrl}
                presence={contact.presence}
                preview={contact.lastMessage}
                // The conversation on screen is read as it is shown.
                unread={active && contact.conversation === active ? 0 : contact.unread}
                readStatus={contact.readStatus}
                active={Boolean(active && contact.conversation === active)}
                busy={opening === contact.key}
                href={contact.conversation && hrefOf ? hrefOf(contact.conversation) : undefined}
                onOpen={onContact ? () => onContact(contact) : undefined}
                directFor={hrefOf && !contact.conversation ? { brand: bar.brand, account: contact.key } : undefined}
              />
            </li>
          ))}
        </ul>
      )}
      <h3 className="px-4 pb-1 pt-4 text-xs font-semibold uppercase tracking-wider text-muted">Group chats</h3>
      {bar.groups.length === 0 ? (
        <p className="px-4 py-3 text-sm text-muted">No resources available.</p>
      ) : (
        <ul>
          {bar.groups.map((group) => (
            <li key={group.key} data-testid="chat-group">
              <Row
                name={group.title}
                members={group.members.length}
                preview={group.lastMessage}
                unread={active === group.key ? 0 : group.unread}
                readStatus={group.readStatus}
                active={active === group.key}
                href={hrefOf ? hrefOf(group.key) : undefined}
                onOpen={onGroup ? () => onGroup(group) : undefined}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/** Online: a green dot; idle: a hollow muted one beside the word Idle; offline: a grey one. */
const PRESENCE_DOT: Record<PresenceState, string> = {
  online: 'border-white bg-emerald-500',
  idle: 'border-zinc-400 bg-white',
  offline: 'border-white bg-zinc-300',
}

function Row({
  name,
  picture,
  presence,
  members,
  preview,
  unread,
  readStatus,
  active,
  busy,
  href,
  onOpen,
  directFor,
}: {
  name: string
  picture?: string | null
  presence?: PresenceState
  members?: number
  preview: ChatContact['lastMessage']
  unread: number
  readStatus: boolean
  active: boolean
  busy?: boolean
  href?: string
  onOpen?: () => void
  /** Without a conversation yet, the chat page starts one with a form (the account's key). */
  directFor?: { brand: string; account: string }
}) {
  const { selfKey } = useChat()
  const body = (
    <>
      <span className="relative shrink-0">
        <Avatar name={name} src={picture} size={40} />
        {presence ? (
          <span
            data-testid={presence === 'offline' ? undefined : `${presence}-dot`}
            className={`absolute bottom-0 right-0 h-3 w-3 rounded-full border-2 ${PRESENCE_DOT[presence]}`}
          />
        ) : null}
      </span>
      <span className="min-w-0 flex-1 text-left">
        <span className="flex items-baseline gap-2">
          <span className={`truncate text-sm ${unread > 0 ? 'font-semibold' : 'font-medium'}`}>{name}</span>
          {presence === 'idle' ? (
            <span className="text-xs text-muted" data-testid="presence-idle">
              Idle
            </span>
          ) : null}
          {presence ? <span className="sr-only">{`(${presence})`}</span> : null}
          {members !== undefined ? <span className="text-xs text-muted">{members} people</span> : null}
        </span>
        <span className="block truncate text-xs text-muted" data-testid="chat-preview">
          {busy ? 'Opening…' : preview ? `${preview.sender}: ${preview.text}` : 'No messages yet'}
        </span>
      </span>
      {unread > 0 ? (
        <span
          data-testid="row-unread"
          className="inline-flex min-w-5 shrink-0 items-center justify-center rounded-full bg-ink px-1.5 text-xs font-semibold text-white"
        >
          {unread}
          <span className="sr-only"> unread</span>
        </span>
      ) : preview && readStatus && preview.senderKey === selfKey ? (
        <span className="shrink-0 text-xs text-muted" data-testid="row-read">
          Seen
        </span>
      ) : null}
    </>
  )
  const rowClass = `flex w-full items-center gap-3 px-4 py-2.5 hover:bg-black/5 ${active ? 'bg-black/5' : ''}`
  if (href) {
    return (
      <Link to={href} className={rowClass} aria-current={active ? 'page' : undefined}>
        {body}
      </Link>
    )
  }
  if (onOpen) {
    return (
      <button type="button" className={rowClass} onClick={onOpen} disabled={busy}>
        {body}
      </button>
    )
  }
  if (directFor) {
    return (
      <DirectChatForm brandKey={directFor.brand} account={directFor.account} className={rowClass}>
        {body}
      </DirectChatForm>
    )
  }
  return <div className={rowClass}>{body}</div>
}

function ListLoading() {
  return (
    <div className="flex flex-col gap-1 py-4" data-testid="chat-bar-loading" aria-label="Loading conversations">
      {[0, 1, 2, 3].map((row) => (
        <div key={row} className="flex animate-pulse items-center gap-3 px-4 py-2.5">
          <span className="h-10 w-10 rounded-full bg-black/10" />
          <span className="flex-1 space-y-2">
            <span className="block h-3 w-1/2 rounded bg-black/10" />
            <span className="block h-3 w-3/4 rounded bg-black/5" />
          </span>
        </div>
      ))}
      <span className="sr-only">Loading conversations…</span>
    </div>
  )
}
