// `/brand/{id}/products/listing/{key}/larger?image=n`: its page lives in app/features/catalogue/pages/listing-larger.tsx.
export { loader } from '#app/features/catalogue/pages/listing-larger.server'
export { default } from '#app/features/catalogue/pages/listing-larger'
