// Chat (atelier.md §4 Messaging): direct chats between two members of a brand, named group chats,
// and the comment thread of an object. A message is stored first, then pushed to the sockets of
// the conversation's room; unread counts come from each member's read mark. Who may take part:
// docs/decisions/048. The service is split along its sections; this file is what callers import.
export * from './chat-access.server'
export * from './chat-live.server'
export * from './chat-notices.server'
export * from './chat-views.server'
export * from './conversation-cache.server'
export * from './conversations.server'
export * from './message-store.server'
export * from './messages.server'
export * from './send-message.server'
export * from './send-queue.server'
