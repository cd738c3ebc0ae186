// `/`: its page lives in app/features/identity/pages/sign-in.tsx.
export { loader, action } from '#app/features/identity/pages/sign-in.server'
export { meta, default } from '#app/features/identity/pages/sign-in'
