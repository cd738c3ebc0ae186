// `/brand/{key}/products/upload/{import}/review`: its page lives in app/features/imports/pages/import-review.tsx.
export { loader } from '#app/features/imports/pages/import-review.server'
export { default } from '#app/features/imports/pages/import-review'
