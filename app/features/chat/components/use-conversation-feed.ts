// The messages of one conversation on screen and how they stay current: the page the server
// rendered (or the newest page, loaded here), following the conversation's room over the socket,
// messages others send or delete, and read marks both ways. The send queue, typing, scrolling and
// deleting build on it (use-conversation.ts).
import { SEND_FAILED } from '#app/features/chat/schemas'
import { useRealtime, useRealtimeEvent } from '#app/ui/realtime-provider'
import { CHAT_EVENTS } from '#app/platform/protocol'
import { useCallback, useEffect, useRef, useState } from 'react'
import {
  loadPage,
  request,
  type ChatTarget,
  type ConversationRemoval,
  type MessagePage,
  type MessageView,
} from './chat-client'
import { useChat } from './chat-provider'

export type ConversationFeed = ReturnType<typeof useConversationFeed>

/** One key per conversation view's target, for effects that run once per conversation. */
export const targetKeyOf = (target: ChatTarget) =>
  'conversation' in target ? target.conversation : `${target.model}:${target.model_id}`

export function useConversationFeed(target: ChatTarget, selfKey: string, initial: MessagePage | null | undefined) {
  const { socket, connected } = useRealtime()
  const chat = useChat()
  const [messages, setMessages] = useState<MessageView[]>(initial?.messages ?? [])
  const [before, setBefore] = useState<number | null>(initial?.before ?? null)
  const [mayPost, setMayPost] = useState(initial?.mayPost ?? true)
  const [removal, setRemoval] = useState<ConversationRemoval | null>(initial?.removal ?? null)
  const [loading, setLoading] = useState(!initial)
  const [loadError, setLoadError] = useState<string | null>(null)
  const [conversationKey, setConversationKey] = useState<string | null>(
    'conversation' in target ? target.conversation : (initial?.messages[0]?.conversation ?? null),
  )
  const [seenSeq, setSeenSeq] = useState(() =>
    initial?.conversation?.readStatus ? (initial.messages.at(-1)?.seq ?? 0) : 0,
  )
  /** Following the conversation over the socket (and caught up with it). */
  const [live, setLive] = useState(false)
  const targetKey = targetKeyOf(target)

  // The page's loader ran again (after a post or a navigation): its page is the truth.
  const firstRender = useRef(true)
  useEffect(() => {
    if (firstRender.current || !initial) {
      firstRender.current = false
      return
    }
    setMessages(initial.messages)
    setBefore(initial.before)
    setMayPost(initial.mayPost)
    setRemoval(initial.removal)
  }, [initial])

  // The newest page, when the server did not render one (the chat bar, a comment thread).
  useEffect(() => {
    if (initial) return
    let cancelled = false
    setLoading(true)
    loadPage(target).then(
      (page) => {
        if (cancelled) return
        setMessages(page.messages)
        setBefore(page.before)
        setMayPost(page.mayPost)
        setRemoval(page.removal)
        if (page.messages[0]) setConversationKey(page.messages[0].conversation)
        if (page.conversation?.readStatus) setSeenSeq(page.messages.at(-1)?.seq ?? 0)
        setLoading(false)
      },
      (error: unknown) => {
        if (cancelled) return
        setLoadError(error instanceof Error ? error.message : SEND_FAILED)
        setLoading(false)
      },
    )
    return () => {
      cancelled = true
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per conversation
  }, [targetKey])

  useEffect(() => {
    if (!conversationKey) return
    return chat.showing(conversationKey)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- chat.showing is stable in effect
  }, [conversationKey])

  const markRead = useCallback(() => {
    if (!socket?.connected || !conversationKey || document.visibilityState !== 'visible') return
    socket.emit(CHAT_EVENTS.markRead, { conversation: conversationKey }, () => {})
  }, [socket, conversationKey])

  // On screen: follow the conversation (a thread's room) and read it. The send queue sends what
  // waited offline right after (use-send-queue.ts).
  useEffect(() => {
    if (!socket || !connected) return
    let left = false
    void request<{ conversation: string; mayPost: boolean }>(socket, CHAT_EVENTS.watch, target).then(async (ack) => {
      if (left || !ack.ok) return
      setConversationKey(ack.data.conversation)
      setMayPost(ack.data.mayPost)
      socket.emit(CHAT_EVENTS.markRead, { conversation: ack.data.conversation }, () => {})
      // Following the room from now on; what came before (while loading, while offline) is read
      // once more and merged, so nothing sent in between is missed.
      const page = await loadPage(target).catch(() => null)
      if (left || !page) return
      setMessages((list) => {
        const known = new Set(list.map((item) => item.key))
        const merged = [...list, ...page.messages.filter((item) => !known.has(item.key))]
        return merged.sort((a, b) => a.seq - b.seq)
      })
      setLive(true)
    })
    return () => {
      left = true
      setLive(false)
      if (socket.connected && conversationKey)
        socket.emit(CHAT_EVENTS.unwatch, { conversation: conversationKey }, () => {})
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- per socket connection and conversation
  }, [socket, connected, targetKey, conversationKey === null])

  useEffect(() => {
    const onVisible = () => markRead()
    document.addEventListener('visibilitychange', onVisible)
    return () => document.removeEventListener('visibilitychange', onVisible)
  }, [markRead])

  const isMine = (key: string | null) => key !== null && key === conversationKey
  /** A message of this conversation, or of this object's thread before its conversation is known. */
  const isOurs = (message: MessageView) =>
    isMine(message.conversation) ||
    (!('conversation' in target) && message.model === target.model && message.model_id === target.model_id)

  /** A message stored by the server (one's own acknowledged, or anyone's from the room), once. */
  const add = useCallback((message: MessageView) => {
    setConversationKey((key) => key ?? message.conversation)
    setMessages((list) => (list.some((item) => item.key === message.key) ? list : [...list, message]))
  }, [])
  const remove = useCallback((key: string) => setMessages((list) => list.filter((item) => item.key !== key)), [])
  /** An older page goes above the messages already shown. */
  const addOlder = useCallback((page: MessagePage) => {
    setMessages((list) => [...page.messages.filter((item) => !list.some((old) => old.key === item.key)), ...list])
    setBefore(page.before)
  }, [])

  useRealtimeEvent<MessageView>(CHAT_EVENTS.message, (message) => {
    if (!isOurs(message)) return
    add(message)
    if (message.senderKey !== selfKey) markRead()
  })
  useRealtimeEvent<{ conversation: string; key: string }>(CHAT_EVENTS.deleted, (event) => {
    if (isMine(event.conversation)) remove(event.key)
  })
  useRealtimeEvent<{ conversation: string; account: string; seq: number }>(CHAT_EVENTS.read, (mark) => {
    if (isMine(mark.conversation) && mark.account !== selfKey) setSeenSeq((seq) => Math.max(seq, mark.seq))
  })

  return {
    targetKey,
    messages,
    before,
    mayPost,
    removal,
    loading,
    loadError,
    conversationKey,
    seenSeq,
    live,
    isMine,
    isOurs,
    add,
    remove,
    addOlder,
  }
}
