// `/brand/{key}/edit`: its page lives in app/features/brands/pages/brand-edit.tsx.
export { loader, action } from '#app/features/brands/pages/brand-edit.server'
export { meta, handle, default } from '#app/features/brands/pages/brand-edit'
