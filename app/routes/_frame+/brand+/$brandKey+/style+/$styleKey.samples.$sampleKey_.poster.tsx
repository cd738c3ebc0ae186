// `/brand/{id}/style/{style}/samples/{reference}/poster`: its page lives in app/features/samples/pages/sample-poster.server.ts.
export { loader, action } from '#app/features/samples/pages/sample-poster.server'
