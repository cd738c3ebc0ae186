// `/brand/{key}/products/upload/{import}/rollback`: its page lives in app/features/imports/pages/import-rollback.tsx.
export { loader, action } from '#app/features/imports/pages/import-rollback.server'
export { default } from '#app/features/imports/pages/import-rollback'
