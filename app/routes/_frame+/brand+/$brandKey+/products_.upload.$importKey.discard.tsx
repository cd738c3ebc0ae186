// `/brand/{key}/products/upload/{import}/discard`: its page lives in app/features/imports/pages/import-discard.tsx.
export { loader, action } from '#app/features/imports/pages/import-discard.server'
export { default } from '#app/features/imports/pages/import-discard'
