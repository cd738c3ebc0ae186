// `/brand/{id}/lines/{line}/access`: its page lives in app/features/catalogue/pages/lines-access.tsx.
export { loader } from '#app/features/catalogue/pages/lines-access.server'
export { default } from '#app/features/catalogue/pages/lines-access'
