// `/brand/{key}/products/media/upload/detail`: its page lives in app/features/media/pages/media-upload-detail.tsx.
export { loader } from '#app/features/media/pages/media-upload-detail.server'
export { default } from '#app/features/media/pages/media-upload-detail'
