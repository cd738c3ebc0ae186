// `/brand/{id}/atelier`: its page lives in app/features/atelier/pages/styles.tsx.
export { loader } from '#app/features/atelier/pages/styles.server'
export { meta, handle, default } from '#app/features/atelier/pages/styles'
