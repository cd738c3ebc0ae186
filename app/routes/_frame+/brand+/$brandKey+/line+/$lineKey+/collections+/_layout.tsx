// `/brand/{id}/line/{line}/collections`: its page lives in app/features/catalogue/pages/line-collections-layout.tsx.
export { loader } from '#app/features/catalogue/pages/line-collections-layout.server'
export { meta, handle, default } from '#app/features/catalogue/pages/line-collections-layout'
