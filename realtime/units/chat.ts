// Chat: at connection a socket joins the rooms of its account's direct and group chats, where
// chat.server.ts pushes each message once it is stored. Threads are followed while on screen.
// Presence: a socket showing a brand's chat bar joins the brand's presence room; the first socket
// of an account there announces it online, the last one leaving announces it offline.
import { AppError, isAppError } from '#app/platform/errors'
import { requireBrandAbility } from '#app/platform/access/access.server'
import { loadGrants } from '#app/features/identity/accounts.server'
import {
  deleteMessageLive,
  liveConversationRooms,
  markReadLive,
  sendMessageLive,
  typingIn,
  watchConversation,
  watchThread,
} from '#app/features/chat/chat.server'
import { SEND_FAILED, SEND_FAILED_SESSION } from '#app/features/chat/schemas'
import { CHAT_EVENTS, chatRooms, type ChatAck } from '../protocol'
import type { RealtimeUnit, UnitContext } from './types'

/** Errors as the browser shows them: the spec's send failure texts, field messages kept. */
function refusal(error: unknown, fallback: string): ChatAck<never> {
  if (!isAppError(error)) throw error
  if (error.type === 'AuthInvalidSession' || error.type === 'AuthNoSession') {
    return { ok: false, error: error.type, message: SEND_FAILED_SESSION }
  }
  return { ok: false, error: error.type, message: error.type === 'ValidationError' ? error.message : fallback }
}

async function presenceOf(context: UnitContext, brand: string, online: boolean) {
  const { deps, actor, socket } = context
  const room = chatRooms.presence(brand)
  if (!online) {
    // Still online through another tab: nothing changes for the others.
    if ((await deps.events.accountsIn(room)).has(actor.key)) return
  }
  socket.to(room).emit(CHAT_EVENTS.presence, { brand, account: actor.key, online })
}

export const chatUnit: RealtimeUnit = {
  name: 'chat',
  async join({ deps, actor, socket }) {
    await socket.join(await liveConversationRooms(deps, actor))
  },
  events: {
    async [CHAT_EVENTS.send]({ deps, actor }, payload) {
      try {
        return { ok: true, data: await sendMessageLive(deps, actor, payload) }
      } catch (error) {
        return refusal(error, SEND_FAILED)
      }
    },
    async [CHAT_EVENTS.delete]({ deps, actor }, payload) {
      try {
        return { ok: true, data: await deleteMessageLive(deps, actor, (payload as { key: string }).key) }
      } catch (error) {
        return refusal(error, 'Error while deleting message.')
      }
    },
    async [CHAT_EVENTS.markRead]({ deps, actor }, payload) {
      const { conversation, seq } = payload as { conversation: string; seq?: number }
      return { ok: true, data: await markReadLive(deps, actor, conversation, seq) }
    },
    async [CHAT_EVENTS.watch]({ deps, actor, socket }, payload) {
      const ref = payload as { conversation?: string; model?: string; model_id?: string }
      const { conversation, mayPost } = ref.conversation
        ? await watchConversation(deps, actor, ref.conversation)
        : await watchThread(deps, actor, ref.model!, ref.model_id!)
      await socket.join([chatRooms.conversation(conversation.key), chatRooms.viewing(conversation.key)])
      return { ok: true, data: { conversation: conversation.key, mayPost } }
    },
    async [CHAT_EVENTS.unwatch]({ socket }, payload) {
      const { conversation } = payload as { conversation: string }
      await socket.leave(chatRooms.viewing(conversation))
      return { ok: true, data: undefined }
    },
    async [CHAT_EVENTS.typing]({ deps, actor, socket }, payload) {
      const signal = await typingIn(deps, actor, (payload as { conversation: string }).conversation)
      socket.to(chatRooms.conversation(signal.conversation)).emit(CHAT_EVENTS.typingNow, signal)
      return { ok: true, data: undefined }
    },
    async [CHAT_EVENTS.presenceJoin](context, payload) {
      const { deps, actor, socket } = context
      const { brand } = payload as { brand: string }
      const fresh = { ...actor, grants: await loadGrants(deps, actor.key) }
      try {
        requireBrandAbility(fresh, 'message.send', brand)
      } catch (error) {
        if (error instanceof AppError) return { ok: false, error: 'PermissionError' }
        throw error
      }
      // One brand's presence at a time: the chat bar shows the brand on screen.
      for (const room of [...socket.rooms]) {
        if (!room.startsWith('presence:') || room === chatRooms.presence(brand)) continue
        await socket.leave(room)
        await presenceOf(context, room.slice('presence:'.length), false)
      }
      const wasOnline = (await deps.events.accountsIn(chatRooms.presence(brand))).has(actor.key)
      await socket.join(chatRooms.presence(brand))
      ;(socket.data as { presence?: string[] }).presence = [brand]
      if (!wasOnline) await presenceOf(context, brand, true)
      return { ok: true, data: undefined }
    },
  },
  disconnect(context) {
    // socket.io has already taken the socket out of its rooms; remember them from the context.
    for (const brand of (context.socket.data as { presence?: string[] }).presence ?? []) {
      void presenceOf(context, brand, false)
    }
  },
}
