// `/brand/{key}/products/upload/{import}/row/{n}`: its page lives in app/features/imports/pages/import-row.tsx.
export { loader, action } from '#app/features/imports/pages/import-row.server'
export { default } from '#app/features/imports/pages/import-row'
