// `/brand/{id}/style/{style}/samples/{reference}/version`: its page lives in app/features/samples/pages/sample-version.server.ts.
export { loader, action } from '#app/features/samples/pages/sample-version.server'
