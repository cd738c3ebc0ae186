// `/brand/{key}/chat/{conversation}`: its page lives in app/features/chat/pages/conversation.tsx.
export { loader, action } from '#app/features/chat/pages/conversation.server'
export { handle, default } from '#app/features/chat/pages/conversation'
