// `/brand/{id}/products/{product_model_id}`: its page lives in app/features/catalogue/pages/product.tsx.
export { loader } from '#app/features/catalogue/pages/product.server'
export { meta, handle, default } from '#app/features/catalogue/pages/product'
