// The public entry of this feature's server side for other features.
export { threadMessageCounts } from './chat.server'
export type { MessagePage } from './chat.server'
export { listThreadMessages } from './chat.server'
export { threadMessage } from './chat.server'
export { sendMessage } from './chat.server'
export { unreadCount, unreadCountColumn } from './chat.server'
// The socket unit's calls (realtime/units/chat.ts).
export {
  deleteMessageLive,
  liveConversationRooms,
  markReadLive,
  sendMessageLive,
  typingIn,
  watchConversation,
  watchThread,
} from './chat.server'
