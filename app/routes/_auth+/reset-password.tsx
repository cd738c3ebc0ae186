// `/reset-password?code=`: its page lives in app/features/identity/pages/reset-password.tsx.
export { loader, action } from '#app/features/identity/pages/reset-password.server'
export { meta, default } from '#app/features/identity/pages/reset-password'
