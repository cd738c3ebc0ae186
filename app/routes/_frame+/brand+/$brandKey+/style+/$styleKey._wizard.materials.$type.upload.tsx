// `/brand/{id}/style/{style}/materials/{type}/upload`: its page lives in app/features/atelier/pages/materials-upload.tsx.
export { loader, action } from '#app/features/atelier/pages/materials-upload.server'
export { default } from '#app/features/atelier/pages/materials-upload'
