// Who else is typing in the conversation, and telling the others that one types oneself (at most
// every two seconds, and once a message from them arrives they no longer are).
import { useRealtime, useRealtimeEvent } from '#app/ui/realtime-provider'
import { CHAT_EVENTS } from '#app/platform/protocol'
import { useEffect, useRef, useState } from 'react'
import type { MessageView } from './chat-client'
import type { ConversationFeed } from './use-conversation-feed'

const TYPING_SHOWN_MS = 4000
const TYPING_EVERY_MS = 2000

export type Typing = ReturnType<typeof useTyping>

export function useTyping(selfKey: string, feed: ConversationFeed) {
  const { socket } = useRealtime()
  /** The name of the one typing now. */
  const [who, setWho] = useState<string | null>(null)
  const lastTyping = useRef(0)
  const typingTimer = useRef<ReturnType<typeof setTimeout>>()
  const { conversationKey } = feed

  useRealtimeEvent<MessageView>(CHAT_EVENTS.message, (message) => {
    if (feed.isOurs(message) && message.senderKey !== selfKey) setWho(null)
  })
  useRealtimeEvent<{ conversation: string; account: string; name: string }>(CHAT_EVENTS.typingNow, (event) => {
    if (!feed.isMine(event.conversation) || event.account === selfKey) return
    setWho(event.name)
    clearTimeout(typingTimer.current)
    typingTimer.current = setTimeout(() => setWho(null), TYPING_SHOWN_MS)
  })
  useEffect(() => () => clearTimeout(typingTimer.current), [])

  function onTyping() {
    if (!socket?.connected || !conversationKey) return
    const now = Date.now()
    if (now - lastTyping.current < TYPING_EVERY_MS) return
    lastTyping.current = now
    socket.emit(CHAT_EVENTS.typing, { conversation: conversationKey }, () => {})
  }

  /** A message was sent: the next one's first key says "typing" again at once. */
  function restart() {
    lastTyping.current = 0
  }

  return { who, onTyping, restart }
}
