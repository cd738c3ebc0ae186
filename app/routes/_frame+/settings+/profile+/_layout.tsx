// `/settings/profile`: its page lives in app/features/identity/pages/settings-profile-layout.tsx.
export { loader, action } from '#app/features/identity/pages/settings-profile-layout.server'
export { meta, handle, default } from '#app/features/identity/pages/settings-profile-layout'
