// `/brand/{key}/notifications`: its page lives in app/features/notifications/pages/notification-centre.tsx.
export { loader, action } from '#app/features/notifications/pages/notification-centre.server'
export { meta, handle, default } from '#app/features/notifications/pages/notification-centre'
