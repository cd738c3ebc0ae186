// `/settings`: its page lives in app/features/identity/pages/settings-index.server.ts.
export { loader } from '#app/features/identity/pages/settings-index.server'
