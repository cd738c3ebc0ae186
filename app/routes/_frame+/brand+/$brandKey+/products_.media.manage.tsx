// `/brand/{id}/products/media/manage`: its page lives in app/features/media/pages/media-manage.tsx.
export { loader, action } from '#app/features/media/pages/media-manage.server'
export { meta, handle, shouldRevalidate, default } from '#app/features/media/pages/media-manage'
