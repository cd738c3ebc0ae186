// `/line/{id}/products/upload`: its page lives in app/features/catalogue/pages/line-upload-redirect.server.ts.
export { loader } from '#app/features/catalogue/pages/line-upload-redirect.server'
