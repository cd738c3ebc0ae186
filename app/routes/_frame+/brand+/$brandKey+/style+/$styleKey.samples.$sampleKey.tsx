// `/brand/{id}/style/{style}/samples/{reference}`: its page lives in app/features/samples/pages/sample.tsx.
export { loader, action } from '#app/features/samples/pages/sample.server'
export { meta, handle, default, clientAction, shouldRevalidate } from '#app/features/samples/pages/sample'
