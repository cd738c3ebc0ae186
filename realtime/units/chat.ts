// Chat: at connection a socket joins the rooms of its account's direct and group chats, where
// chat.server.ts pushes each message once it is stored. Threads are followed while on screen.
// Presence (docs/decisions/154): every signed-in page's socket joins its brand's presence room and
// reports its tab idle or active; a change of one tab is announced only when it changes what the
// account's tabs add up to (online, idle, offline), asked of every process through the adapter.
import { AppError, isAppError } from '#app/platform/errors'
import { requireBrandAbility } from '#app/platform/access/access.server'
import { loadGrants } from '#app/platform/access/grants.server'
import {
  deleteMessageLive,
  liveConversationRooms,
  markReadLive,
  sendMessageLive,
  typingIn,
  watchConversation,
  watchThread,
} from '#app/features/chat/index.server'
import { SEND_FAILED, SEND_FAILED_SESSION, presenceByAccount, presenceChange } from '#app/features/chat'
import { reportError } from '#app/infra/error-reporting.server'
import { CHAT_EVENTS, chatRooms, type ChatAck, type PresenceAll, type PresenceChanged } from '#app/platform/protocol'
import type { RealtimeUnit, UnitContext } from './types'

/** Errors as the browser shows them: the spec's send failure texts, field messages kept. */
function refusal(error: unknown, fallback: string): ChatAck<never> {
  if (!isAppError(error)) throw error
  if (error.type === 'AuthInvalidSession' || error.type === 'AuthNoSession') {
    return { ok: false, error: error.type, message: SEND_FAILED_SESSION }
  }
  return { ok: false, error: error.type, message: error.type === 'ValidationError' ? error.message : fallback }
}

/** What the chat unit keeps on a socket: its presence's brand, and whether its tab is idle. */
interface PresenceData {
  presence?: string[]
  idle?: boolean
}

const PRESENCE_PREFIX = chatRooms.presence('')

/**
 * Tells the brand's other members when this tab's change (`before` → `after`: its idleness, null
 * while not in the room) changes its account's presence. The change is made before this asks, so
 * of two tabs changing at once on two processes at least one sees the other's change. Answers
 * the room's tabs as it found them.
 */
async function announcePresence(context: UnitContext, brand: string, before: boolean | null, after: boolean | null) {
  const { deps, actor, socket } = context
  const room = chatRooms.presence(brand)
  const tabs = await deps.events.socketsIn(room)
  const others = tabs.filter((tab) => tab.account === actor.key && tab.id !== socket.id)
  const state = presenceChange(others, before, after)
  if (state) {
    const event: PresenceChanged = { brand, account: actor.key, state, online: state !== 'offline' }
    socket.to(room).emit(CHAT_EVENTS.presence, event)
  }
  return tabs
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
      const data = socket.data as PresenceData
      const idle = data.idle === true
      // One brand's presence at a time: the brand on screen.
      for (const room of [...socket.rooms]) {
        if (!room.startsWith(PRESENCE_PREFIX) || room === chatRooms.presence(brand)) continue
        await socket.leave(room)
        await announcePresence(context, room.slice(PRESENCE_PREFIX.length), idle, null)
      }
      const before = socket.rooms.has(chatRooms.presence(brand)) ? idle : null
      await socket.join(chatRooms.presence(brand))
      data.presence = [brand]
      const tabs = await announcePresence(context, brand, before, idle)
      // Who is present now, for this tab alone: the page was drawn before its socket joined, and
      // whoever came or went in between (or while it was disconnected) was announced to a room
      // it was not in yet.
      const snapshot: PresenceAll = { brand, people: Object.fromEntries(presenceByAccount(tabs)) }
      socket.emit(CHAT_EVENTS.presenceAll, snapshot)
      return { ok: true, data: undefined }
    },
    async [CHAT_EVENTS.presenceActivity](context, payload) {
      const data = context.socket.data as PresenceData
      const before = data.idle === true
      // Kept on the socket, where another process's question finds it too.
      data.idle = (payload as { state: 'active' | 'idle' }).state === 'idle'
      for (const brand of data.presence ?? []) {
        if (!context.socket.rooms.has(chatRooms.presence(brand))) continue
        await announcePresence(context, brand, before, data.idle)
      }
      return { ok: true, data: undefined }
    },
  },
  disconnect(context) {
    // socket.io has already taken the socket out of its rooms; remember them from the context.
    const data = context.socket.data as PresenceData
    for (const brand of data.presence ?? []) {
      announcePresence(context, brand, data.idle === true, null).catch((error: unknown) =>
        reportError(error, { msg: 'presence at disconnect', brand }),
      )
    }
  },
  async processGone({ io, deps }) {
    // Whoever had tabs only on the stopped process left unannounced: this process tells its own
    // sockets in each presence room who is there now, and the rest are offline.
    const presenceRooms = [...io.of('/').adapter.rooms.keys()].filter((room) => room.startsWith(PRESENCE_PREFIX))
    await Promise.all(
      presenceRooms.map(async (room) => {
        const people = Object.fromEntries(presenceByAccount(await deps.events.socketsIn(room)))
        const event: PresenceAll = { brand: room.slice(PRESENCE_PREFIX.length), people }
        io.local.to(room).emit(CHAT_EVENTS.presenceAll, event)
      }),
    )
  },
}
