// `/brand/{id}/products/upload/template`: its page lives in app/features/imports/pages/upload-template.server.ts.
export { loader } from '#app/features/imports/pages/upload-template.server'
