// The chat of the brand on screen, shared by the frame's CHAT label, the chat bar and every
// conversation view of the page: the unread count (kept live from the socket), whether the bar is
// open and which conversation it shows, and which conversations are on screen (their messages are
// read as they arrive, so they do not count as unread).
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { useRealtimeEvent } from '#app/ui/realtime-provider'
import { CHAT_EVENTS } from '#app/platform/protocol'
import { loadUnread, type MessageView } from './chat-client'

interface ChatState {
  brandKey: string | null
  selfKey: string
  unread: number
  barOpen: boolean
  /** The conversation the bar shows, or null for its list. */
  barConversation: string | null
  openBar: (conversation?: string | null) => void
  closeBar: () => void
  /** A view shows `conversation` until the returned function is called. */
  showing: (conversation: string) => () => void
  isShowing: (conversation: string) => boolean
}

const ChatContext = createContext<ChatState | null>(null)

export function ChatProvider({
  brandKey,
  selfKey,
  initialUnread,
  children,
}: {
  brandKey: string | null
  selfKey: string
  initialUnread: number
  children: ReactNode
}) {
  const [unread, setUnread] = useState(initialUnread)
  const [barOpen, setBarOpen] = useState(false)
  const [barConversation, setBarConversation] = useState<string | null>(null)
  const shown = useRef(new Map<string, number>())
  useEffect(() => setUnread(initialUnread), [initialUnread])

  // Counting is the server's: after a burst of events, ask it once.
  const timer = useRef<ReturnType<typeof setTimeout>>()
  const recount = useCallback(() => {
    if (!brandKey) return
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      loadUnread(brandKey).then(setUnread, () => {})
    }, 250)
  }, [brandKey])
  useEffect(() => () => clearTimeout(timer.current), [])

  const isShowing = useCallback((conversation: string) => (shown.current.get(conversation) ?? 0) > 0, [])
  useRealtimeEvent<MessageView>(CHAT_EVENTS.message, (message) => {
    if (message.senderKey !== selfKey && !isShowing(message.conversation)) recount()
  })
  useRealtimeEvent<{ account: string }>(CHAT_EVENTS.read, (mark) => {
    if (mark.account === selfKey) recount()
  })
  useRealtimeEvent(CHAT_EVENTS.threadDeleted, recount)
  useRealtimeEvent(CHAT_EVENTS.deleted, recount)

  const value = useMemo<ChatState>(
    () => ({
      brandKey,
      selfKey,
      unread,
      barOpen,
      barConversation,
      openBar: (conversation = null) => {
        setBarConversation(conversation)
        setBarOpen(true)
      },
      closeBar: () => setBarOpen(false),
      showing: (conversation) => {
        shown.current.set(conversation, (shown.current.get(conversation) ?? 0) + 1)
        return () => shown.current.set(conversation, (shown.current.get(conversation) ?? 1) - 1)
      },
      isShowing,
    }),
    [brandKey, selfKey, unread, barOpen, barConversation, isShowing],
  )
  return <ChatContext.Provider value={value}>{children}</ChatContext.Provider>
}

/** The chat of the page; outside a frame (a bare thread in a test) a quiet default. */
export function useChat(): ChatState {
  return (
    useContext(ChatContext) ?? {
      brandKey: null,
      selfKey: '',
      unread: 0,
      barOpen: false,
      barConversation: null,
      openBar: () => {},
      closeBar: () => {},
      showing: () => () => {},
      isShowing: () => false,
    }
  )
}
