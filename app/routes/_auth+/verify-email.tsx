// `/verify-email?code=`: its page lives in app/features/identity/pages/verify-email.tsx.
export { loader } from '#app/features/identity/pages/verify-email.server'
export { meta, default } from '#app/features/identity/pages/verify-email'
