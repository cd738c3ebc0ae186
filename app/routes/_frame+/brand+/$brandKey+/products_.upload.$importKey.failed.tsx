// `/brand/{key}/products/upload/{import}/failed`: its page lives in app/features/imports/pages/import-failed.server.ts.
export { loader } from '#app/features/imports/pages/import-failed.server'
