// `/dev/outbox`: its page lives in app/features/notifications/pages/dev-outbox.tsx.
export { loader } from '#app/features/notifications/pages/dev-outbox.server'
export { meta, default } from '#app/features/notifications/pages/dev-outbox'
