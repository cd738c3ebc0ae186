// `/password-reset`: its page lives in app/features/identity/pages/password-reset.tsx.
export { loader, action } from '#app/features/identity/pages/password-reset.server'
export { meta, default } from '#app/features/identity/pages/password-reset'
