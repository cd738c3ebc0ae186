// `/brand/{id}/collection/{collection}/edit`: its page lives in app/features/catalogue/pages/collection-edit.tsx.
export { loader, action } from '#app/features/catalogue/pages/collection-edit.server'
export { meta, handle, default } from '#app/features/catalogue/pages/collection-edit'
