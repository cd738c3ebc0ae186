// `/collection/{id}/products/upload`: its page lives in app/features/catalogue/pages/collection-upload-redirect.server.ts.
export { loader } from '#app/features/catalogue/pages/collection-upload-redirect.server'
