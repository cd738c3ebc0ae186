// `/brand/{id}/products/{product}/larger?image=n`: its page lives in app/features/catalogue/pages/product-larger.tsx.
export { loader } from '#app/features/catalogue/pages/product-larger.server'
export { default } from '#app/features/catalogue/pages/product-larger'
