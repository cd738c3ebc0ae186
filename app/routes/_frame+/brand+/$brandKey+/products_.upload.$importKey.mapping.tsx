// `/brand/{key}/products/upload/{import}/mapping`: its page lives in app/features/imports/pages/import-mapping.tsx.
export { loader, action } from '#app/features/imports/pages/import-mapping.server'
export { default } from '#app/features/imports/pages/import-mapping'
