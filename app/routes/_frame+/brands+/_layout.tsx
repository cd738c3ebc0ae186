// `/brands`: its page lives in app/features/brands/pages/brands-list.tsx.
export { loader } from '#app/features/brands/pages/brands-list.server'
export { meta, handle, default } from '#app/features/brands/pages/brands-list'
