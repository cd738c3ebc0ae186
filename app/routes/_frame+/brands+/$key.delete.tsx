// `/brands/{id}/delete`: its page lives in app/features/brands/pages/brands-delete.tsx.
export { loader, action } from '#app/features/brands/pages/brands-delete.server'
export { default } from '#app/features/brands/pages/brands-delete'
