// `/brand/{id}/products/listing/{key}/delete`: its page lives in app/features/catalogue/pages/listing-delete.tsx.
export { loader, action } from '#app/features/catalogue/pages/listing-delete.server'
export { shouldRevalidate, default } from '#app/features/catalogue/pages/listing-delete'
