// `/brand/{key}/products`: its page lives in app/features/catalogue/pages/products-list.tsx.
export { loader } from '#app/features/catalogue/pages/products-list.server'
export { meta, handle, default } from '#app/features/catalogue/pages/products-list'
