// `/brand/{key}/products/upload/{import}/original`: its page lives in app/features/imports/pages/import-original.server.ts.
export { loader } from '#app/features/imports/pages/import-original.server'
