// `/brand/{key}/chat`: its page lives in app/features/chat/pages/chat-index.tsx.
export { action } from '#app/features/chat/pages/chat-index.server'
export { default } from '#app/features/chat/pages/chat-index'
