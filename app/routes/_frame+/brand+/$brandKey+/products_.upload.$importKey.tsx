// `/brand/{id}/products/upload/{import}`: its page lives in app/features/imports/pages/import.tsx.
export { loader, action } from '#app/features/imports/pages/import.server'
export { meta, handle, default } from '#app/features/imports/pages/import'
