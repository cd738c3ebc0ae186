// `/brand/{id}/products/media/manage/delete/{media}`: its page lives in app/features/media/pages/media-delete.tsx.
export { loader, action } from '#app/features/media/pages/media-delete.server'
export { default } from '#app/features/media/pages/media-delete'
