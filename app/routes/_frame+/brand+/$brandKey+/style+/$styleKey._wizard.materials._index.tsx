// `/brand/{id}/style/{style}/materials`: its page lives in app/features/atelier/pages/materials.tsx.
export { loader, action } from '#app/features/atelier/pages/materials.server'
export { meta, handle, default } from '#app/features/atelier/pages/materials'
