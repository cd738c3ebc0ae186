// `/brand/{key}/products/remove?keys=…`: its page lives in app/features/catalogue/pages/products-list-remove.tsx.
export { loader, action } from '#app/features/catalogue/pages/products-list-remove.server'
export { default } from '#app/features/catalogue/pages/products-list-remove'
