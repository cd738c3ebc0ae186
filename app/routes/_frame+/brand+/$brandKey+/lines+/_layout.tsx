// `/brand/{id}/lines`: its page lives in app/features/catalogue/pages/lines-layout.tsx.
export { loader } from '#app/features/catalogue/pages/lines-layout.server'
export { meta, handle, default } from '#app/features/catalogue/pages/lines-layout'
