// Chat (atelier.md §7 message calls; the paths the spec leaves open: docs/decisions/049).
import { requireActor, stringField, type Endpoint } from '#app/platform/api/endpoint.server'
import { GroupChatSchema, SendMessageSchema } from './schemas'
import {
  chatBar,
  createGroupChat,
  deleteMessage,
  deleteThread,
  listMessages,
  listStyleMessages,
  listThreadMessages,
  markConversationRead,
  openDirectChat,
  sendMessage,
  unreadCount,
} from '#app/features/chat/chat.server'
import { AppError } from '#app/platform/errors'

function required(source: unknown, name: string): string {
  const value = stringField(source, name)
  if (value === undefined) throw new AppError('ValidationError', `${name}: Required`, { [name]: ['Required'] })
  if (value.length > 128) throw new AppError('ValidationError', `${name}: at most 128 characters.`)
  return value
}

/** `before`: the seq of the oldest message already shown, for the page before it. */
function paging(query: Record<string, string>) {
  const raw = query.before
  if (raw === undefined || raw === '') return {}
  if (!/^\d{1,15}$/.test(raw)) throw new AppError('ValidationError', 'before: a message seq (a positive whole number).')
  return { before: Number(raw) }
}

export const chatEndpoints: Endpoint[] = [
  {
    verb: 'GET',
    path: 'message/query/style',
    auth: true,
    handle: (deps, call) => listStyleMessages(deps, requireActor(call), required(call.query, 'style')),
  },
  {
    verb: 'GET',
    path: 'message/query/object',
    auth: true,
    handle: (deps, call) =>
      listThreadMessages(
        deps,
        requireActor(call),
        required(call.query, 'model'),
        required(call.query, 'model_id'),
        paging(call.query),
      ),
  },
  {
    verb: 'GET',
    path: 'message/query/conversation',
    auth: true,
    handle: (deps, call) =>
      listMessages(deps, requireActor(call), required(call.query, 'conversation'), paging(call.query)),
  },
  {
    verb: 'POST',
    path: 'message/model',
    auth: true,
    summary: 'Sends a chat message to a conversation, or to the thread of a sample, style or listing.',
    body: SendMessageSchema,
    handle: (deps, call) => sendMessage(deps, requireActor(call), call.body),
  },
  {
    verb: 'DELETE',
    path: 'message/model/:key',
    auth: true,
    handle: (deps, call) => deleteMessage(deps, requireActor(call), call.key!),
  },
  {
    verb: 'GET',
    path: 'conversation/query/brand',
    auth: true,
    handle: (deps, call) => chatBar(deps, requireActor(call), required(call.query, 'brand')),
  },
  {
    verb: 'GET',
    path: 'conversation/method/unread',
    auth: true,
    handle: async (deps, call) => ({
      unread: await unreadCount(deps, requireActor(call), required(call.query, 'brand')),
    }),
  },
  {
    verb: 'POST',
    path: 'conversation/method/direct',
    auth: true,
    handle: (deps, call) =>
      openDirectChat(deps, requireActor(call), required(call.body, 'brand'), required(call.body, 'account')),
  },
  {
    verb: 'POST',
    path: 'conversation/method/group',
    auth: true,
    summary: 'Starts a group chat of a brand with a name and members.',
    body: GroupChatSchema,
    handle: (deps, call) => createGroupChat(deps, requireActor(call), required(call.body, 'brand'), call.body),
  },
  {
    verb: 'POST',
    path: 'conversation/method/mark_read',
    auth: true,
    async handle(deps, call) {
      const seq = (call.body as { seq?: unknown } | null)?.seq
      if (seq !== undefined && (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 0)) {
        throw new AppError('ValidationError', 'seq: a message seq (a positive whole number).')
      }
      return markConversationRead(deps, requireActor(call), required(call.body, 'conversation'), seq)
    },
  },
  {
    verb: 'DELETE',
    path: 'conversation/model/:key',
    auth: true,
    handle: (deps, call) => deleteThread(deps, requireActor(call), call.key!),
  },
]
