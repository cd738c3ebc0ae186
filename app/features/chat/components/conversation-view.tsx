// One conversation on screen: its messages oldest to newest, older pages on scrolling back, and
// the composer. The same view serves the chat bar, the chat page and an object's comment thread.
// Rendered on the server it is plain HTML with forms and links (the page reloads to show new
// messages); in the browser it goes live over the page's socket: messages arrive as they are
// stored, sending waits in an outbox until the server has the message (docs/decisions/057).
import { Form, Link } from '@remix-run/react'
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react'
import * as z from 'zod/mini'
import { useRealtime, useRealtimeEvent } from '#app/ui/realtime-provider'
import { Button, buttonClass } from '#app/ui/button'
import { ErrorList } from '#app/ui/field'
import { CloseIcon, PaperclipIcon } from '#app/ui/icons'
import { Avatar, CsrfField, EmptyState } from '#app/ui/misc'
import { useCsrfToken } from '#app/platform/csrf'
import { SCAN_MESSAGES } from '#app/features/files'
import { formatFileSize, formatWhen } from '#app/platform/format'
import { showToast } from '#app/ui/live-toasts'
import { useHydrated } from '#app/ui/use-hydrated'
import {
  attachedText,
  MESSAGE_DELETE_FAILED,
  MESSAGE_DELETED,
  SEND_FAILED,
  SEND_FAILED_SESSION,
  THREAD_DELETED,
  CONVERSATION_LEFT,
  messageText,
} from '#app/features/chat/schemas'
import { CHAT_EVENTS } from '#realtime/protocol'
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
import { MessageAttachment } from './message-attachment'
import { CHAT_ATTACHMENT_ACCEPT, useAttachment, type Attachment } from './use-attachment'

/** The friendly empty state of a conversation (docs/decisions/059). */
export const NO_MESSAGES = 'No messages yet. Say hello!'
export const DELETE_MESSAGE_QUESTION = 'Delete this message?'
export const DELETE_THREAD_QUESTION = 'Delete this conversation and all its messages for everyone in it?'
export const LEAVE_CONVERSATION_QUESTION = 'Leave this conversation? It disappears from your list; the others keep it.'
/** A layout effect in the browser; on the server (which runs neither) no warning. */
const useBrowserLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect
const TYPING_SHOWN_MS = 4000
const TYPING_EVERY_MS = 2000
/** Sending before the attached file is known clean. */
export const ATTACHMENT_NOT_READY = 'The file is still being uploaded or scanned.'

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

interface Pending {
  client_key: string
  text: string
  /** The file the message carries. */
  attachment: { key: string; name: string } | null
  /** Waiting for the server, or refused with the text shown under it. */
  failed: string | null
}

