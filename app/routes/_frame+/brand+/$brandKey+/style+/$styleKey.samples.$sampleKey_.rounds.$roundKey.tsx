// `/brand/{id}/style/{style}/samples/{reference}/rounds/{round}`: its page lives in app/features/samples/pages/sample-round.tsx.
export { loader } from '#app/features/samples/pages/sample-round.server'
export { meta, handle, default } from '#app/features/samples/pages/sample-round'
