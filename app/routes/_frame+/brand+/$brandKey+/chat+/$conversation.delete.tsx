// `/brand/{key}/chat/{conversation}/delete`: its page lives in app/features/chat/pages/conversation-delete.tsx.
export { loader, action } from '#app/features/chat/pages/conversation-delete.server'
export { default } from '#app/features/chat/pages/conversation-delete'
