// `/brand/{id}/products/media/upload`: its page lives in app/features/media/pages/media-upload.tsx.
export { loader, action } from '#app/features/media/pages/media-upload.server'
export { meta, handle, default } from '#app/features/media/pages/media-upload'
