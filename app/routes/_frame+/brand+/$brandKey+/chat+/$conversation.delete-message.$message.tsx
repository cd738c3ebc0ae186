// `/brand/{key}/chat/{conversation}/delete-message/{message}`: its page lives in app/features/chat/pages/message-delete.tsx.
export { loader, action } from '#app/features/chat/pages/message-delete.server'
export { default } from '#app/features/chat/pages/message-delete'
