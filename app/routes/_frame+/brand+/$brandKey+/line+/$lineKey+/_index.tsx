// `/brand/{id}/line/{line}`: its page lives in app/features/catalogue/pages/line.tsx.
export { loader } from '#app/features/catalogue/pages/line.server'
export { meta, handle, default } from '#app/features/catalogue/pages/line'
