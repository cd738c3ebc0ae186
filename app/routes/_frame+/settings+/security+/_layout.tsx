// `/settings/security`: its page lives in app/features/identity/pages/settings-security-layout.tsx.
export { loader } from '#app/features/identity/pages/settings-security-layout.server'
export { meta, handle, default } from '#app/features/identity/pages/settings-security-layout'
