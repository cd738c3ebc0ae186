// `/brand/{id}/line/{line}/edit`: its page lives in app/features/catalogue/pages/line-edit.tsx.
export { loader, action } from '#app/features/catalogue/pages/line-edit.server'
export { meta, handle, default } from '#app/features/catalogue/pages/line-edit'
