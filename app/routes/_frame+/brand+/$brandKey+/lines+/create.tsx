// `/brand/{id}/lines/create`: its page lives in app/features/catalogue/pages/lines-create.tsx.
export { loader, action } from '#app/features/catalogue/pages/lines-create.server'
export { default } from '#app/features/catalogue/pages/lines-create'
