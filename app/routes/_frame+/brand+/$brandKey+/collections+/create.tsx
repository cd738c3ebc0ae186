// `/brand/{id}/collections/create`: its page lives in app/features/catalogue/pages/collections-create.tsx.
export { loader, action } from '#app/features/catalogue/pages/collections-create.server'
export { default } from '#app/features/catalogue/pages/collections-create'
