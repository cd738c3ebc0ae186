// Deleting in a conversation: the question asked first (of one message, or of the whole
// conversation: `thread`), deleting one's message, and the conversation deleted or left, here or
// by someone else.
import {
  CONVERSATION_LEFT,
  MESSAGE_DELETE_FAILED,
  MESSAGE_DELETED,
  SEND_FAILED,
  THREAD_DELETED,
} from '#app/features/chat/schemas'
import { showToast } from '#app/ui/live-toasts'
import { useRealtime, useRealtimeEvent } from '#app/ui/realtime-provider'
import { CHAT_EVENTS } from '#app/platform/protocol'
import { useState } from 'react'
import { api, ApiError, request } from './chat-client'
import type { ConversationFeed } from './use-conversation-feed'

export type Deletions = ReturnType<typeof useDeletions>

export function useDeletions(feed: ConversationFeed, clearComposerError: () => void, onThreadDeleted?: () => void) {
  const { socket } = useRealtime()
  const [deleted, setDeleted] = useState(false)
  /** The key of the message asked about, or `thread`. */
  const [confirming, setConfirming] = useState<string | null>(null)
  const { conversationKey, removal } = feed

  useRealtimeEvent<{ conversation: string }>(CHAT_EVENTS.threadDeleted, (event) => {
    if (!feed.isMine(event.conversation)) return
    setDeleted(true)
    onThreadDeleted?.()
  })

  async function deleteMessage(key: string) {
    setConfirming(null)
    try {
      if (socket?.connected) {
        const ack = await request<{ key: string }>(socket, CHAT_EVENTS.delete, { key })
        if (!ack.ok) throw new ApiError(ack.error, ack.message ?? MESSAGE_DELETE_FAILED)
      } else {
        await api('DELETE', `message/model/${encodeURIComponent(key)}`)
      }
      feed.remove(key)
      // A refusal left from an earlier send is old news once something else has worked.
      clearComposerError()
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
    confirming,
    ask: (key: string) => setConfirming(key),
    cancel: () => setConfirming(null),
    deleteMessage,
    deleteThread,
  }
}
