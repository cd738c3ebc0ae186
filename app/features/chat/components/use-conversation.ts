// The state and the live behaviour of one conversation on screen (conversation-view.tsx): its
// messages and pages, the outbox that sends again after a reconnect, following its room, read
// marks, typing, scrolling, and the composer's and the menus' actions.
import {
  attachedText,
  CONVERSATION_LEFT,
  MESSAGE_DELETE_FAILED,
  MESSAGE_DELETED,
  messageText,
  SEND_FAILED,
  SEND_FAILED_SESSION,
  THREAD_DELETED,
} from '#app/features/chat/schemas'
import { useCsrfToken } from '#app/platform/csrf'
import { showToast } from '#app/ui/live-toasts'
import { useRealtime, useRealtimeEvent } from '#app/ui/realtime-provider'
import { useHydrated } from '#app/ui/use-hydrated'
import { CHAT_EVENTS } from '#app/platform/protocol'
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react'
import * as z from 'zod/mini'
import {
  api,
  ApiError,
  loadPage,
  newClientKey,
  request,
  type ChatTarget,
  type ConversationRemoval,
  type MessagePage,
  type MessageView,
} from './chat-client'
import { useChat } from './chat-provider'
import { useAttachment } from './use-attachment'

/** A layout effect in the browser; on the server (which runs neither) no warning. */
const useBrowserLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect
const TYPING_SHOWN_MS = 4000
const TYPING_EVERY_MS = 2000

interface Pending {
  client_key: string
  text: string
  /** The file the message carries. */
  attachment: { key: string; name: string } | null
  /** Waiting for the server, or refused with the text shown under it. */
  failed: string | null
}

/** A message sent before its file is known clean waits for the scan (issue 44). */
export const SENDS_WHEN_SCANNED = 'Your message goes as soon as the scan passes.'

/** Where the forms and links of the view go when JavaScript is off (the chat pages). */
export interface ConversationLinks {
  /** The action that stores a posted message. */
  send: string
  /** The page of messages before `before`. */
  older: (before: number) => string
  /** The confirmation page of deleting a message. */
  deleteMessage: (key: string) => string
  /** The confirmation page of deleting the whole conversation. */
  deleteThread: string
  /** The send action also takes a file (a multipart form with a `file` field). */
  sendFiles?: boolean
}

export interface ConversationProps {
  target: ChatTarget
  selfKey: string
  /** The page the server rendered; without it the view loads the newest page itself. */
  initial?: MessagePage | null
  links?: ConversationLinks
  header?: ReactNode
  /** An action the page adds to each message (the sample's "Mark as change request"). */
  messageAction?: (message: MessageView) => ReactNode
  /** A refusal of the posted form, from the page's action. */
  formError?: string | null
  onThreadDeleted?: () => void
  className?: string
}

