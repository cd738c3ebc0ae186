// `/brand/{id}/products/listing/{key}`: its page lives in app/features/catalogue/pages/listing.tsx.
export { loader, action } from '#app/features/catalogue/pages/listing.server'
export { meta, handle, shouldRevalidate, default } from '#app/features/catalogue/pages/listing'
