// `/settings/*`: its page lives in app/features/identity/pages/settings-layout.tsx.
export { loader } from '#app/features/identity/pages/settings-layout.server'
export { meta, handle, default } from '#app/features/identity/pages/settings-layout'