export function useConversation({ target, selfKey, initial, formError, onThreadDeleted }: ConversationProps) {
  const { socket, connected } = useRealtime()
  const chat = useChat()
  const csrf = useCsrfToken()
  const [messages, setMessages] = useState<MessageView[]>(initial?.messages ?? [])
  const [before, setBefore] = useState<number | null>(initial?.before ?? null)
  const [mayPost, setMayPost] = useState(initial?.mayPost ?? true)
  const [removal, setRemoval] = useState<ConversationRemoval | null>(initial?.removal ?? null)
  const [loading, setLoading] = useState(!initial)
  const [loadError, setLoadError] = useState<string | null>(null)
  const [conversationKey, setConversationKey] = useState<string | null>(
    'conversation' in target ? target.conversation : (initial?.messages[0]?.conversation ?? null),
  )
  const [pending, setPending] = useState<Pending[]>([])
  const [seenSeq, setSeenSeq] = useState(() =>
    initial?.conversation?.readStatus ? (initial.messages.at(-1)?.seq ?? 0) : 0,
  )
  const [typing, setTyping] = useState<string | null>(null)
  const [deleted, setDeleted] = useState(false)
  const [confirming, setConfirming] = useState<string | null>(null)
  const [composerError, setComposerError] = useState<string | null>(formError ?? null)
  const [loadingOlder, setLoadingOlder] = useState(false)
  /** Following the conversation over the socket (and caught up with it). */
  const [live, setLive] = useState(false)
  const scroller = useRef<HTMLDivElement>(null)
  const stickToBottom = useRef(true)
  const keepOffset = useRef<number | null>(null)
  const outbox = useRef(new Map<string, Pending>())
  const inFlight = useRef(new Set<string>())
  const lastTyping = useRef(0)
  const typingTimer = useRef<ReturnType<typeof setTimeout>>()
  const targetKey = 'conversation' in target ? target.conversation : `${target.model}:${target.model_id}`
  const hydrated = useHydrated()
  const { attachment, start: attach, remove: removeAttachment, clear: clearAttachment } = useAttachment(chat.brandKey)
  const filePicker = useRef<HTMLInputElement>(null)

  useEffect(() => setComposerError(formError ?? null), [formError])

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

  const deliver = useCallback(
    async (entry: Pending) => {
      if (!socket?.connected || inFlight.current.has(entry.client_key)) return
      inFlight.current.add(entry.client_key)
      const ack = await request<MessageView>(socket, CHAT_EVENTS.send, {
        ...target,
        text: entry.text,
        client_key: entry.client_key,
        ...(entry.attachment ? { attachment: entry.attachment.key } : {}),
      })
      inFlight.current.delete(entry.client_key)
      if (!outbox.current.has(entry.client_key)) return
      if (ack.ok) {
        outbox.current.delete(entry.client_key)
        setPending((list) => list.filter((item) => item.client_key !== entry.client_key))
        setConversationKey((key) => key ?? ack.data.conversation)
        setMessages((list) => (list.some((item) => item.key === ack.data.key) ? list : [...list, ack.data]))
        return
      }
      // No answer: the same message, same key, goes again once the socket is back.
      if (ack.error === 'Timeout') {
        if (socket.connected) void deliver(entry)
        return
      }
      const text =
        ack.error === 'AuthInvalidSession' || ack.error === 'AuthNoSession'
          ? SEND_FAILED_SESSION
          : (ack.message ?? SEND_FAILED)
      outbox.current.delete(entry.client_key)
      setPending((list) =>
        list.map((item) => (item.client_key === entry.client_key ? { ...item, failed: text } : item)),
      )
      showToast({ kind: 'error', message: text })
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- target is identified by targetKey
    [socket, targetKey],
  )

  // On screen: follow the conversation (a thread's room), read it, and send what waited offline.
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
    inFlight.current.clear()
    for (const entry of outbox.current.values()) void deliver(entry)
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

  const mine = (key: string | null) => key !== null && key === conversationKey
  useRealtimeEvent<MessageView>(CHAT_EVENTS.message, (message) => {
    const ours =
      mine(message.conversation) ||
      (!('conversation' in target) && message.model === target.model && message.model_id === target.model_id)
    if (!ours) return
    setConversationKey((key) => key ?? message.conversation)
    if (message.client_key && outbox.current.has(message.client_key) && message.senderKey === selfKey) {
      outbox.current.delete(message.client_key)
      setPending((list) => list.filter((item) => item.client_key !== message.client_key))
    }
    setMessages((list) => (list.some((item) => item.key === message.key) ? list : [...list, message]))
    if (message.senderKey !== selfKey) {
      setTyping(null)
      markRead()
    }
  })
  useRealtimeEvent<{ conversation: string; key: string }>(CHAT_EVENTS.deleted, (event) => {
    if (mine(event.conversation)) setMessages((list) => list.filter((item) => item.key !== event.key))
  })
  useRealtimeEvent<{ conversation: string }>(CHAT_EVENTS.threadDeleted, (event) => {
    if (!mine(event.conversation)) return
    setDeleted(true)
    onThreadDeleted?.()
  })
  useRealtimeEvent<{ conversation: string; account: string; name: string }>(CHAT_EVENTS.typingNow, (event) => {
    if (!mine(event.conversation) || event.account === selfKey) return
    setTyping(event.name)
    clearTimeout(typingTimer.current)
    typingTimer.current = setTimeout(() => setTyping(null), TYPING_SHOWN_MS)
  })
  useEffect(() => () => clearTimeout(typingTimer.current), [])
  useRealtimeEvent<{ conversation: string; account: string; seq: number }>(CHAT_EVENTS.read, (mark) => {
    if (mine(mark.conversation) && mark.account !== selfKey) setSeenSeq((seq) => Math.max(seq, mark.seq))
  })

  // Scrolling: the newest message stays in view unless the reader scrolled back; an older page
  // goes above without moving what is on screen.
  useBrowserLayoutEffect(() => {
    const box = scroller.current
    if (!box) return
    if (keepOffset.current !== null) {
      box.scrollTop = box.scrollHeight - keepOffset.current
      keepOffset.current = null
    } else if (stickToBottom.current) {
      box.scrollTop = box.scrollHeight
    }
  }, [messages, pending, loading, typing])

  const loadOlder = useCallback(async () => {
    if (!before || loadingOlder) return
    setLoadingOlder(true)
    try {
      const page = await loadPage(target, before)
      const box = scroller.current
      keepOffset.current = box ? box.scrollHeight - box.scrollTop : null
      setMessages((list) => [...page.messages.filter((item) => !list.some((old) => old.key === item.key)), ...list])
      setBefore(page.before)
    } catch {
      showToast({ kind: 'error', message: 'Older messages could not be loaded.' })
    } finally {
      setLoadingOlder(false)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- target is identified by targetKey
  }, [before, loadingOlder, targetKey])

  const onScroll = () => {
    const box = scroller.current
    if (!box) return
    stickToBottom.current = box.scrollHeight - box.scrollTop - box.clientHeight < 48
    if (box.scrollTop < 40) void loadOlder()
  }

  /** The composer's form, for the message that waits for its file's scan and goes by itself. */
  const composer = useRef<HTMLFormElement | null>(null)
  /** A message was sent while its file was still on its way: it goes when the scan passes. */
  const [sendWhenScanned, setSendWhenScanned] = useState(false)

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    composer.current = event.currentTarget
    send(event.currentTarget)
  }

  function send(form: HTMLFormElement) {
    const field = form.elements.namedItem('text') as HTMLTextAreaElement
    // A refused file cannot go.
    if (attachment?.error) {
      setSendWhenScanned(false)
      setComposerError(attachment.error)
      return
    }
    // With a file, the text may be empty.
    const parsed = z.safeParse(attachment ? attachedText : messageText, field.value)
    if (!parsed.success) {
      setComposerError(parsed.error.issues[0]?.message ?? SEND_FAILED)
      return
    }
    setComposerError(null)
    // A file still on its way: the message waits in the composer and goes when the scan passes.
    if (attachment && (attachment.status !== 'available' || !attachment.key)) {
      setSendWhenScanned(true)
      return
    }
    setSendWhenScanned(false)
    const entry: Pending = {
      client_key: newClientKey(),
      text: parsed.data,
      attachment: attachment?.key ? { key: attachment.key, name: attachment.name } : null,
      failed: null,
    }
    clearAttachment()
    outbox.current.set(entry.client_key, entry)
    setPending((list) => [...list, entry])
    stickToBottom.current = true
    field.value = ''
    // The next message's first key says "typing" again at once.
    lastTyping.current = 0
    void deliver(entry)
  }

  // The waiting message goes once its file is clean; a refused file says why and keeps the text.
  const sendRef = useRef(send)
  sendRef.current = send
  useEffect(() => {
    if (!sendWhenScanned) return
    if (!attachment) {
      setSendWhenScanned(false)
      return
    }
    if (attachment.error) {
      setSendWhenScanned(false)
      setComposerError(attachment.error)
      return
    }
    if (attachment.status === 'available' && attachment.key && composer.current) sendRef.current(composer.current)
  }, [sendWhenScanned, attachment])

  // A refusal about a file no longer applies once that file is removed or another is chosen.
  const fileRefusal = useRef<string | null>(null)
  useEffect(() => {
    const refusal = attachment?.error ?? null
    const before = fileRefusal.current
    fileRefusal.current = refusal
    if (before && before !== refusal) setComposerError((shown) => (shown === before ? null : shown))
  }, [attachment])

  function onTyping() {
    if (!socket?.connected || !conversationKey) return
    const now = Date.now()
    if (now - lastTyping.current < TYPING_EVERY_MS) return
    lastTyping.current = now
    socket.emit(CHAT_EVENTS.typing, { conversation: conversationKey }, () => {})
  }

  async function deleteMessage(key: string) {
    setConfirming(null)
    try {
      if (socket?.connected) {
        const ack = await request<{ key: string }>(socket, CHAT_EVENTS.delete, { key })
        if (!ack.ok) throw new ApiError(ack.error, ack.message ?? MESSAGE_DELETE_FAILED)
      } else {
        await api('DELETE', `message/model/${encodeURIComponent(key)}`)
      }
      setMessages((list) => list.filter((item) => item.key !== key))
      // A refusal left from an earlier send is old news once something else has worked.
      setComposerError(null)
      showToast({ kind: 'success', message: MESSAGE_DELETED })
    } catch {
      showToast({ kind: 'error', message: MESSAGE_DELETE_FAILED })
    }
  }

  async function deleteThread() {
    setConfirming(null)
    if (!conversationKey) return
    try {
      await api('DELETE', `conversation/model/${encodeURIComponent(conversationKey)}`)
      setDeleted(true)
      showToast({ kind: 'success', message: removal === 'leave' ? CONVERSATION_LEFT : THREAD_DELETED })
      onThreadDeleted?.()
    } catch (error) {
      showToast({ kind: 'error', message: error instanceof Error ? error.message : SEND_FAILED })
    }
  }

  return {
    deleted,
    chat,
    csrf,
    messages,
    before,
    mayPost,
    removal,
    loading,
    loadError,
    conversationKey,
    pending,
    seenSeq,
    typing,
    confirming,
    setConfirming,
    composerError,
    setComposerError,
    loadingOlder,
    live,
    scroller,
    targetKey,
    hydrated,
    attachment,
    sendWhenScanned,
    attach,
    removeAttachment,
    filePicker,
    loadOlder,
    onScroll,
    onSubmit,
    onTyping,
    deleteMessage,
    deleteThread,
  }
}
