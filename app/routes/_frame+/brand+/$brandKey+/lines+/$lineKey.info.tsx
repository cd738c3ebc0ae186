// `/brand/{id}/lines/{line}/info`: its page lives in app/features/catalogue/pages/lines-info.tsx.
export { loader } from '#app/features/catalogue/pages/lines-info.server'
export { default } from '#app/features/catalogue/pages/lines-info'