export function ConversationView({
  target,
  selfKey,
  initial,
  links,
  header,
  formError,
  onThreadDeleted,
  className = '',
}: {
  target: ChatTarget
  selfKey: string
  /** The page the server rendered; without it the view loads the newest page itself. */
  initial?: MessagePage | null
  links?: ConversationLinks
  header?: ReactNode
  /** A refusal of the posted form, from the page's action. */
  formError?: string | null
  onThreadDeleted?: () => void
  className?: string
}) {
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

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const field = form.elements.namedItem('text') as HTMLTextAreaElement
    // A refused file cannot go; one still on its way waits for its scan.
    if (attachment && (attachment.status !== 'available' || !attachment.key)) {
      setComposerError(attachment.error ?? ATTACHMENT_NOT_READY)
      return
    }
    // With a file, the text may be empty.
    const parsed = z.safeParse(attachment ? attachedText : messageText, field.value)
    if (!parsed.success) {
      setComposerError(parsed.error.issues[0]?.message ?? SEND_FAILED)
      return
    }
    setComposerError(null)
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

  if (deleted) {
    return (
      <div className={`flex flex-1 items-center justify-center p-6 ${className}`}>
        <EmptyState
          title={removal === 'leave' ? 'You left this conversation.' : 'This conversation has been deleted.'}
        />
      </div>
    )
  }

  const last = messages.at(-1)
  const seen = last && last.senderKey === selfKey && pending.length === 0 && seenSeq >= last.seq
  return (
    <section
      className={`flex min-h-0 flex-1 flex-col ${className}`}
      aria-label="Conversation"
      data-testid="conversation"
      data-live={live || undefined}
    >
      {header || (conversationKey && removal) ? (
        <div className="flex items-center gap-3 border-b border-line px-4 py-3">
          <div className="min-w-0 flex-1">{header}</div>
          {conversationKey && removal && 'conversation' in target ? (
            <Link
              to={links?.deleteThread ?? '#'}
              className="shrink-0 text-xs text-muted underline-offset-4 hover:text-red-700 hover:underline"
              onClick={(event) => {
                event.preventDefault()
                setConfirming('thread')
              }}
            >
              {removal === 'leave' ? 'Leave conversation' : 'Delete conversation'}
            </Link>
          ) : null}
        </div>
      ) : null}
      {confirming === 'thread' ? (
        <Confirm
          question={removal === 'leave' ? LEAVE_CONVERSATION_QUESTION : DELETE_THREAD_QUESTION}
          onConfirm={deleteThread}
          onCancel={() => setConfirming(null)}
          label={removal === 'leave' ? 'Leave conversation' : 'Delete conversation'}
        />
      ) : null}
      <div
        ref={scroller}
        onScroll={onScroll}
        className="min-h-0 flex-1 overflow-y-auto px-4 py-3"
        data-testid="messages"
        // Scrollable content must be reachable by keyboard.
        tabIndex={0}
        role="log"
        aria-label="Messages"
        aria-busy={loading || undefined}
      >
        {loading ? (
          <MessagesLoading />
        ) : loadError ? (
          <p className="py-8 text-center text-sm text-red-700">{loadError}</p>
        ) : (
          <>
            {before ? (
              <div className="mb-3 text-center">
                <Link
                  to={links?.older(before) ?? '#'}
                  className="text-xs text-muted underline underline-offset-4 hover:text-ink"
                  onClick={(event) => {
                    event.preventDefault()
                    void loadOlder()
                  }}
                >
                  {loadingOlder ? 'Loading…' : 'Older messages'}
                </Link>
              </div>
            ) : null}
            {messages.length === 0 && pending.length === 0 ? (
              <p className="py-10 text-center text-sm text-muted">{NO_MESSAGES}</p>
            ) : (
              <ol className="flex flex-col gap-4">
                {messages.map((message) => (
                  <li key={message.key} data-testid="message" className="group flex gap-3">
                    <Avatar name={message.sender} src={message.profilePictureUrl} size={32} />
                    <div className="min-w-0 flex-1">
                      <p className="flex items-baseline gap-2 text-sm">
                        <span className="font-medium">{message.sender}</span>
                        {/* In the viewer's time zone, which the server does not know. */}
                        <time dateTime={message.created} className="text-xs text-muted" suppressHydrationWarning>
                          {formatWhen(message.created)}
                        </time>
                        {message.senderKey === selfKey ? (
                          <Link
                            to={links?.deleteMessage(message.key) ?? '#'}
                            className="ml-auto text-xs text-muted underline-offset-4 hover:text-red-700 hover:underline"
                            onClick={(event) => {
                              event.preventDefault()
                              setConfirming(message.key)
                            }}
                          >
                            Delete
                          </Link>
                        ) : null}
                      </p>
                      <p className="whitespace-pre-wrap break-words text-sm leading-relaxed" data-testid="message-text">
                        {message.text}
                      </p>
                      <MessageAttachment message={message} />
                      {confirming === message.key ? (
                        <Confirm
                          question={DELETE_MESSAGE_QUESTION}
                          onConfirm={() => deleteMessage(message.key)}
                          onCancel={() => setConfirming(null)}
                          label="Delete"
                        />
                      ) : null}
                      {message === last && seen ? (
                        <p className="mt-1 text-xs text-muted" data-testid="seen">
                          Seen
                        </p>
                      ) : null}
                    </div>
                  </li>
                ))}
                {pending.map((entry) => (
                  <li key={entry.client_key} data-testid="pending-message" className="flex gap-3 opacity-70">
                    <Avatar name="You" size={32} />
                    <div className="min-w-0 flex-1">
                      <p className="text-xs text-muted">{entry.failed ? 'Not sent' : 'Sending…'}</p>
                      <p className="whitespace-pre-wrap break-words text-sm">{entry.text}</p>
                      {entry.attachment ? (
                        <p className="mt-1 flex items-center gap-1 text-xs text-muted">
                          <PaperclipIcon width={14} height={14} />
                          {entry.attachment.name}
                        </p>
                      ) : null}
                      {entry.failed ? (
                        <p className="text-xs text-red-700" role="alert">
                          {entry.failed}
                        </p>
                      ) : null}
                    </div>
                  </li>
                ))}
              </ol>
            )}
          </>
        )}
      </div>
      <p className="h-5 px-4 text-xs italic text-muted" aria-live="polite" data-testid="typing">
        {typing ? `${typing} is typing…` : ''}
      </p>
      {mayPost ? (
        <Form
          method="post"
          action={links?.send}
          encType={links?.sendFiles ? 'multipart/form-data' : undefined}
          onSubmit={onSubmit}
          className="flex flex-col gap-1 border-t border-line px-4 py-3"
          noValidate
        >
          {/* The token before the file: the page checks it before it reads the file. */}
          <CsrfField token={csrf} />
          <input type="hidden" name="intent" value="send" />
          {attachment ? (
            <ComposerAttachment
              attachment={attachment}
              onRemove={() => {
                removeAttachment()
                setComposerError(null)
                filePicker.current?.focus()
              }}
            />
          ) : null}
          <div className="flex items-end gap-2">
            {hydrated && chat.brandKey ? (
              <>
                <input
                  ref={filePicker}
                  type="file"
                  accept={CHAT_ATTACHMENT_ACCEPT}
                  className="sr-only"
                  tabIndex={-1}
                  aria-hidden="true"
                  data-testid="attach-input"
                  onChange={(event) => {
                    const file = event.currentTarget.files?.[0]
                    event.currentTarget.value = ''
                    if (!file) return
                    setComposerError(null)
                    attach(file)
                  }}
                />
                <button
                  type="button"
                  onClick={() => filePicker.current?.click()}
                  className="flex h-11 w-11 shrink-0 items-center justify-center rounded-md border border-line bg-white text-muted hover:bg-black/5 hover:text-ink focus-visible:outline focus-visible:outline-2 focus-visible:outline-ink"
                  aria-label="Attach a file"
                  title="Attach a file"
                >
                  <PaperclipIcon />
                </button>
              </>
            ) : null}
            <label htmlFor={`composer-${targetKey}`} className="sr-only">
              Message
            </label>
            <textarea
              id={`composer-${targetKey}`}
              name="text"
              rows={2}
              placeholder="Write a message…"
              aria-invalid={composerError ? true : undefined}
              aria-describedby={composerError ? `composer-${targetKey}-error` : undefined}
              onInput={onTyping}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && !event.shiftKey) {
                  event.preventDefault()
                  event.currentTarget.form?.requestSubmit()
                }
              }}
              className={`min-h-[2.75rem] flex-1 resize-none rounded-md border bg-white px-3 py-2 text-sm outline-none focus:border-ink ${
                composerError ? 'border-red-600' : 'border-line'
              }`}
            />
            <Button type="submit">Send</Button>
          </div>
          {!hydrated && links?.sendFiles ? (
            <div className="flex items-center gap-2 text-xs text-muted">
              <label htmlFor={`composer-${targetKey}-file`}>Attach a file</label>
              <input
                id={`composer-${targetKey}-file`}
                type="file"
                name="file"
                accept={CHAT_ATTACHMENT_ACCEPT}
                className="text-xs file:mr-2 file:rounded-md file:border file:border-line file:bg-white file:px-2 file:py-1 file:text-xs"
              />
            </div>
          ) : null}
          <ErrorList id={`composer-${targetKey}-error`} errors={composerError ? [composerError] : null} />
        </Form>
      ) : (
        <p className="border-t border-line px-4 py-3 text-xs text-muted">You can read these comments.</p>
      )}
    </section>
  )
}

