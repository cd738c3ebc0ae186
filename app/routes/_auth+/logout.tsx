// `/logout`: its page lives in app/features/identity/pages/logout.tsx.
export { loader, action } from '#app/features/identity/pages/logout.server'
export { meta, default } from '#app/features/identity/pages/logout'
