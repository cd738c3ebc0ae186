// `/brand/{id}/line/{line}/collections/create`: its page lives in app/features/catalogue/pages/line-collections-create.tsx.
export { loader, action } from '#app/features/catalogue/pages/line-collections-create.server'
export { default } from '#app/features/catalogue/pages/line-collections-create'
