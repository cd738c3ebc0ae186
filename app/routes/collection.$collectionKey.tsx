// `/collection/{key}`: its page lives in app/features/catalogue/pages/collection-redirect.server.ts.
export { loader } from '#app/features/catalogue/pages/collection-redirect.server'
