// `/brand/{id}/assets_library`: its page lives in app/features/assets/pages/assets-library.tsx.
export { loader, action } from '#app/features/assets/pages/assets-library.server'
export { meta, handle, default } from '#app/features/assets/pages/assets-library'
