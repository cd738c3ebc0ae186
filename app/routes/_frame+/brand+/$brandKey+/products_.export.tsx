// `/brand/{id}/products/export`: its page lives in app/features/imports/pages/products-export.server.ts.
export { loader } from '#app/features/imports/pages/products-export.server'
