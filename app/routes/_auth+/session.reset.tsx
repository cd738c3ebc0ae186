// `/session/reset`: its page lives in app/features/identity/pages/session-reset.server.ts.
export { action, loader } from '#app/features/identity/pages/session-reset.server'
