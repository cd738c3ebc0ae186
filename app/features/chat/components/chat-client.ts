// The browser's side of chat: calls of the JSON API and the socket's events with their acks.
import type { Socket } from 'socket.io-client'
import type { ChatBar, MessagePage, MessageView } from '../views'
import type { ChatAck } from '#app/platform/protocol'

export type { ChatBar, ChatContact, ConversationRemoval, ConversationSummary, MessagePage, MessageView } from '../views'

// The JSON API call lives with the rest of the browser's shared code; chat re-exports it.
export { ApiError, api } from '#app/platform/api-client'
import { api } from '#app/platform/api-client'

/** Where a conversation view reads and writes: a direct or group chat, or an object's comments. */
export type ChatTarget = { conversation: string } | { model: string; model_id: string }

export function pagePath(target: ChatTarget, before?: number | null): string {
  const query = new URLSearchParams(
    'conversation' in target
      ? { conversation: target.conversation }
      : { model: target.model, model_id: target.model_id },
  )
  if (before) query.set('before', String(before))
  return `message/query/${'conversation' in target ? 'conversation' : 'object'}?${query}`
}

export function loadPage(target: ChatTarget, before?: number | null): Promise<MessagePage> {
  return api<MessagePage>('GET', pagePath(target, before))
}

export function loadChatBar(brand: string): Promise<ChatBar> {
  return api<ChatBar>('GET', `conversation/query/brand?brand=${encodeURIComponent(brand)}`)
}

export async function loadUnread(brand: string): Promise<number> {
  return (await api<{ unread: number }>('GET', `conversation/method/unread?brand=${encodeURIComponent(brand)}`)).unread
}

/** An emit with its acknowledgement; a timeout or a dropped connection answers `{ ok: false }`. */
export function request<T>(socket: Socket, event: string, payload: unknown, timeoutMs = 10_000): Promise<ChatAck<T>> {
  return new Promise((resolve) => {
    socket.timeout(timeoutMs).emit(event, payload, (error: Error | null, ack: ChatAck<T>) => {
      resolve(error ? { ok: false, error: 'Timeout' } : ack)
    })
  })
}

/** The idempotency key of one message: 32 letters and digits, fresh per message. */
export function newClientKey(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID().replace(/-/g, '')
  return Array.from({ length: 32 }, () => Math.floor(Math.random() * 36).toString(36)).join('')
}

export type { MessageView as Message }
