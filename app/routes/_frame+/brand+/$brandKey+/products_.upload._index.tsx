// `/brand/{id}/products/upload`: its page lives in app/features/imports/pages/upload.tsx.
export { loader, action } from '#app/features/imports/pages/upload.server'
export { meta, handle, default } from '#app/features/imports/pages/upload'
