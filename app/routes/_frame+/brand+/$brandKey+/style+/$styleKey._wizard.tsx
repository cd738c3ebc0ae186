// `$styleKey._index.tsx`: its page lives in app/features/atelier/pages/wizard.tsx.
export { loader } from '#app/features/atelier/pages/wizard.server'
export { meta, handle, shouldRevalidate, default } from '#app/features/atelier/pages/wizard'
