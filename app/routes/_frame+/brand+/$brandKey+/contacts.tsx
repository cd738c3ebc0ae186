// `/brand/{key}/contacts`: its page lives in app/features/chat/pages/contacts.tsx.
export { loader } from '#app/features/chat/pages/contacts.server'
export { meta, handle, default } from '#app/features/chat/pages/contacts'
