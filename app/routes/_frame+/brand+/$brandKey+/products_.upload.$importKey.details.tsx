// `/brand/{key}/products/upload/{import}/details`: its page lives in app/features/imports/pages/import-details.tsx.
export { loader } from '#app/features/imports/pages/import-details.server'
export { default } from '#app/features/imports/pages/import-details'
