// `/brand/{key}/…` (any address no other route takes): 404, from app/features/frame/pages/unknown-brand-page.tsx.
export { loader } from '#app/features/frame/pages/unknown-brand-page.server'
export { handle, default } from '#app/features/frame/pages/unknown-brand-page'
