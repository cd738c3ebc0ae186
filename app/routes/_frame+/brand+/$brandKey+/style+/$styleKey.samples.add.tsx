// `/brand/{id}/style/{style}/samples/add`: its page lives in app/features/samples/pages/sample-add.tsx.
export { loader, action } from '#app/features/samples/pages/sample-add.server'
export { meta, handle, default } from '#app/features/samples/pages/sample-add'
