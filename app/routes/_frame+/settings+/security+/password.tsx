// `/settings/security/password`: its page lives in app/features/identity/pages/settings-security-password.tsx.
export { loader, action } from '#app/features/identity/pages/settings-security-password.server'
export { meta, default } from '#app/features/identity/pages/settings-security-password'
