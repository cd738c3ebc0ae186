// `/settings/security/sign-out-everywhere`: its page lives in app/features/identity/pages/sign-out-everywhere.tsx.
export { loader, action } from '#app/features/identity/pages/sign-out-everywhere.server'
export { meta, default } from '#app/features/identity/pages/sign-out-everywhere'