function Confirm({
  question,
  label,
  onConfirm,
  onCancel,
}: {
  question: string
  label: string
  onConfirm: () => void
  onCancel: () => void
}) {
  return (
    <div role="alertdialog" aria-label={question} className="my-2 rounded-md border border-line bg-canvas p-3 text-sm">
      <p>{question}</p>
      <div className="mt-2 flex justify-end gap-2">
        <button type="button" className={buttonClass('secondary', 'px-3 py-1')} onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className={buttonClass('danger', 'px-3 py-1')} onClick={onConfirm} autoFocus>
          {label}
        </button>
      </div>
    </div>
  )
}

/** The file waiting in the composer: its name, its progress in whole percent, its scan state. */
function ComposerAttachment({ attachment, onRemove }: { attachment: Attachment; onRemove: () => void }) {
  const { name, size, progress, status, error, preview } = attachment
  const refused = status === 'quarantined' || status === 'failed'
  const state =
    status === 'uploading'
      ? progress < 0
        ? 'Starting…'
        : `${progress}%`
      : status === 'scanning'
        ? 'Scanning…'
        : status === 'available'
          ? SCAN_MESSAGES.available
          : error
  return (
    <div
      className={`mb-1 flex items-center gap-3 rounded-md border px-2 py-2 ${refused ? 'border-red-200 bg-red-50' : 'border-line bg-canvas'}`}
      data-testid="composer-attachment"
      data-status={status}
    >
      {preview ? (
        <img src={preview} alt="" className="h-12 w-9 shrink-0 rounded object-cover" />
      ) : (
        <span className="flex h-12 w-9 shrink-0 items-center justify-center rounded bg-black/5 text-muted">
          <PaperclipIcon width={16} height={16} />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="flex items-baseline gap-2 text-sm">
          <span className="truncate font-medium" data-testid="composer-attachment-name">
            {name}
          </span>
          <span className="shrink-0 text-xs text-muted">{formatFileSize(size)}</span>
        </p>
        {status === 'uploading' ? (
          <div
            className="mt-1 h-1 overflow-hidden rounded-full bg-black/10"
            role="progressbar"
            aria-label={`Uploading ${name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.max(progress, 0)}
          >
            <div className="h-full bg-ink transition-[width]" style={{ width: `${Math.max(progress, 0)}%` }} />
          </div>
        ) : null}
        <p
          className={`mt-0.5 text-xs ${refused ? 'text-red-700' : 'text-muted'}`}
          data-testid="composer-attachment-state"
          aria-live="polite"
        >
          {state}
        </p>
      </div>
      <button
        type="button"
        onClick={onRemove}
        className="shrink-0 rounded p-1 text-muted hover:bg-black/5 hover:text-ink"
        aria-label={`Remove ${name}`}
        title="Remove"
      >
        <CloseIcon />
      </button>
    </div>
  )
}

function MessagesLoading() {
  return (
    <div className="flex flex-col gap-4" data-testid="messages-loading" aria-label="Loading messages">
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex animate-pulse gap-3">
          <span className="h-8 w-8 shrink-0 rounded-full bg-black/10" />
          <div className="flex-1 space-y-2">
            <span className="block h-3 w-1/3 rounded bg-black/10" />
            <span className="block h-3 w-2/3 rounded bg-black/5" />
          </div>
        </div>
      ))}
      <span className="sr-only">Loading messages…</span>
    </div>
  )
}
