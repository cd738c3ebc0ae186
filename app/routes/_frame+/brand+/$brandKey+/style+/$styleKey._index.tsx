// `/brand/{id}/style/{style}`: its page lives in app/features/atelier/pages/style.tsx.
export { loader, action } from '#app/features/atelier/pages/style.server'
export { meta, handle, default } from '#app/features/atelier/pages/style'
