// `/invite?token=`: its page lives in app/features/identity/pages/invite-accept.tsx.
export { loader, action } from '#app/features/identity/pages/invite-accept.server'
export { meta, default } from '#app/features/identity/pages/invite-accept'
