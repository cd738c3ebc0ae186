// The messages one sent that the server does not have yet: each waits in an outbox under its own
// client key and goes again, with the same key, after a reconnect, until the server acknowledges
// it or refuses it (docs/decisions/057). They show under the conversation's messages meanwhile.
import { SEND_FAILED, SEND_FAILED_SESSION } from '#app/features/chat/schemas'
import { showToast } from '#app/ui/live-toasts'
import { useRealtime, useRealtimeEvent } from '#app/ui/realtime-provider'
import { reportUnsent } from '#app/ui/unsent-messages'
import { CHAT_EVENTS } from '#app/platform/protocol'
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { newClientKey, request, type ChatTarget, type MessageView } from './chat-client'
import type { ConversationFeed } from './use-conversation-feed'

export interface Pending {
  client_key: string
  text: string
  /** The file the message carries. */
  attachment: { key: string; name: string } | null
  /** Waiting for the server, or refused with the text shown under it. */
  failed: string | null
}

export type SendQueue = ReturnType<typeof useSendQueue>

export function useSendQueue(target: ChatTarget, selfKey: string, feed: ConversationFeed) {
  const { socket, connected } = useRealtime()
  const [pending, setPending] = useState<Pending[]>([])
  const outbox = useRef(new Map<string, Pending>())
  const inFlight = useRef(new Set<string>())
  const { targetKey, conversationKey, add } = feed
  const owner = useId()

  // What still waits is counted for the page: a link held offline opens once it has gone.
  const waiting = pending.filter((item) => item.failed === null).length
  useEffect(() => reportUnsent(owner, waiting), [owner, waiting])
  useEffect(() => () => reportUnsent(owner, 0), [owner])

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
        add(ack.data)
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
    [socket, targetKey, add],
  )

  // What waited offline goes as soon as the view follows the conversation again: this effect runs
  // after the feed's watch, on the same changes.
  useEffect(() => {
    if (!socket || !connected) return
    inFlight.current.clear()
    for (const entry of outbox.current.values()) void deliver(entry)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- per socket connection and conversation
  }, [socket, connected, targetKey, conversationKey === null])

  // One's own message came back from the room: it no longer waits, whatever its ack says later.
  useRealtimeEvent<MessageView>(CHAT_EVENTS.message, (message) => {
    if (!feed.isOurs(message) || message.senderKey !== selfKey) return
    if (!message.client_key || !outbox.current.has(message.client_key)) return
    outbox.current.delete(message.client_key)
    setPending((list) => list.filter((item) => item.client_key !== message.client_key))
  })

  function send(text: string, attachment: Pending['attachment']) {
    const entry: Pending = { client_key: newClientKey(), text, attachment, failed: null }
    outbox.current.set(entry.client_key, entry)
    setPending((list) => [...list, entry])
    void deliver(entry)
  }

  return { pending, send }
}
