// `/brand/{key}/products/quick/{listing}`: its page lives in app/features/catalogue/pages/products-list-quick.tsx.
export { loader } from '#app/features/catalogue/pages/products-list-quick.server'
export { default } from '#app/features/catalogue/pages/products-list-quick'
