// `/brand/{id}/collections`: its page lives in app/features/catalogue/pages/collections-layout.tsx.
export { loader } from '#app/features/catalogue/pages/collections-layout.server'
export { meta, handle, NO_LINE_HEADING, default } from '#app/features/catalogue/pages/collections-layout'
