// `/notifications/read`: its page lives in app/features/notifications/pages/notifications-read.server.ts.
export { action, loader } from '#app/features/notifications/pages/notifications-read.server'
