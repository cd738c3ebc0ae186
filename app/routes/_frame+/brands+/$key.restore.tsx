// `/brands/{id}/restore`: its page lives in app/features/brands/pages/brands-restore.tsx.
export { loader, action } from '#app/features/brands/pages/brands-restore.server'
export { default } from '#app/features/brands/pages/brands-restore'
