// `/brand/{id}/style/{style}/materials/{type}/{step}`: its page lives in app/features/atelier/pages/materials-step.tsx.
export { loader, action } from '#app/features/atelier/pages/materials-step.server'
export { meta, handle, default } from '#app/features/atelier/pages/materials-step'
