// `/brands/{id}/remove-permissions`: its page lives in app/features/brands/pages/brands-remove-permissions.tsx.
export { loader, action } from '#app/features/brands/pages/brands-remove-permissions.server'
export { default } from '#app/features/brands/pages/brands-remove-permissions'
