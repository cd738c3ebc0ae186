// `/brand/{key}/products/delete/{listing}`: its page lives in app/features/catalogue/pages/products-list-delete.tsx.
export { loader, action } from '#app/features/catalogue/pages/products-list-delete.server'
export { default } from '#app/features/catalogue/pages/products-list-delete'
