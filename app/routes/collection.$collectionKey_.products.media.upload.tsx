// `/collection/{id}/products/media/upload`: its page lives in app/features/catalogue/pages/collection-media-upload-redirect.server.ts.
export { loader } from '#app/features/catalogue/pages/collection-media-upload-redirect.server'
