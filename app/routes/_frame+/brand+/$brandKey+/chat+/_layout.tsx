// `/brand/{key}/chat`: its page lives in app/features/chat/pages/chat-layout.tsx.
export { loader } from '#app/features/chat/pages/chat-layout.server'
export { meta, handle, default } from '#app/features/chat/pages/chat-layout'
