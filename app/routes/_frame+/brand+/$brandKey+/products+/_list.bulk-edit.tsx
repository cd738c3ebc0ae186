// `/brand/{key}/products/bulk-edit?keys=…`: its page lives in app/features/imports/pages/bulk-edit.tsx.
export { loader, action } from '#app/features/imports/pages/bulk-edit.server'
export { default } from '#app/features/imports/pages/bulk-edit'
