// `/brand/{key}/chat/new-group`: its page lives in app/features/chat/pages/new-group.tsx.
export { loader, action } from '#app/features/chat/pages/new-group.server'
export { default } from '#app/features/chat/pages/new-group'
