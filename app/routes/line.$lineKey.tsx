// `/line/{key}`: its page lives in app/features/catalogue/pages/line-redirect.server.ts.
export { loader } from '#app/features/catalogue/pages/line-redirect.server'
