// `/brands/create`: its page lives in app/features/brands/pages/brands-create.tsx.
export { loader, action } from '#app/features/brands/pages/brands-create.server'
export { default } from '#app/features/brands/pages/brands-create'
